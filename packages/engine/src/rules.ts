import type { Result } from './result.js';
import type { TurnModel } from './search.js';
import type { Dice, GameId, Outcome, Play, Position } from './types.js';

/** Where the two sides travel relative to each other. */
export type Direction = 'opposite' | 'same';

/** How a game starts after the opening roll: its winner plays the two opening dice, or rolls again. */
export type OpeningRoll = 'play-opening-dice' | 'winner-rolls-again';

/** Who starts the second and later games of a match: a new opening roll, or the previous game's winner. */
export type LaterGames = 'opening-roll' | 'previous-winner';

/** What a game won by bearing off is worth before the cube. */
export interface Scoring {
  readonly single: 1;
  /** The loser bore off no checker. */
  readonly gammon: 2;
  /**
   * The loser also still has a checker on the bar or in the winner's home board: 3, or 2
   * where the rules count it as a gammon (portes, tavla, tabla; games without a bar).
   */
  readonly backgammon: 2 | 3;
}

/** A rule that ends a game before anyone has borne off. */
export type EarlyEnding =
  | { readonly kind: 'none' }
  | {
      /** Plakoto: pinning the opponent's mother (his last checker on his start point) wins. */
      readonly kind: 'mother-pin';
      readonly points: 2;
      /** The pin does not end the game while the pinner still has a checker on his own start point. */
      readonly exception: boolean;
      /** Both mothers pinned: the game counts nothing, or is played again. */
      readonly draw: 'counts-nothing' | 'replay';
    };

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
 * registry; no other code branches on the game's name. What the match layer needs from a
 * game's options is a typed field here, set by the game's factory: nothing outside the
 * game reads `options`.
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
  readonly openingRoll: OpeningRoll;
  /** The game's own custom for who starts later games (a match may override it). */
  readonly laterGames: LaterGames;
  readonly scoring: Scoring;
  readonly earlyEnding: EarlyEnding;
  /** The most a game can be worth before the cube: the largest value of `scoring` (and of `earlyEnding`). */
  readonly maxPoints: 2 | 3;
  start(): Position;
  /** Checks a position built from untrusted input. */
  validate(pos: Position): Result<Position, PositionErrorCode>;
  /**
   * Every legal play for the roll, deduplicated by resulting position. An empty array
   * means the roll cannot be played at all. Gul bara: during a doubles run this is the
   * block `pos.run`, and `dice` must be that double.
   */
  legalPlays(pos: Position, dice: Dice): Play[];
  /**
   * Whether the roll can be played: `legalPlays(pos, dice).length > 0`, found without
   * generating the plays (a roll asks it to know whether the player moves or passes).
   */
  hasPlay(pos: Position, dice: Dice): boolean;
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
   * numbering (1..24). The mapping is its own inverse (the game looks the same from either
   * side), so it also maps the mover's point to the opponent's.
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
