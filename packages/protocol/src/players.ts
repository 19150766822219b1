import { CYCLES, GAME_IDS } from '@zar/engine';
import { correspondencePool } from '@zar/match';
import * as v from 'valibot';
import { RatingSchema } from './people.js';
import { GameSummarySchema } from './summary.js';
import { count, GameIdSchema, list } from './values.js';

/*
 * Ratings, leaderboards and profiles. Ratings are kept per pool: each game, and
 * each mixed cycle as a pool of its own (a rated match of tavli rates in 'tavli'); a
 * correspondence match rates in its game's (or cycle's) correspondence pool ('corr-tavli').
 */

const LIVE_POOLS = [...GAME_IDS, ...Object.keys(CYCLES)];

/** Every rating pool: the five games, then the named cycles; then the same as correspondence pools. */
export const RATING_POOLS: readonly string[] = [...LIVE_POOLS, ...LIVE_POOLS.map(correspondencePool)];
export const RatingPoolSchema = v.picklist(RATING_POOLS as [string, ...string[]]);

/** One row of a leaderboard: a player active in the pool in the last 30 days. */
export const LeaderSchema = v.strictObject({
  name: v.string(),
  rating: RatingSchema,
  /** Rated matches finished in this pool, ever. */
  matches: count,
  /** Of those, won. */
  wins: count,
  /** When his last rated match in this pool ended (ms since the epoch). */
  lastPlayed: v.number(),
});
export type Leader = v.InferOutput<typeof LeaderSchema>;

export const LeaderboardSchema = v.strictObject({
  pool: RatingPoolSchema,
  /** Best first; at most LEADERBOARD_SIZE. */
  players: list(LeaderSchema),
});
export type Leaderboard = v.InferOutput<typeof LeaderboardSchema>;

export const LEADERBOARD_SIZE = 100;
/** Only players with a rated match in the pool ended this recently are listed. */
export const LEADERBOARD_ACTIVE_MS = 30 * 24 * 3600_000;

/** A player's rating after one rated match: a point of his rating graph. */
export const RatingPointSchema = v.strictObject({
  at: v.number(),
  rating: RatingSchema,
  /** The match that moved it (a link to its replay). */
  game: v.string(),
});
export type RatingPoint = v.InferOutput<typeof RatingPointSchema>;

export const PoolRatingSchema = v.strictObject({
  pool: RatingPoolSchema,
  rating: RatingSchema,
  /** FIBS experience: the sum of the lengths of his rated matches in the pool. */
  experience: count,
  matches: count,
  wins: count,
  /** His rating after each rated match, oldest first (the graph); at most PROFILE_HISTORY points. */
  history: list(RatingPointSchema),
});
export type PoolRating = v.InferOutput<typeof PoolRatingSchema>;

export const PROFILE_HISTORY = 500;

/** His PR in one analysed match: a point of his PR graph in its game. */
export const PrPointSchema = v.strictObject({
  at: v.number(),
  pr: v.number(),
  /** The match (a link to its analysis). */
  match: v.string(),
});
export type PrPoint = v.InferOutput<typeof PrPointSchema>;

/** His PR in one game: its average over his analysed matches, and each match's, oldest first. */
export const GamePrSchema = v.strictObject({
  game: GameIdSchema,
  matches: count,
  average: v.number(),
  /** At most PROFILE_HISTORY points, his latest. */
  history: list(PrPointSchema),
});
export type GamePr = v.InferOutput<typeof GamePrSchema>;

export const ProfileSchema = v.strictObject({
  name: v.string(),
  /** When the account was made. */
  since: v.number(),
  /** One entry per pool he has played rated in. */
  ratings: list(PoolRatingSchema),
  /** Finished matches against people per game or cycle (rated or casual). */
  matches: list(v.strictObject({ pool: RatingPoolSchema, matches: count })),
  /**
   * Finished matches against people, and how many of them he abandoned: lost on time while
   * disconnected, or claimed by the opponent after the inactivity limit.
   */
  abandonment: v.strictObject({ matches: count, abandoned: count }),
  /** Average performance rating (PR) over his analysed backgammon matches; null when none. */
  pr: v.nullable(v.strictObject({ matches: count, average: v.number() })),
  /** His PR per game over time, from the analyses of his matches (every match between people is analysed). */
  prGames: v.optional(list(GamePrSchema)),
  /** His latest finished matches, newest first. */
  recent: list(GameSummarySchema),
});
export type Profile = v.InferOutput<typeof ProfileSchema>;
