import { type GameList, REST } from '@zar/protocol';
import type { FastifyInstance } from 'fastify';
import { summaryOf } from '../game/games.js';
import { at } from '../http/paths.js';
import { viewerOf } from '../people/caller.js';
import type { GamesStore } from '../store/types.js';

export interface LobbyRoutesDeps {
  readonly store: GamesStore;
}

const LIST_LIMIT = 50;

/** The lists of games: the open ones to join, and the caller's own. */
export function lobbyRoutes({ store }: LobbyRoutesDeps) {
  return (api: FastifyInstance): void => {
    api.get(at(REST.lobby), async (request) => {
      const rows = await store.openGames(LIST_LIMIT);
      return { games: rows.map((row) => summaryOf(row, viewerOf(request))) } satisfies GameList;
    });

    api.get(at(REST.history), async (request) => {
      const user = request.user;
      if (user === null) return { games: [] } satisfies GameList;
      const rows = await store.gamesOfUser(user.id, LIST_LIMIT);
      return { games: rows.map((row) => summaryOf(row, user.id)) } satisfies GameList;
    });
  };
}
