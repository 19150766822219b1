import type { Puzzle, PuzzleTheme } from '@zar/bot';
import type { GameId } from '@zar/engine';
import type { Glicko2Rating } from '@zar/match';

/** A puzzle as kept: the puzzle itself (as the starting set or an analysis cut it) and its own rating. */
export interface PuzzleRow {
  readonly puzzle: Puzzle;
  readonly rating: Glicko2Rating;
  /** Rated attempts at it so far: the compare-and-set key of its rating. */
  readonly attempts: number;
}

/** A person's puzzle rating (apart from his games' ratings) and streak. */
export interface PuzzlePlayerRow {
  readonly userId: string;
  readonly rating: Glicko2Rating;
  /** Rated attempts so far: the compare-and-set key of his rating. */
  readonly attempts: number;
  /** Puzzles solved in a row, up to now; a miss sets it back to 0. */
  readonly streak: number;
  readonly bestStreak: number;
  /** When his last rated attempt was made (ms), for widening an idle rating. */
  readonly lastAt: number;
}

/** A rating before and after one attempt. */
export interface RatingChange {
  readonly before: Glicko2Rating;
  readonly after: Glicko2Rating;
}

/** A person's first attempt at a puzzle, the one that rated both (later tries teach, and are not kept). */
export interface PuzzleAttemptRow {
  readonly userId: string;
  readonly puzzleId: string;
  /** What he answered: a play in notation, or a cube action. */
  readonly answer: string;
  readonly correct: boolean;
  readonly player: RatingChange;
  readonly puzzle: RatingChange;
  readonly at: number;
}

/** Which puzzles to offer: those nearest a rating, of a game and a theme when given, none the solver tried. */
export interface PuzzleQuery {
  readonly rating: number;
  readonly game: GameId | null;
  readonly theme: PuzzleTheme | null;
  /** Leave out the puzzles this person has attempted; null leaves out none. */
  readonly solver: string | null;
  readonly limit: number;
}

/**
 * One rated attempt, written whole or not at all: the attempt, the person's new rating and
 * streak, the puzzle's new rating. Each rating's `attempts` is one more than the stored one
 * (0 stored when there is none): a rating changed meanwhile, or an attempt at the same
 * puzzle kept meanwhile, refuses the write.
 */
export interface AttemptWrite {
  readonly attempt: PuzzleAttemptRow;
  readonly player: PuzzlePlayerRow;
  readonly puzzle: { readonly rating: Glicko2Rating; readonly attempts: number };
}

/** The puzzles, their ratings and the people's (docs/puzzles.md). */
export interface PuzzlesStore {
  /** Keeps the puzzles not kept yet, each at `rating`; a kept one keeps its rating. The number added. */
  addPuzzles(puzzles: readonly Puzzle[], rating: Glicko2Rating): Promise<number>;
  puzzleById(id: string): Promise<PuzzleRow | null>;
  puzzleCount(): Promise<number>;
  /** The puzzle at `index` (0-based) in the order of their ids, or null past the end. */
  puzzleAt(index: number): Promise<PuzzleRow | null>;
  /** The puzzles nearest the query's rating, nearest first (ties by id), at most its limit. */
  puzzlesNear(query: PuzzleQuery): Promise<PuzzleRow[]>;
  puzzlePlayer(userId: string): Promise<PuzzlePlayerRow | null>;
  puzzleAttempt(userId: string, puzzleId: string): Promise<PuzzleAttemptRow | null>;
  /** False when another write came first (see AttemptWrite): nothing is written then. */
  saveAttempt(write: AttemptWrite): Promise<boolean>;
}
