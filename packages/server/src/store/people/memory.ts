import { compareText, rowLimit } from '../lists.js';
import { type MemoryRating, type MemoryTables, memoryKey, parse } from '../memory-tables.js';
import type { PeopleStore, PreferencesRow, RatingRow, SessionRow, UserRow } from '../people-store.js';
import type { GameRow, PrRow, RatingChangeRow } from '../rows.js';
import { checkRatedGame, type RatingWrite, rateRows } from './rating-rows.js';

/** The people's store in memory, and the rating the games' appendAction asks of it. */
export interface MemoryPeople {
  readonly store: PeopleStore;
  readonly rating: MemoryRating<RatingWrite>;
}

/**
 * Accounts, sessions, preferences, ratings and profiles for memoryStore, behaving as the SQL
 * store does: a session and preferences need their user (the foreign key), a name is held by
 * one account (the SQL store decides on the name first when both the id and the name clash), a
 * second rating of the same game by the same player is refused as the (game, user) key refuses
 * it, and ties in every order are broken the same way.
 */
export function memoryPeople(tables: MemoryTables): MemoryPeople {
  const { users, user, allGames } = tables;
  const sessions = new Map<string, string>();
  const preferences = new Map<string, string>();
  const ratings = new Map<string, string>();
  const changes: string[] = [];

  const nameHolder = (name: string): UserRow | undefined =>
    [...users.values()].map((u) => JSON.parse(u) as UserRow).find((u) => u.name === name);
  const standing = (userId: string, pool: string): RatingRow | null =>
    parse<RatingRow>(ratings.get(memoryKey(userId, pool))) ?? null;
  const allChanges = (): RatingChangeRow[] => changes.map((c) => JSON.parse(c) as RatingChangeRow);
  const pairCount = (a: string, b: string, since: number): number => {
    const all = allChanges();
    const theirs = new Set(all.filter((c) => c.userId === b).map((c) => c.gameId));
    return all.filter((c) => c.userId === a && c.at >= since && theirs.has(c.gameId)).length;
  };
  const allRatings = (): RatingRow[] => [...ratings.values()].map((r) => JSON.parse(r) as RatingRow);

  const rating: MemoryRating<RatingWrite> = {
    plan(gameId, request, at) {
      const g = tables.game(gameId);
      const seated = g && { rated: g.rated, pool: g.pool, users: [g.seats[0].userId, g.seats[1].userId] as const };
      checkRatedGame(gameId, seated ?? null, request);
      const taken = allChanges().some(
        (c) => c.gameId === gameId && (c.userId === request.winner || c.userId === request.loser),
      );
      if (taken) throw new Error(`rate ${gameId}: the match is rated already`);
      for (const id of [request.winner, request.loser]) {
        if (!user(id)) throw new Error(`rate ${gameId}: no user ${id}`);
      }
      const { perPair } = request;
      if (perPair !== undefined && pairCount(request.winner, request.loser, perPair.since) >= perPair.limit)
        return null;
      const winner = standing(request.winner, request.pool);
      const loser = standing(request.loser, request.pool);
      return rateRows(gameId, request, winner, loser, at);
    },
    commit(write) {
      for (const row of write.rows) ratings.set(memoryKey(row.userId, row.pool), JSON.stringify(row));
      for (const change of write.changes) changes.push(JSON.stringify(change));
    },
  };

  const store: PeopleStore = {
    async createUser(row) {
      // Name first, as the SQL store decides when both the id and the name clash.
      const holder = row.name === null ? undefined : nameHolder(row.name);
      if (holder && holder.id !== row.id) return { ok: false, code: 'ERR_NAME_TAKEN' };
      if (users.has(row.id)) throw new Error(`createUser: user ${row.id} exists`);
      users.set(row.id, JSON.stringify(row));
      return { ok: true };
    },
    async userById(id) {
      return user(id) ?? null;
    },
    async userByName(name) {
      return nameHolder(name) ?? null;
    },
    async setCredentials(userId, name, passwordHash) {
      const u = user(userId);
      if (!u) throw new Error(`setCredentials: no user ${userId}`);
      const holder = nameHolder(name);
      if (holder && holder.id !== userId) return { ok: false, code: 'ERR_NAME_TAKEN' };
      users.set(userId, JSON.stringify({ ...u, name, passwordHash }));
      return { ok: true };
    },

    async createSession(row) {
      if (sessions.has(row.id)) throw new Error(`createSession: session ${row.id} exists`);
      if (!users.has(row.userId)) throw new Error(`createSession: no user ${row.userId}`);
      sessions.set(row.id, JSON.stringify(row));
    },
    async sessionById(id) {
      return parse<SessionRow>(sessions.get(id)) ?? null;
    },
    async touchSession(id, at) {
      const s = parse<SessionRow>(sessions.get(id));
      if (s) sessions.set(id, JSON.stringify({ ...s, lastSeenAt: at }));
    },
    async deleteSession(id) {
      sessions.delete(id);
    },
    async deleteSessionsOfUser(userId) {
      for (const [id, json] of sessions) {
        if (parse<SessionRow>(json)?.userId === userId) sessions.delete(id);
      }
    },
    async deleteExpiredSessions(seenBy, begunBy) {
      let n = 0;
      for (const [id, json] of sessions) {
        const s = parse<SessionRow>(json);
        if (s && (s.lastSeenAt <= seenBy || s.createdAt <= begunBy)) {
          sessions.delete(id);
          n++;
        }
      }
      return n;
    },

    async preferencesOf(userId) {
      return parse<PreferencesRow>(preferences.get(userId)) ?? null;
    },
    async setPreferences(userId, row) {
      if (!users.has(userId)) throw new Error(`setPreferences: no user ${userId}`);
      preferences.set(userId, JSON.stringify(row));
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
          const name = user(r.userId)?.name;
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
    async prOf(userId) {
      // The average is backgammon's: the other games' PRs are shown per game.
      const mine = [...tables.prs.values()]
        .map((p) => JSON.parse(p) as PrRow)
        .filter((p) => p.userId === userId && (p.game ?? 'backgammon') === 'backgammon');
      if (mine.length === 0) return null;
      return { matches: mine.length, average: mine.reduce((sum, p) => sum + p.pr, 0) / mine.length };
    },
  };
  return { store, rating };
}

/** The finished matches between people that `userId` played in. */
function finished(games: readonly GameRow[], userId: string): GameRow[] {
  return games.filter((g) => g.status === 'over' && humanGame(g) && g.seats.some((s) => s.userId === userId));
}

/**
 * A game between people: both seats are humans holding an account or a guest's user id. Only
 * such games count on a profile (matches per pool, abandonment); games against a bot do not.
 */
function humanGame(game: Pick<GameRow, 'seats'>): boolean {
  return game.seats.every((s) => s.kind === 'human' && s.userId !== null);
}
