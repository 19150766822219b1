import type { Pause } from '@zar/match';
import { rowLimit } from './game-rows.js';
import { luckRow } from './luck-rows.js';
import { humanGame } from './people.js';
import type { PeopleQueries } from './people-sql.js';
import { type RatingWrite, rateRows } from './rating-rows.js';
import { compareText } from './text-order.js';
import type { GameRow, PrRow, RateRequest, RatingChangeRow, RatingRow, UserRow } from './types.js';

/** The part of the Store about people rather than single games (the SQL store's PeopleQueries), kept in memory. */
export interface MemoryPeople extends PeopleQueries {
  /** What rating a match would write, without writing it; throws where the SQL store's transaction would fail. */
  /** Null: the two are at their limit of rated matches against each other (RateRequest.perPair). */
  planRating(gameId: string, request: RateRequest, at: number): RatingWrite | null;
  /** Writes a planned rating (after the action it belongs to is stored). */
  commitRating(write: RatingWrite): void;
}

/**
 * Ratings, PR, heartbeat and pauses for memoryStore, behaving as the SQL store does: rows go
 * in and out through JSON, a second rating of the same game by the same player is refused as
 * the (game, user) key refuses it, and ties in every order are broken the same way.
 */
export function memoryPeople(userById: (id: string) => UserRow | undefined, allGames: () => GameRow[]): MemoryPeople {
  const ratings = new Map<string, string>();
  const changes: string[] = [];
  const prs = new Map<string, string>();
  const pauses: string[] = [];
  let beat: number | null = null;

  const standing = (userId: string, pool: string): RatingRow | null =>
    parseOr<RatingRow>(ratings.get(key(userId, pool)));
  const allChanges = (): RatingChangeRow[] => changes.map((c) => JSON.parse(c) as RatingChangeRow);
  const pairCount = (a: string, b: string, since: number): number => {
    const all = allChanges();
    const theirs = new Set(all.filter((c) => c.userId === b).map((c) => c.gameId));
    return all.filter((c) => c.userId === a && c.at >= since && theirs.has(c.gameId)).length;
  };
  const allRatings = (): RatingRow[] => [...ratings.values()].map((r) => JSON.parse(r) as RatingRow);

  return {
    planRating(gameId, request, at) {
      const taken = allChanges().some(
        (c) => c.gameId === gameId && (c.userId === request.winner || c.userId === request.loser),
      );
      if (taken) throw new Error(`rate ${gameId}: the match is rated already`);
      for (const id of [request.winner, request.loser]) {
        if (!userById(id)) throw new Error(`rate ${gameId}: no user ${id}`);
      }
      const { perPair } = request;
      if (perPair !== undefined && pairCount(request.winner, request.loser, perPair.since) >= perPair.limit)
        return null;
      const winner = standing(request.winner, request.pool);
      const loser = standing(request.loser, request.pool);
      return rateRows(gameId, request, winner, loser, at);
    },
    commitRating(write) {
      for (const row of write.rows) ratings.set(key(row.userId, row.pool), JSON.stringify(row));
      for (const change of write.changes) changes.push(JSON.stringify(change));
    },

    async ratingsOf(userId) {
      return allRatings()
        .filter((r) => r.userId === userId)
        .sort((a, b) => compareText(a.pool, b.pool));
    },
    async ratingChangesOf(gameId) {
      return allChanges()
        .filter((c) => c.gameId === gameId)
        .sort((a, b) => compareText(a.userId, b.userId));
    },
    async ratedMatchesBetween(a, b, since) {
      return pairCount(a, b, since);
    },
    async ratingHistory(userId, pool, limit) {
      const mine = allChanges()
        .filter((c) => c.userId === userId && c.pool === pool)
        .sort((a, b) => a.at - b.at || compareText(a.gameId, b.gameId));
      const n = rowLimit(limit);
      return n === 0 ? [] : mine.slice(-n);
    },
    async leaderboard(pool, activeSince, limit) {
      return allRatings()
        .filter((r) => r.pool === pool && r.updatedAt >= activeSince)
        .flatMap((r) => {
          const name = userById(r.userId)?.name;
          return name == null ? [] : [{ ...r, name }];
        })
        .sort((a, b) => b.rating - a.rating || compareText(a.name, b.name))
        .slice(0, rowLimit(limit));
    },

    async playerRecord(userId) {
      const games = finished(allGames(), userId);
      const matches: Record<string, number> = {};
      let abandoned = 0;
      for (const g of games) {
        if (g.pool !== null) matches[g.pool] = (matches[g.pool] ?? 0) + 1;
        if (g.abandonedBy !== null && g.seats[g.abandonedBy].userId === userId) abandoned++;
      }
      return { matches, finished: games.length, abandoned };
    },
    async finishedGamesOfUser(userId, limit) {
      return finished(allGames(), userId)
        .sort((a, b) => b.updatedAt - a.updatedAt || compareText(b.id, a.id))
        .slice(0, rowLimit(limit));
    },

    async savePr(rows) {
      // All or none, as the SQL store's one statement; its foreign keys refuse unknown games and users.
      const games = new Set(allGames().map((g) => g.id));
      const stray = rows.find((r) => !games.has(r.gameId) || !userById(r.userId));
      if (stray) throw new Error(`savePr: no game ${stray.gameId} or no user ${stray.userId}`);
      for (const row of rows) prs.set(key(row.gameId, row.userId), JSON.stringify(row));
    },
    async prOf(userId) {
      const mine = [...prs.values()].map((p) => JSON.parse(p) as PrRow).filter((p) => p.userId === userId);
      if (mine.length === 0) return null;
      return { matches: mine.length, average: mine.reduce((sum, p) => sum + p.pr, 0) / mine.length };
    },

    async luckOf(userId, limit) {
      const games = new Map(allGames().map((g) => [g.id, g]));
      return [...prs.values()]
        .map((p) => JSON.parse(p) as PrRow)
        .filter((p) => p.userId === userId)
        .sort((a, b) => b.at - a.at || compareText(b.gameId, a.gameId))
        .slice(0, rowLimit(limit))
        .flatMap((p) => {
          const g = games.get(p.gameId);
          return g === undefined ? [] : [luckRow(p, g.seats)];
        });
    },

    async heartbeat() {
      return beat;
    },
    async setHeartbeat(at) {
      beat = at;
    },
    async addPause(pause) {
      // The same span twice is kept once, as the SQL store's key (from, to) keeps it.
      const text = JSON.stringify({ from: pause.from, to: pause.to } satisfies Pause);
      if (!pauses.includes(text)) pauses.push(text);
    },
    async pausesSince(since) {
      return pauses
        .map((p) => JSON.parse(p) as Pause)
        .filter((p) => p.to > since)
        .sort((a, b) => a.from - b.from || a.to - b.to);
    },
  };
}

/** The finished matches between people that `userId` played in. */
function finished(games: readonly GameRow[], userId: string): GameRow[] {
  return games.filter((g) => g.status === 'over' && humanGame(g) && g.seats.some((s) => s.userId === userId));
}

const key = (a: string, b: string): string => `${a}\u0000${b}`;

function parseOr<T>(text: string | undefined): T | null {
  return text === undefined ? null : (JSON.parse(text) as T);
}
