import {
  type GameSummary,
  LEADERBOARD_ACTIVE_MS,
  LEADERBOARD_SIZE,
  type Leaderboard,
  NameSchema,
  type PoolRating,
  PROFILE_HISTORY,
  type Profile,
  RATING_POOLS,
  REST,
} from '@zar/protocol';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { TtlCache } from '../common/ttl-cache.js';
import { at } from '../http/paths.js';
import { refuse, refuseTooMany } from '../http/refuse.js';
import { tooMany } from '../limits/bucket.js';
import type { Limits } from '../limits/config.js';
import type { RateLimiters } from '../limits/limiter.js';
import { seatOf } from '../store/game-seats.js';
import type { AnalysisStore, GameRow, PeopleStore, UserRow } from '../store/types.js';
import { gamePrsOf } from './game-prs.js';

export interface PlayersDeps {
  /** Where the rate limits are kept: shared through Redis beside other instances, in this process alone (app.ts decides, never a route). */
  readonly limiters: RateLimiters;
  readonly store: PeopleStore & Pick<AnalysisStore, 'prHistoryOf'>;
  readonly limits: Limits;
  readonly now: () => number;
  /**
   * A game as its lists show it (game/games.ts's summaryOf), handed in by the app: the game and
   * the analysis it asks read their callers from people/, so people/ imports neither back.
   */
  readonly summaryOf: (row: GameRow, userId: string | null) => GameSummary;
}

/** How long a leaderboard or a profile is served before the store is asked again. */
export const PLAYERS_CACHE_MS = 5_000;
/** A profile's latest finished matches. */
export const PROFILE_RECENT = 20;
/** Profiles kept at once (leaderboards: one per pool at most). */
const PROFILES_CACHED = 256;

const isPool = (pool: string): boolean => RATING_POOLS.includes(pool);

async function leaderboardOf(store: PeopleStore, pool: string, now: number): Promise<Leaderboard> {
  const rows = await store.leaderboard(pool, now - LEADERBOARD_ACTIVE_MS, LEADERBOARD_SIZE);
  return {
    pool,
    players: rows.map((row) => ({
      name: row.name,
      rating: row.rating,
      matches: row.matches,
      wins: row.wins,
      lastPlayed: row.updatedAt,
    })),
  };
}

async function ratingsOf(store: PeopleStore, user: UserRow): Promise<PoolRating[]> {
  const rows = (await store.ratingsOf(user.id)).filter((row) => isPool(row.pool));
  rows.sort((a, b) => RATING_POOLS.indexOf(a.pool) - RATING_POOLS.indexOf(b.pool));
  return Promise.all(
    rows.map(async (row) => {
      const history = await store.ratingHistory(user.id, row.pool, PROFILE_HISTORY);
      return {
        pool: row.pool,
        rating: row.rating,
        experience: row.experience,
        matches: row.matches,
        wins: row.wins,
        history: history.map((change) => ({ at: change.at, rating: change.after, game: change.gameId })),
      };
    }),
  );
}

/**
 * An account's public profile. `recent` lists his finished matches with `you` his own seat in
 * each (not the visitor's), so that a page can say which he won.
 */
async function profileOf(deps: PlayersDeps, name: string): Promise<Profile | null> {
  const { store, summaryOf } = deps;
  const user = await store.userByName(name);
  if (user === null || user.name === null) return null;
  const [ratings, record, pr, prGames, recent] = await Promise.all([
    ratingsOf(store, user),
    store.playerRecord(user.id),
    store.prOf(user.id),
    gamePrsOf(store, user.id),
    store.finishedGamesOfUser(user.id, PROFILE_RECENT),
  ]);
  return {
    name: user.name,
    since: user.createdAt,
    ratings,
    // Custom cycles are no pool of their own: their matches count in no line here.
    matches: RATING_POOLS.filter((pool) => (record.matches[pool] ?? 0) > 0).map((pool) => ({
      pool,
      matches: record.matches[pool] ?? 0,
    })),
    abandonment: { matches: record.finished, abandoned: record.abandoned },
    pr,
    prGames,
    recent: recent.map((row) => ({ ...summaryOf(row, null), you: seatOf(row.seats, user.id) })),
  };
}

/**
 * GET /api/leaderboard/:pool (the top players of a pool active in the last 30 days) and GET
 * /api/players/:name (an account's profile; 404 for a name no account has). For every
 * visitor: no session needed and none made. Each answer is served for PLAYERS_CACHE_MS before
 * the store is asked again; a profile read from the store costs an address one of its
 * `recordsPerMinute` (429 with Retry-After beyond), as a match record does.
 */
export function playersRoutes(deps: PlayersDeps) {
  const { store, now } = deps;
  const boards = new TtlCache<Leaderboard>(PLAYERS_CACHE_MS, RATING_POOLS.length);
  const profiles = new TtlCache<Profile | null>(PLAYERS_CACHE_MS, PROFILES_CACHED);
  const byAddress = deps.limiters.limiter('profiles', deps.limits.recordsPerMinute, deps.limits.recordsPerMinute);

  return async (api: FastifyInstance): Promise<void> => {
    api.get<{ Params: { pool: string } }>(at(REST.leaderboard), async (request, reply) => {
      const { pool } = request.params;
      if (!isPool(pool)) {
        return refuse(reply, 400, 'ERR_REQUEST', `no rating pool "${pool}"; pools are ${RATING_POOLS.join(', ')}`);
      }
      const t = now();
      return (await (boards.fresh(pool, t) ??
        boards.put(pool, t, () => leaderboardOf(store, pool, t)))) satisfies Leaderboard;
    });

    api.get<{ Params: { name: string } }>(at(REST.profile), async (request, reply) => {
      const { name } = request.params;
      // A name no account could have is looked up nowhere.
      if (!v.is(NameSchema, name)) return refuse(reply, 404, 'ERR_NOT_FOUND', 'no player has that name');
      const t = now();
      let profile = profiles.fresh(name, t);
      if (profile === null) {
        const taken = await byAddress.take(request.ip, t);
        if (!taken.ok) return refuseTooMany(reply, tooMany('too many profiles asked for', taken.retryAfterMs));
        // Another request may have asked for it while this one waited.
        profile = profiles.fresh(name, t) ?? profiles.put(name, t, () => profileOf(deps, name));
      }
      const found = await profile;
      if (found === null) return refuse(reply, 404, 'ERR_NOT_FOUND', 'no player has that name');
      return found satisfies Profile;
    });
  };
}
