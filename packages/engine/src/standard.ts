import { allHome, borneOff, checkersOf, mine } from './board.js';
import { makePosition, swapPosition } from './position.js';
import { err, ok, type Result } from './result.js';
import type { EarlyEnding, PositionErrorCode, Scoring } from './rules.js';
import { generatePlays, type RawPlay, type TurnModel } from './search.js';
import { BAR, BOARD_LENGTH, CHECKERS, type Dice, type Outcome, type Play, type Position, THEM } from './types.js';

/**
 * Bearing off for the side on roll: a die d takes a checker off from point d, or from a
 * lower point when no own checker stands higher. Returns 0 (off) or -1. Only called when
 * `from - die <= 0`.
 */
export function bearOffTarget(b: Int8Array, from: number, die: number): number {
  if (!allHome(b, 0)) return -1;
  if (from === die) return 0;
  for (let p = from + 1; p <= 6; p++) if (mine(b, p) > 0) return -1;
  return 0;
}

const MAX_TURNS = 127;

/** International backgammon: a backgammon counts triple. */
export const TRIPLE_SCORING: Scoring = { single: 1, gammon: 2, backgammon: 3 };
/** No backgammon triple (regional backgammon, and every game without a bar): at most a gammon. */
export const GAMMON_SCORING: Scoring = { single: 1, gammon: 2, backgammon: 2 };
/** Only bearing off ends the game. */
export const NO_EARLY_ENDING: EarlyEnding = { kind: 'none' };

/** The position after a finished turn: the other side on roll, turn counted. */
export function passTurn(pos: Position, board: Int8Array, swapExtra?: (b: Int8Array) => void): Position {
  const done = makePosition(pos.game, board, [Math.min(MAX_TURNS, pos.turns[0] + 1), pos.turns[1]], 0, pos.ended);
  return swapPosition(done, swapExtra);
}

/** Runs the shared generator and turns its results into plays with their next positions. */
export function playsOf(
  model: TurnModel,
  pos: Position,
  dice: readonly number[],
  next: (raw: RawPlay) => Position,
): Play[] {
  return generatePlays(model, pos.board, dice).map((raw) => ({ steps: raw.steps, next: next(raw) }));
}

export function diceList(dice: Dice): number[] {
  return dice[0] === dice[1] ? [dice[0], dice[0], dice[0], dice[0]] : [dice[0], dice[1]];
}

/**
 * Result by bearing off, from the side on roll's view, worth what `scoring` says.
 * `backgammon` decides whether the loser (whose side starts at `loserBase`) is
 * backgammoned; null when the rules count no triple.
 */
export function borneOffOutcome(
  pos: Position,
  scoring: Scoring,
  backgammon: ((b: Int8Array, loserBase: number) => boolean) | null,
): Outcome | null {
  if (pos.ended) return pos.ended;
  const b = pos.board;
  for (const winner of ['onRoll', 'opponent'] as const) {
    if (borneOff(b, winner) !== CHECKERS) continue;
    const loser = winner === 'onRoll' ? 'opponent' : 'onRoll';
    if (borneOff(b, loser) > 0) return { winner, kind: 'single', points: scoring.single };
    if (backgammon?.(b, loser === 'onRoll' ? 0 : THEM))
      return { winner, kind: 'backgammon', points: scoring.backgammon };
    return { winner, kind: 'gammon', points: scoring.gammon };
  }
  return null;
}

/** Checks shared by every game: length, counts, 15 checkers a side, turn counters. */
export function validateShared(
  pos: Position,
  boardLength = BOARD_LENGTH,
  barAllowed = false,
): Result<Position, PositionErrorCode> {
  const b = pos.board;
  if (!(b instanceof Int8Array) || b.length !== boardLength) {
    return err('ERR_BOARD_LENGTH', `a ${pos.game} board has ${boardLength} entries`);
  }
  for (const [base, who] of [
    [0, 'side on roll'],
    [THEM, 'opponent'],
  ] as const) {
    for (let p = 0; p <= BAR; p++) {
      if ((b[base + p] ?? 0) < 0) return err('ERR_NEGATIVE_COUNT', `${who}: negative count on point ${p}`);
    }
    const n = checkersOf(b, base);
    if (n !== CHECKERS) return err('ERR_CHECKER_COUNT', `${who} has ${n} checkers; each side has ${CHECKERS}`);
    if (!barAllowed && (b[base + BAR] ?? 0) > 0) {
      return err('ERR_BAR_NOT_ALLOWED', `${pos.game} has no bar, but the ${who} has checkers on it`);
    }
  }
  if (borneOff(b, 'onRoll') === CHECKERS && borneOff(b, 'opponent') === CHECKERS) {
    return err('ERR_BOTH_FINISHED', 'both sides have borne off every checker');
  }
  for (const t of pos.turns) {
    if (!Number.isInteger(t) || t < 0 || t > MAX_TURNS) return err('ERR_TURNS', 'turn counters are 0..127');
  }
  return ok(pos);
}
