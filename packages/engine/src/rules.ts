import type { Result } from './result.js';
import type { TurnModel } from './search.js';
import type { Dice, GameId, Outcome, Play, Position } from './types.js';

/** Where the two sides travel relative to each other. */
export type Direction = 'opposite' | 'same';

export type PositionErrorCode =
  | 'ERR_WRONG_GAME'
  | 'ERR_BOARD_LENGTH'
  | 'ERR_NEGATIVE_COUNT'
  | 'ERR_CHECKER_COUNT'
  | 'ERR_SHARED_POINT'
  | 'ERR_BAR_NOT_ALLOWED'
  | 'ERR_PIN'
  | 'ERR_TURNS'
  | 'ERR_RUN'
  | 'ERR_BOTH_FINISHED';

export type DiceErrorCode = 'ERR_DICE';

/**
 * Everything the rest of Zar knows about one game. One object per game, all in the
 * registry; no other code branches on the game's name.
 */
export interface Rules<O = unknown> {
  readonly game: GameId;
  readonly options: O;
  readonly direction: Direction;
  /** Whether a checker can be sent to the bar (only backgammon). */
  readonly hasBar: boolean;
  /** Whether the doubling cube is part of the game. */
  readonly hasCube: boolean;
  /** Whether pins exist (plakoto). */
  readonly hasPins: boolean;
  /** The most a game can be worth before the cube: 3 with backgammons, else 2. */
  readonly maxPoints?: number;
  start(): Position;
  /** Checks a position built from untrusted input. */
  validate(pos: Position): Result<Position, PositionErrorCode>;
  /**
   * Every legal play for the roll, deduplicated by resulting position. An empty array
   * means the roll cannot be played at all. Gul bara: during a doubles run this is the
   * block `pos.run`, and `dice` must be that double.
   */
  legalPlays(pos: Position, dice: Dice): Play[];
  /** The position after passing with no legal play. */
  pass(pos: Position, dice: Dice): Position;
  /** The game's result, or null while it goes on. */
  outcome(pos: Position): Outcome | null;
  /** The position seen from the other side. swapSides(swapSides(p)) equals p. */
  swapSides(pos: Position): Position;
  /** Pips still to travel: [side on roll, opponent]. */
  pips(pos: Position): readonly [number, number];
  /**
   * Maps a point of the opponent's numbering to the same physical point in the mover's
   * numbering (1..24).
   */
  theirPointToMine(p: number): number;
  /**
   * The per-step model `legalPlays` searches for this position and roll, so that a play can
   * be entered one step at a time (compat.ts). Rules without one cannot be played that way.
   */
  turnModel?(pos: Position, dice: Dice): TurnModel;
}

export function checkDice(dice: unknown): Result<Dice, DiceErrorCode> {
  if (!Array.isArray(dice) || dice.length !== 2) {
    return { ok: false, error: { code: 'ERR_DICE', message: 'dice must be two numbers, e.g. [3,1]' } };
  }
  for (const d of dice) {
    if (!Number.isInteger(d) || d < 1 || d > 6) {
      return { ok: false, error: { code: 'ERR_DICE', message: `a die shows 1 to 6, not ${String(d)}` } };
    }
  }
  return { ok: true, value: [dice[0] as number, dice[1] as number] };
}
