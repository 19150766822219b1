import { type BearoffDatabase, MAX_ROLLS } from './database.js';
import { bearoffRank } from './index.js';

/**
 * Exact cubeless chances when both sides have every checker on points 1..6 or off (no
 * contact is possible, and no backgammon): from the two one-sided roll distributions, with
 * the side on roll moving first. Writes win, win gammon, win backgammon (0), lose gammon,
 * lose backgammon (0) to `out` at `at`. `board` is seen from the side on roll. Sides are read
 * at offsets (0 or 26), not through board.ts's readers: the evaluator reads with a rotation.
 */
export function bearoffProbabilities(db: BearoffDatabase, board: Int8Array, out: Float32Array, at: number): void {
  bearoffProbabilitiesAt(db, board, 0, 26, out, at);
}

/** As `bearoffProbabilities`, reading the side on roll at `me` and the opponent at `them`. */
export function bearoffProbabilitiesAt(
  db: BearoffDatabase,
  board: Int8Array,
  me: number,
  them: number,
  out: Float32Array,
  at: number,
): void {
  const ra = bearoffRank(board, me);
  const rb = bearoffRank(board, them);
  db.ensure(ra);
  db.ensure(rb);
  const a = ra * MAX_ROLLS;
  const b = rb * MAX_ROLLS;
  const R = db.rolls;
  // The side on roll finishing on its n-th roll wins when the opponent needs n rolls or more.
  let win = 0;
  let opponentDone = 0;
  for (let n = 1; n < MAX_ROLLS; n++) {
    opponentDone += R[b + n - 1] as number;
    win += (R[a + n] as number) * (1 - opponentDone);
  }
  let winGammon = 0;
  if ((board[them] as number) === 0) {
    // The opponent, with all 15 on the board, is gammoned unless its first checker is off within n - 1 rolls.
    let saved = 0;
    for (let n = 1; n < MAX_ROLLS; n++) {
      saved += db.firstOff[b + n - 1] as number;
      winGammon += (R[a + n] as number) * (1 - saved);
    }
  }
  let loseGammon = 0;
  if ((board[me] as number) === 0) {
    // The opponent finishing on its m-th roll gammons the side on roll unless it got one off in m rolls.
    let saved = 0;
    for (let m = 1; m < MAX_ROLLS; m++) {
      saved += db.firstOff[a + m] as number;
      loseGammon += (R[b + m] as number) * (1 - saved);
    }
  }
  out[at] = Math.min(1, Math.max(0, win));
  out[at + 1] = Math.min(winGammon, out[at] as number);
  out[at + 2] = 0;
  out[at + 3] = Math.min(loseGammon, 1 - (out[at] as number));
  out[at + 4] = 0;
}

/** Expected rolls for the side at `base` to bear off every checker. */
export function expectedRolls(db: BearoffDatabase, board: Int8Array, base: number): number {
  const r = bearoffRank(board, base);
  db.ensure(r);
  return db.mean[r] as number;
}
