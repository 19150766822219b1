import { createFastPlayGenerator, fastPlaysBuffer } from '@zar/engine';
import { ROLLS } from '../../rolls.js';
import { BEAROFF_CHECKERS, BEAROFF_POINTS, BEAROFF_POSITIONS, bearoffRank, bearoffUnrank } from './index.js';

/** Rolls kept per distribution; the chance of needing more is below 1e-12 and is folded into the last. */
export const MAX_ROLLS = 32;

/**
 * The one-sided bearoff database, by dynamic programming over all 21 rolls, each roll played
 * to leave the least expected number of rolls (gnubg's criterion).
 *   `rolls[r * MAX_ROLLS + n]`: chance that the position of rank r needs exactly n rolls to
 *   bear off every checker.
 *   `firstOff[r * MAX_ROLLS + n]`: for positions with all 15 checkers still on the board, the
 *   chance that the first checker comes off on roll n, playing to bear one off soonest; this
 *   is what decides gammons.
 * Entries are filled on demand: call `ensure(rank)` before reading a rank's rows. Boards are
 * written at raw offsets: they are the fast generator's scratch boards, as in its own file.
 */
export interface BearoffDatabase {
  readonly rolls: Float32Array;
  readonly firstOff: Float32Array;
  /** Expected rolls to bear off, per rank. */
  readonly mean: Float32Array;
  /** Computes the rows of `rank` (and of every position it can reach) if not done yet. */
  ensure(rank: number): void;
}

/** The whole database at once: 54,264 positions times 21 rolls, about 2.5 s here. */
export function buildBearoffDatabase(): BearoffDatabase {
  const db = createBearoffDatabase();
  for (let r = 0; r < BEAROFF_POSITIONS; r++) db.ensure(r);
  return db;
}

/**
 * An empty database that computes each position the first time it is asked for, with the
 * positions it leads to (a play always lowers the pip count, so the recursion ends). Gives
 * exactly the values of `buildBearoffDatabase`.
 */
export function createBearoffDatabase(): BearoffDatabase {
  const N = BEAROFF_POSITIONS;
  const rolls = new Float32Array(N * MAX_ROLLS);
  const firstOff = new Float32Array(N * MAX_ROLLS);
  const mean = new Float32Array(N);
  const firstMean = new Float32Array(N);
  const done = new Uint8Array(N);
  const gen = createFastPlayGenerator();
  const out = fastPlaysBuffer();
  const c = new Int8Array(BEAROFF_POINTS + 1);
  rolls[0] = 1;
  done[0] = 1;

  /** The children of `r` for each roll: ranks, and whether the play bore a checker off. */
  const childrenOf = (r: number): { ranks: Int32Array; offs: Uint8Array; ends: Int32Array } => {
    bearoffUnrank(r, c);
    const board = new Int8Array(52);
    let onBoard = 0;
    for (let i = 1; i <= BEAROFF_POINTS; i++) {
      board[i] = c[i] as number;
      onBoard += c[i] as number;
    }
    board[0] = BEAROFF_CHECKERS - onBoard;
    // The opponent waits on its own 1 point, out of the way.
    board[27] = BEAROFF_CHECKERS;
    const ranks: number[] = [];
    const offs: number[] = [];
    const ends = new Int32Array(ROLLS.length);
    ROLLS.forEach(([d1, d2], i) => {
      const count = gen.generate(board, d1, d2, out);
      for (let k = 0; k < count; k++) {
        ranks.push(bearoffRank(out, k * 52));
        offs.push((out[k * 52] as number) > (board[0] as number) ? 1 : 0);
      }
      ends[i] = ranks.length;
    });
    return { ranks: Int32Array.from(ranks), offs: Uint8Array.from(offs), ends };
  };

  const ensure = (r: number): void => {
    if (done[r] === 1) return;
    const { ranks, offs, ends } = childrenOf(r);
    for (const child of ranks) ensure(child);
    bearoffUnrank(r, c);
    let onBoard = 0;
    for (let i = 1; i <= BEAROFF_POINTS; i++) onBoard += c[i] as number;
    const full = onBoard === BEAROFF_CHECKERS;
    const acc = new Float64Array(MAX_ROLLS);
    const accFirst = new Float64Array(MAX_ROLLS);
    let start = 0;
    ROLLS.forEach(([, , w], i) => {
      const end = ends[i] as number;
      let best = -1;
      let bestFirst = -1;
      let bestFirstMean = Number.POSITIVE_INFINITY;
      let bestFirstOff = false;
      for (let k = start; k < end; k++) {
        const child = ranks[k] as number;
        if (best < 0 || (mean[child] as number) < (mean[best] as number)) best = child;
        // Until a checker is off, the gammon race is to the first one off: no more rolls once it is.
        const first = offs[k] === 1 ? 0 : (firstMean[child] as number);
        if (full && first < bestFirstMean) {
          bestFirst = child;
          bestFirstMean = first;
          bestFirstOff = offs[k] === 1;
        }
      }
      start = end;
      if (best < 0) throw new Error('a bearoff position had no legal play');
      const p = w / 36;
      for (let n = 1; n < MAX_ROLLS; n++) acc[n] = (acc[n] as number) + p * (rolls[best * MAX_ROLLS + n - 1] as number);
      acc[MAX_ROLLS - 1] = (acc[MAX_ROLLS - 1] as number) + p * (rolls[best * MAX_ROLLS + MAX_ROLLS - 1] as number);
      if (full) {
        if (!bestFirstOff) {
          for (let n = 1; n < MAX_ROLLS; n++)
            accFirst[n] = (accFirst[n] as number) + p * (firstOff[bestFirst * MAX_ROLLS + n - 1] as number);
          accFirst[MAX_ROLLS - 1] =
            (accFirst[MAX_ROLLS - 1] as number) + p * (firstOff[bestFirst * MAX_ROLLS + MAX_ROLLS - 1] as number);
        } else accFirst[1] = (accFirst[1] as number) + p;
      }
    });
    let m = 0;
    let mf = 0;
    for (let n = 0; n < MAX_ROLLS; n++) {
      rolls[r * MAX_ROLLS + n] = acc[n] as number;
      m += n * (acc[n] as number);
      if (full) {
        firstOff[r * MAX_ROLLS + n] = accFirst[n] as number;
        mf += n * (accFirst[n] as number);
      }
    }
    mean[r] = m;
    firstMean[r] = mf;
    done[r] = 1;
  };

  return { rolls, firstOff, mean, ensure };
}
