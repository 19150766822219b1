import type { Dice, GameId } from '@zar/engine';

/**
 * A puzzle: a position cut from an analysed match where one choice is clearly the best and a
 * player chose worse (select.ts; docs/puzzles.md). Plain data, so that it is stored and sent
 * as JSON as it is.
 */
export interface Puzzle {
  /** Stable: the same position, dice, cube and score always give the same id (puzzleId). */
  readonly id: string;
  readonly game: GameId;
  /** The options of the game's rules the position was played under ({} for the defaults). */
  readonly options: Readonly<Record<string, unknown>>;
  /** Zar's position text (engine zar-position.ts), seen from the side on roll. */
  readonly position: string;
  /** The roll to play ('play'); null for a cube puzzle. */
  readonly dice: Dice | null;
  /**
   * 'play': find the best play of the dice, the side on roll to solve. 'double': the side on
   * roll, before rolling, doubles or not. 'take': the side on roll has doubled; its opponent
   * solves (take, drop, or beaver where the rules allow it).
   */
  readonly kind: PuzzleKind;
  readonly context: PuzzleContext;
  /** The choices the bot ranked, best first, each with its equity for the solver. */
  readonly answers: readonly PuzzleAnswer[];
  readonly themes: readonly PuzzleTheme[];
  readonly source: PuzzleSource;
}

export type PuzzleKind = 'play' | 'double' | 'take';

export interface PuzzleAnswer {
  /** A play in Zar's notation ('13/7* 8/7'), or a cube action. */
  readonly answer: string;
  /** Normalised equity for the solver (the analysis' cubeful match equity). */
  readonly equity: number;
}

/** What besides the board decides the answer: the score and the cube, from the side on roll's seat. */
export interface PuzzleContext {
  /** Points to win the match; 0 for money. */
  readonly length: number;
  /** Points won so far: [side on roll, opponent]. */
  readonly score: readonly [number, number];
  /** The cube's value (before the double, in a take puzzle); 1 in games without one. */
  readonly cube: number;
  readonly owner: 'onRoll' | 'opponent' | null;
  readonly crawford: boolean;
}

export interface PuzzleSource {
  /** Which match: a game's id on the server, or a seed for the bots' matches of the starting set. */
  readonly match: string;
  /** Index of the decision's action in the match's record. */
  readonly action: number;
  /** The name of the player who chose worse. */
  readonly player: string;
  /** His choice, one of the answers or not. */
  readonly chose: string;
}

/** Tags told by rule (themes.ts); docs/puzzles.md says what each means. */
export const PUZZLE_THEMES = [
  'hit',
  'no-hit',
  'pin',
  'priming',
  'block',
  'anchor',
  'back-game',
  'bear-off',
  'race',
  'cube',
] as const;
export type PuzzleTheme = (typeof PUZZLE_THEMES)[number];

/** FNV-1a over the UTF-16 units, from `seed`: 32 bits. */
function fnv1a(text: string, seed: number): number {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * The id of a puzzle: 64 bits of hash over what makes it one puzzle (its kind, game and
 * options, position, dice and context), so that the same position met in two matches is kept
 * once, and a stored attempt still finds its puzzle when the set is generated again.
 */
export function puzzleId(p: Pick<Puzzle, 'kind' | 'game' | 'options' | 'position' | 'dice' | 'context'>): string {
  const c = p.context;
  const key = [
    p.kind,
    p.game,
    JSON.stringify(Object.entries(p.options).sort()),
    p.position,
    p.dice === null ? '-' : `${p.dice[0]}${p.dice[1]}`,
    `${c.length}:${c.score[0]}-${c.score[1]}:${c.cube}:${c.owner ?? 'centre'}:${c.crawford ? 'c' : ''}`,
  ].join('|');
  const hex = (n: number) => n.toString(16).padStart(8, '0');
  return hex(fnv1a(key, 0x811c9dc5)) + hex(fnv1a(key, 0x050c5d1f));
}
