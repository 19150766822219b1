import { rowLimit } from './game-rows.js';
import { memoryCompany } from './memory-company.js';
import { memoryPeople } from './memory-people.js';
import { checkRatedGame } from './rating-rows.js';
import { compareText } from './text-order.js';
import type { GameRow, PreferencesRow, SessionRow, Store, StoredAction, UserRow } from './types.js';

/**
 * A Store in memory, for tests and benchmarks. It behaves like the SQL store, down to what it
 * refuses: every value goes in and comes out through JSON (so nothing stored can be mutated
 * from outside, and what SQL would drop, such as `undefined` fields, is dropped here too), a
 * session needs its user (the foreign key), ids and invite tokens are unique, and ties in
 * "newest first" are broken by id, descending.
 */
export function memoryStore(): Store {
  const users = new Map<string, string>();
  const sessions = new Map<string, string>();
  const games = new Map<string, string>();
  const actions = new Map<string, string[]>();
  const preferences = new Map<string, string>();

  const user = (id: string): UserRow | undefined => parse<UserRow>(users.get(id));
  const game = (id: string): GameRow | undefined => parse<GameRow>(games.get(id));
  const allGames = (): GameRow[] => [...games.values()].map((g) => JSON.parse(g) as GameRow);
  const nameHolder = (name: string): UserRow | undefined =>
    [...users.values()].map((u) => JSON.parse(u) as UserRow).find((u) => u.name === name);
  const people = memoryPeople(user, allGames);
  const { planRating, commitRating, ...peopleMethods } = people;
  const storedActions = (id: string): StoredAction[] =>
    (actions.get(id) ?? []).map((a) => JSON.parse(a) as StoredAction);
  const { countMatch, ...companyMethods } = memoryCompany({ user, game, allGames, actions: storedActions });

  return {
    async migrate() {},
    async close() {},

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

    async createGame(row) {
      if (games.has(row.id)) throw new Error(`createGame: game ${row.id} exists`);
      if (row.inviteToken !== null && allGames().some((g) => g.inviteToken === row.inviteToken)) {
        throw new Error('createGame: invite token in use');
      }
      games.set(row.id, JSON.stringify(row));
      actions.set(row.id, []);
    },
    async gameById(id) {
      return game(id) ?? null;
    },
    async gameByInvite(token) {
      return allGames().find((g) => g.inviteToken === token) ?? null;
    },
    async updateGame(id, change, at) {
      const g = game(id);
      if (!g) throw new Error(`updateGame: no game ${id}`);
      const token = change.inviteToken;
      if (token != null && allGames().some((o) => o.id !== id && o.inviteToken === token)) {
        throw new Error('updateGame: invite token in use');
      }
      const defined = definedOnly(change);
      games.set(id, JSON.stringify({ ...g, ...defined, updatedAt: at }));
    },

    async appendAction(id, version, action, at, status, outcome, rate) {
      const text = JSON.stringify({ action, at } satisfies StoredAction);
      const g = game(id);
      const log = actions.get(id);
      if (!g || !log || g.version !== version) return { ok: false, code: 'ERR_VERSION_CONFLICT' };
      // Planned before anything is written: a rating that fails leaves the action unstored too.
      if (rate !== undefined) {
        const users = [g.seats[0].userId, g.seats[1].userId] as const;
        checkRatedGame(id, { rated: g.rated, pool: g.pool, users }, rate);
      }
      const rating = rate === undefined ? null : planRating(id, rate, at);
      log.push(text);
      const moved = { ...g, version: version + 1, updatedAt: at, status: status ?? g.status };
      // Fields left undefined keep what is stored (an abandonment stays), as the SQL store's columns do.
      games.set(id, JSON.stringify(outcome === undefined ? moved : { ...moved, ...definedOnly(outcome) }));
      // The match's dice join the totals with the action that ends it, once.
      if (status === 'over') countMatch(id);
      if (rate === undefined) return { ok: true };
      if (rating === null) {
        // Not rated after all: the row says so, as the SQL store's transaction writes it.
        games.set(id, JSON.stringify({ ...(game(id) as GameRow), rated: false, unrated: 'pair-limit' }));
        return { ok: true, unrated: 'pair-limit' };
      }
      commitRating(rating);
      return { ok: true, rated: rating.changes };
    },
    async actions(id) {
      return storedActions(id);
    },

    async openGames(limit) {
      return allGames()
        .filter((g) => g.open && g.status === 'waiting')
        .sort(newestFirst)
        .slice(0, rowLimit(limit));
    },
    async liveGames() {
      return allGames()
        .filter((g) => g.status !== 'over')
        .sort((a, b) => newestFirst(b, a));
    },
    async idleBotGames(idleSince, limit) {
      return allGames()
        .filter((g) => g.status === 'playing' && g.updatedAt <= idleSince && g.seats.some((s) => s.userId === null))
        .sort((a, b) => a.updatedAt - b.updatedAt || compareText(a.id, b.id))
        .slice(0, rowLimit(limit));
    },
    async gamesOfUser(userId, limit) {
      return allGames()
        .filter((g) => g.seats.some((s) => s.userId === userId))
        .sort(newestFirst)
        .slice(0, rowLimit(limit));
    },
    async rematchOf(gameId) {
      return allGames().find((g) => g.rematchOf === gameId)?.id ?? null;
    },

    async preferencesOf(userId) {
      return parse<PreferencesRow>(preferences.get(userId)) ?? null;
    },
    async setPreferences(userId, row) {
      if (!users.has(userId)) throw new Error(`setPreferences: no user ${userId}`);
      preferences.set(userId, JSON.stringify(row));
    },
    async countGames(activeSince) {
      const all = allGames();
      return {
        playing: all.filter((g) => g.status === 'playing' && g.updatedAt >= activeSince).length,
        waiting: all.filter((g) => g.open && g.status === 'waiting').length,
      };
    },

    ...peopleMethods,
    ...companyMethods,
  };
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function parse<T>(text: string | undefined): T | undefined {
  return text === undefined ? undefined : (JSON.parse(text) as T);
}

function newestFirst(a: GameRow, b: GameRow): number {
  return b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}
