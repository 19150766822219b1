import { REST } from '@zar/protocol';
import type { FastifyInstance } from 'fastify';
import { at } from '../http/paths.js';
import type { LiveFeed } from './live-feed.js';

/**
 * GET /api/live: the live list of games, as the socket's `live` feed sends it, for every
 * visitor (no session needed, none made). Read at most once a second however many ask.
 */
export function liveRoutes(feed: LiveFeed) {
  return async (api: FastifyInstance): Promise<void> => {
    api.get(at(REST.live), () => feed.current());
  };
}
