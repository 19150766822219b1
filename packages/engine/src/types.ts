export const GAME_IDS = ['backgammon', 'long-nardy', 'plakoto', 'fevga', 'gul-bara'] as const;
export type GameId = (typeof GAME_IDS)[number];

export function isGameId(s: unknown): s is GameId {
  return typeof s === 'string' && (GAME_IDS as readonly string[]).includes(s);
}

/**
 * Board layout shared by every game (the first 52 bytes of `Position.board`):
 *   [0]      checkers the side on roll has borne off
 *   [1..24]  the side on roll's checkers on its points 1..24 (its own numbering)
 *   [25]     the side on roll's bar
 *   [26]     opponent's borne-off checkers
 *   [27..50] opponent's checkers on ITS points 1..24 (its own numbering)
 *   [51]     opponent's bar
 * Bytes after 52 belong to the game. Plakoto keeps its pins there (board length 77):
 *   [52 + p] for p = 1..24, the physical point that is the mover's point p:
 *            1 = the mover's lone checker there is pinned by the opponent,
 *           -1 = the opponent's lone checker there is pinned by the mover, 0 = no pin.
 *   A pinned checker is included in its owner's count on that point.
 */
export const OFF = 0;
export const BAR = 25;
export const THEM = 26;
export const SIDE_LENGTH = 26;
export const BOARD_LENGTH = 52;
export const CHECKERS = 15;
export const PIN_BASE = 52;
export const PLAKOTO_BOARD_LENGTH = 77;

export type Dice = readonly [number, number];

/** One checker moved by one die, in the mover's numbering (25 = bar, 0 = off). */
export interface Step {
  readonly from: number;
  readonly to: number;
  readonly die: number;
  /** The step hit a blot (backgammon) or pinned a lone checker (plakoto). */
  readonly hit: boolean;
}

export type WinKind = 'single' | 'gammon' | 'backgammon' | 'mother' | 'draw';

/** How a game ended, seen from the side on roll of the final position. */
export interface Outcome {
  /** 'onRoll': the side on roll won; 'opponent': the side that just moved won; null: draw. */
  readonly winner: 'onRoll' | 'opponent' | null;
  readonly kind: WinKind;
  /** Points before any cube: 1, 2 or 3 (0 for a draw). */
  readonly points: number;
}

/**
 * A position is a value, always seen from the side on roll. Never mutate one; every
 * function that changes a position returns a new one.
 */
export interface Position {
  readonly game: GameId;
  /** See the layout above. Treat as read-only. */
  readonly board: Int8Array;
  /** Turns already completed by the side on roll and by the opponent (capped at 127). */
  readonly turns: readonly [number, number];
  /** Gul bara: the die of the block still to play in this turn's doubles run; 0 otherwise. */
  readonly run: number;
  /** Set when a rule ended the game before anyone bore off (plakoto's mother pin). */
  readonly ended: Outcome | null;
}

/** A complete legal play for a roll (or for one block of a gul bara doubles run). */
export interface Play {
  readonly steps: readonly Step[];
  /** The position after the play: the opponent on roll, or the same side mid-run. */
  readonly next: Position;
}
