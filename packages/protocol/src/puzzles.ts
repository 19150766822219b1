import * as v from 'valibot';
import { count, DiceSchema, GameIdSchema, list, OptionsSchema, pair } from './values.js';

/*
 * Puzzles (docs/puzzles.md): a position cut from an analysed match where one choice is clearly
 * the best, "find the best play" in every game and "double, take or pass" in backgammon. Each
 * person's first attempt at a puzzle rates both him and the puzzle (Glicko-2, a game between
 * the two); after it the page shows every answer the bot ranked, with its equity. Visitors
 * try too: their first attempt makes them a guest, as making a game does.
 */

/** Tags told by rule (@zar/bot puzzles/puzzle.ts PUZZLE_THEMES; the server checks they agree). */
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
export const PuzzleThemeSchema = v.picklist(PUZZLE_THEMES);
export type PuzzleThemeName = v.InferOutput<typeof PuzzleThemeSchema>;

/**
 * 'play': the side on roll finds the best play of the dice. 'double': the side on roll, before
 * rolling, doubles or not. 'take': the side on roll has doubled; its opponent answers.
 */
export const PuzzleKindSchema = v.picklist(['play', 'double', 'take']);
export type PuzzleKindName = v.InferOutput<typeof PuzzleKindSchema>;

/** A puzzle's id: 16 hex digits. */
export const PuzzleIdSchema = v.pipe(v.string(), v.regex(/^[0-9a-f]{16}$/, 'a puzzle id is 16 hex digits'));

/** A Glicko-2 rating as shown: the rating and its deviation (about 95% of the time within 2 of them). */
export const PuzzleRatingSchema = v.strictObject({ rating: v.number(), deviation: v.number() });
export type PuzzleRating = v.InferOutput<typeof PuzzleRatingSchema>;

/** What a puzzle shows before a try: never its answers. */
export const PuzzleViewSchema = v.strictObject({
  id: PuzzleIdSchema,
  game: GameIdSchema,
  options: OptionsSchema,
  /** Zar's position text, from the side on roll. */
  position: v.string(),
  /** The roll to play; null for a cube puzzle. */
  dice: v.nullable(DiceSchema),
  kind: PuzzleKindSchema,
  context: v.strictObject({
    /** 0: money play. */
    length: count,
    /** [side on roll, opponent]. */
    score: pair(count),
    cube: v.pipe(v.number(), v.integer(), v.minValue(1)),
    owner: v.nullable(v.picklist(['onRoll', 'opponent'])),
    crawford: v.boolean(),
  }),
  /** A cube puzzle's choices, in a fixed order (not the ranking); null for a play puzzle: the play is made on the board. */
  choices: v.nullable(list(v.string())),
  themes: list(PuzzleThemeSchema),
  rating: PuzzleRatingSchema,
});
export type PuzzleView = v.InferOutput<typeof PuzzleViewSchema>;

/** The asker's puzzle rating and streak; null for a visitor or someone who never tried one. */
export const PuzzleSolverSchema = v.strictObject({
  rating: PuzzleRatingSchema,
  /** Puzzles solved in a row (first tries); a miss sets it back to 0. */
  streak: count,
  bestStreak: count,
  attempts: count,
});
export type PuzzleSolver = v.InferOutput<typeof PuzzleSolverSchema>;

/** A puzzle to try, with the asker's standing and whether he tried it already (a second try does not rate). */
export const PuzzleOfferSchema = v.strictObject({
  puzzle: PuzzleViewSchema,
  solver: v.nullable(PuzzleSolverSchema),
  tried: v.boolean(),
});
export type PuzzleOffer = v.InferOutput<typeof PuzzleOfferSchema>;

/** The daily puzzle: the same for everyone on a day (UTC), 'YYYY-MM-DD'. */
export const DailyPuzzleSchema = v.strictObject({
  day: v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/)),
  ...PuzzleOfferSchema.entries,
});
export type DailyPuzzle = v.InferOutput<typeof DailyPuzzleSchema>;

/** GET /api/puzzles/next's query: a game and a theme, each optional. */
export const PuzzleFilterSchema = v.strictObject({
  game: v.optional(GameIdSchema),
  theme: v.optional(PuzzleThemeSchema),
});
export type PuzzleFilter = v.InferOutput<typeof PuzzleFilterSchema>;

/** An attempt: a play in Zar's notation ('13/7* 8/7') or a cube choice ('double', 'take', …). */
export const PuzzleAttemptSchema = v.strictObject({ answer: v.pipe(v.string(), v.maxLength(100)) });
export type PuzzleAttempt = v.InferOutput<typeof PuzzleAttemptSchema>;

/** A rating before and after an attempt. */
export const PuzzleRatingChangeSchema = v.strictObject({ before: PuzzleRatingSchema, after: PuzzleRatingSchema });

/** What an attempt tells: the bot's ranking, and both ratings' change when it rated. */
export const PuzzleResultSchema = v.strictObject({
  puzzle: PuzzleIdSchema,
  /** The answer as the server read it (a play in the bot's notation). */
  answer: v.string(),
  correct: v.boolean(),
  /** Every answer the bot ranked, best first, with its equity for the solver; the asker's is `mine`. */
  answers: list(v.strictObject({ answer: v.string(), equity: v.number(), mine: v.boolean() })),
  /** Null when it did not rate: the asker had tried this puzzle before. */
  ratings: v.nullable(v.strictObject({ solver: PuzzleRatingChangeSchema, puzzle: PuzzleRatingChangeSchema })),
  solver: PuzzleSolverSchema,
});
export type PuzzleResult = v.InferOutput<typeof PuzzleResultSchema>;
