import type { Pause } from '@zar/match';
import type { Deadline, GamesStore, StoredAction } from '../games-store.js';
import { compareText, rowLimit } from '../lists.js';
import type { MemoryRating, MemoryTables } from '../memory-tables.js';
import type { GameRow, RatingChangeRow, StoreRefusal } from '../rows.js';
import { memoryOwnership } from './ownership-memory.js';

const WRITTEN = { ok: true } as const;
const NOT_OWNER: StoreRefusal<'ERR_NOT_OWNER'> = { ok: false, code: 'ERR_NOT_OWNER' };

/** What else the action that ends a match writes, in other domains' tables. */
export interface MemoryGamesLinks<W extends { readonly changes: readonly RatingChangeRow[] }> {
  readonly rating: MemoryRating<W>;
  /** Counts a match's dice into the totals (once: a second call adds nothing), as the action that ends it is stored. */
  readonly countMatch: (gameId: string) => void;
}

/**
 * The games for memoryStore, behaving as the SQL store does: ids and invite tokens are unique,
 * a field left undefined keeps what is stored, ties in "newest first" are broken by id,
 * descending, and the same span of downtime is kept once.
 */
export function memoryGames<W extends { readonly changes: readonly RatingChangeRow[] }>(
  tables: MemoryTables,
  { rating, countMatch }: MemoryGamesLinks<W>,
): GamesStore {
  const { games, actions, game, allGames } = tables;
  const pauses: string[] = [];
  let beat: number | null = null;
  const ownership = memoryOwnership(tables);
  /** The correspondence matches' deadlines (the SQL store's deadline_at), by game. */
  const deadlines = new Map<string, Deadline>();

  return {
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
    async gamesByIds(ids) {
      return [...new Set(ids)].flatMap((id) => game(id) ?? []);
    },
    async gameByInvite(token) {
      return allGames().find((g) => g.inviteToken === token) ?? null;
    },
    async updateGame(id, change, at, epoch) {
      const g = game(id);
      if (!g) throw new Error(`updateGame: no game ${id}`);
      if (epoch !== undefined && ownership.epochOf(id) !== epoch) return NOT_OWNER;
      const token = change.inviteToken;
      if (token != null && allGames().some((o) => o.id !== id && o.inviteToken === token)) {
        throw new Error('updateGame: invite token in use');
      }
      const defined = definedOnly(change);
      games.set(id, JSON.stringify({ ...g, ...defined, updatedAt: at }));
      return WRITTEN;
    },

    async appendAction(id, version, action, at, status, outcome, rate, epoch, deadline) {
      const text = JSON.stringify({ action, at } satisfies StoredAction);
      const g = game(id);
      const log = actions.get(id);
      // An owner that was taken over is refused whatever the version, as the SQL store's WHERE does.
      if (g && epoch !== undefined && ownership.epochOf(id) !== epoch) return NOT_OWNER;
      if (!g || !log || g.version !== version) return { ok: false, code: 'ERR_VERSION_CONFLICT' };
      // Planned before anything is written: a rating that fails leaves the action unstored too.
      const planned = rate === undefined ? null : rating.plan(id, rate, at);
      log.push(text);
      if (deadline === null) deadlines.delete(id);
      else if (deadline !== undefined) deadlines.set(id, deadline);
      const moved = { ...g, version: version + 1, updatedAt: at, status: status ?? g.status };
      // Fields left undefined keep what is stored (an abandonment stays), as the SQL store's columns do.
      games.set(id, JSON.stringify(outcome === undefined ? moved : { ...moved, ...definedOnly(outcome) }));
      // The match's dice join the totals with the action that ends it, once.
      if (status === 'over') countMatch(id);
      if (rate === undefined) return { ok: true };
      if (planned === null) {
        // Not rated after all: the row says so, as the SQL store's transaction writes it.
        games.set(id, JSON.stringify({ ...(game(id) as GameRow), rated: false, unrated: 'pair-limit' }));
        return { ok: true, unrated: 'pair-limit' };
      }
      rating.commit(planned);
      return { ok: true, rated: planned.changes };
    },
    async actions(id) {
      return tables.storedActions(id);
    },
    async actionsOfGames(ids) {
      const byGame = new Map<string, StoredAction[]>();
      for (const id of new Set(ids)) {
        const list = tables.storedActions(id);
        if (list.length > 0) byGame.set(id, list);
      }
      return byGame;
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
    async correspondenceOfUser(userId, limit) {
      return allGames()
        .filter((g) => g.clock.kind === 'correspondence' && g.status !== 'over')
        .filter((g) => g.seats.some((s) => s.userId === userId))
        .sort(newestFirst)
        .slice(0, rowLimit(limit))
        .map((g) => ({ game: g, deadline: deadlines.get(g.id) ?? null }));
    },
    async dueCorrespondence(at, limit) {
      const due = [...deadlines].filter(([id, deadline]) => deadline.at <= at && game(id)?.status === 'playing');
      due.sort(([a, x], [b, y]) => x.at - y.at || compareText(a, b));
      return due.slice(0, rowLimit(limit)).map(([id]) => id);
    },
    async setDeadline(id, deadline, epoch) {
      if (epoch !== undefined && ownership.epochOf(id) !== epoch) return NOT_OWNER;
      if (deadline === null) deadlines.delete(id);
      else if (game(id) !== undefined) deadlines.set(id, deadline);
      return WRITTEN;
    },
    async rematchOf(gameId) {
      return allGames().find((g) => g.rematchOf === gameId)?.id ?? null;
    },
    async countGames(activeSince) {
      const all = allGames();
      return {
        playing: all.filter((g) => g.status === 'playing' && g.updatedAt >= activeSince).length,
        waiting: all.filter((g) => g.open && g.status === 'waiting').length,
      };
    },
    async playingGames(activeSince, limit) {
      return allGames()
        .filter((g) => g.status === 'playing' && g.updatedAt >= activeSince)
        .sort((a, b) => b.updatedAt - a.updatedAt || compareText(b.id, a.id))
        .slice(0, rowLimit(limit));
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
    async pausesSince(since, gameId) {
      const all = pauses.map((p) => JSON.parse(p) as Pause);
      // A span in both lists is kept once, as the SQL store's UNION keeps it.
      if (gameId !== undefined) {
        for (const p of ownership.pausesOf(gameId)) {
          if (!all.some((q) => q.from === p.from && q.to === p.to)) all.push(p);
        }
      }
      return all.filter((p) => p.to > since).sort((a, b) => a.from - b.from || a.to - b.to);
    },

    ...ownership.store,
  };
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function newestFirst(a: GameRow, b: GameRow): number {
  return b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}
