import * as v from 'valibot';
import { ClockViewSchema } from './clock.js';
import { RatingSchema } from './people.js';
import { count, IdSchema, list, MatchSettingsSchema, pair } from './values.js';

/*
 * Watching, as lichess does it: a live list of games being played, best first; a
 * spectator joins a game like a player (`join`) and is sent its view with `you: null`.
 */

/** Who watches a match, as its view tells everyone. */
export const WatchViewSchema = v.strictObject({
  /** Spectators with the match open now (people without a seat; each counted once). */
  spectators: count,
  /** Spectators may watch: neither player forbade it (only in a casual match may one). */
  allowed: v.boolean(),
  /** Each seat has forbidden spectators. */
  forbidden: pair(v.boolean()),
  /** The viewer may forbid or allow spectators now (a player of a casual match between people). */
  canForbid: v.boolean(),
});
export type WatchView = v.InferOutput<typeof WatchViewSchema>;

export const LiveSeatSchema = v.strictObject({
  name: v.string(),
  kind: v.picklist(['human', 'bot']),
  /** The player's rating in the match's pool (a rated match; also a casual one between accounts rated there). */
  rating: v.nullable(RatingSchema),
});

/** One game on the live list. */
export const LiveGameSchema = v.strictObject({
  id: IdSchema,
  settings: MatchSettingsSchema,
  players: pair(LiveSeatSchema),
  score: pair(count),
  rated: v.boolean(),
  /** The clock as of the list's writing; null when untimed. */
  clock: v.nullable(ClockViewSchema),
  spectators: count,
  /** The tournament the match belongs to, by name; null for none. */
  tournament: v.nullable(v.strictObject({ id: IdSchema, name: v.string() })),
  /** When the last action was applied (ms since the epoch). */
  updatedAt: v.number(),
});
export type LiveGame = v.InferOutput<typeof LiveGameSchema>;

/**
 * Games being played that spectators may watch, best first: by the higher rating of the two
 * players (bots after people), then the most spectators, then the latest action.
 */
export const LiveGamesSchema = v.strictObject({ games: list(LiveGameSchema) });
export type LiveGames = v.InferOutput<typeof LiveGamesSchema>;

/** The live list holds at most this many games. */
export const LIVE_GAMES_LIMIT = 50;
