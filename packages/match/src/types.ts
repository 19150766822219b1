import type { Dice, GameId, Position } from '@zar/engine';

/** The two players of a game or match: 0 and 1 (in .mat files, left and right). */
export type Player = 0 | 1;

export const other = (p: Player): Player => (p === 0 ? 1 : 0);

export interface Cube {
  /** 1, 2, 4, … */
  readonly value: number;
  /** null while centred. */
  readonly owner: Player | null;
}

/** The cube rules a game is played under; everything off for games without a cube. */
export interface CubeRules {
  readonly enabled: boolean;
  /** Money play only: gammons count single unless the cube was turned. */
  readonly jacoby: boolean;
  readonly beaver: boolean;
  readonly raccoon: boolean;
  /** Money play only: how many opening ties may double the cube (0 = off). */
  readonly automaticDoubles: number;
  /** Highest cube value allowed (64 in money play). */
  readonly limit: number;
}

export interface GameSettings {
  readonly game: GameId;
  /** Options for the game's rules (see the engine's presets). */
  readonly options: Readonly<Record<string, unknown>>;
  readonly cube: CubeRules;
  /** No doubling at all in this game (the Crawford game). */
  readonly crawford: boolean;
  /**
   * Who starts: 'opening-roll' (one die each, the higher starts), or a player who starts by
   * rolling (a regional custom: the previous game's winner).
   */
  readonly starter: 'opening-roll' | Player;
}

export type ResultKind = 'single' | 'gammon' | 'backgammon' | 'mother' | 'draw' | 'drop' | 'resign' | 'timeout';

export interface GameResult {
  /** null for a draw. */
  readonly winner: Player | null;
  readonly kind: ResultKind;
  /** Points scored, cube included. */
  readonly points: number;
}

/**
 * Where a game stands:
 * - opening: the opening roll is due (one die each);
 * - roll: `turn` may double (when allowed) or roll;
 * - doubled: `turn` doubled; the other player takes, drops or beavers;
 * - beavered / raccooned: the double was beavered (raccooned); the other side accepts or refuses;
 * - move: `turn` has `dice` and must play;
 * - resigning: `resign.by` offered to resign; the other player accepts or declines;
 * - over: `result` is set.
 */
export type Phase = 'opening' | 'roll' | 'doubled' | 'beavered' | 'raccooned' | 'move' | 'resigning' | 'over';

export interface ResignOffer {
  readonly by: Player;
  /** 1 single, 2 gammon, 3 backgammon. */
  readonly level: 1 | 2 | 3;
  /** The phase to return to when the offer is declined. */
  readonly resume: 'roll' | 'move';
}

export interface GameState {
  readonly settings: GameSettings;
  readonly phase: Phase;
  /** The player on roll; `position` is seen from this player. */
  readonly turn: Player;
  readonly position: Position;
  readonly dice: Dice | null;
  readonly cube: Cube;
  /** A double was offered and accepted in this game (for the Jacoby rule). */
  readonly cubeTurned: boolean;
  /** Cube value before the pending double (doubled / beavered / raccooned phases). */
  readonly stake: number;
  readonly automaticDoubles: number;
  readonly resign: ResignOffer | null;
  readonly result: GameResult | null;
  /** Completed turns, both players together. */
  readonly moves: number;
}

export type GameAction =
  /** One die each: dice[0] is player 0's die, dice[1] player 1's. */
  | { readonly type: 'opening'; readonly dice: readonly [number, number] }
  | { readonly type: 'roll'; readonly player: Player; readonly dice: Dice }
  /** A play in standard notation, mover's numbering; '' for "no play". */
  | { readonly type: 'play'; readonly player: Player; readonly play: string }
  | { readonly type: 'double'; readonly player: Player }
  | { readonly type: 'take'; readonly player: Player }
  | { readonly type: 'drop'; readonly player: Player }
  | { readonly type: 'beaver'; readonly player: Player }
  | { readonly type: 'raccoon'; readonly player: Player }
  | { readonly type: 'resign'; readonly player: Player; readonly level: 1 | 2 | 3 }
  | { readonly type: 'accept'; readonly player: Player }
  | { readonly type: 'decline'; readonly player: Player }
  /**
   * The player ran out of time: he loses the game as if he resigned at the most the position
   * allows, and with it the match (a money session ends): match.ts, bookTimeout.
   */
  | { readonly type: 'timeout'; readonly player: Player };

export type GameErrorCode =
  | 'ERR_PHASE'
  | 'ERR_NOT_YOUR_TURN'
  | 'ERR_DICE'
  | 'ERR_ILLEGAL_PLAY'
  | 'ERR_AMBIGUOUS_PLAY'
  | 'ERR_NO_CUBE'
  | 'ERR_CRAWFORD'
  | 'ERR_CUBE_OWNED'
  | 'ERR_CUBE_LIMIT'
  | 'ERR_CUBE_DEAD'
  | 'ERR_NOT_ALLOWED'
  | 'ERR_RESIGN_LEVEL'
  | 'ERR_GAME_OVER'
  | 'ERR_UNKNOWN_ACTION';

export type { Dice, GameId, Position };
