import { REST, type Stats } from '@zar/protocol';
import type { FastifyInstance } from 'fastify';
import { at } from '../http/paths.js';
import type { GamesStore } from '../store/types.js';

export interface StatsDeps {
  readonly store: GamesStore;
  readonly now: () => number;
}

/** How long one count is served before the store is asked again: every home page asks for it. */
export const STATS_CACHE_MS = 5_000;
/** A game counts as being played now when something happened in it this recently. */
export const PLAYING_WITHIN_MS = 15 * 60_000;

/**
 * GET /api/stats: how many games are being played now and how many wait for an opponent, for
 * the home page. For every visitor: no session needed, and none is made. Counted at most once
 * every STATS_CACHE_MS, however many ask (two counting queries on indexed columns).
 */
export function statsRoutes(deps: StatsDeps) {
  let cached: { at: number; stats: Promise<Stats> } | null = null;
  const current = (): Promise<Stats> => {
    const now = deps.now();
    if (cached === null || now - cached.at >= STATS_CACHE_MS) {
      const stats = deps.store.countGames(now - PLAYING_WITHIN_MS);
      const entry = { at: now, stats };
      cached = entry;
      // A failed count (the database away) is not kept: the next visitor asks again.
      stats.catch(() => {
        if (cached === entry) cached = null;
      });
    }
    return cached.stats;
  };
  return async (api: FastifyInstance): Promise<void> => {
    api.get(at(REST.stats), async () => {
      const { playing, waiting } = await current();
      return { playing, waiting } satisfies Stats;
    });
  };
}
