import type { GameAction } from '@zar/match';
import type { Kysely, Selectable, SelectQueryBuilder, Updateable } from 'kysely';
import { type Checkpointer, startCheckpointer } from './checkpointer.js';
import { companyQueries } from './company-sql.js';
import { countMatchDice } from './dice-totals-sql.js';
import { fairColumn, gameColumns, outcomeColumns, rowLimit, seatColumns, toGame } from './game-rows.js';
import { peopleQueries } from './people-sql.js';
import { rateInTransaction } from './ratings-sql.js';
import { migrate } from './schema.js';
import { sqliteAppend } from './sqlite-append.js';
import { sqliteOf } from './sqlite-handle.js';
import type { Database, GamesTable, SessionsTable, UsersTable } from './tables.js';
import type { GameStatusRow, PreferencesRow, SessionRow, Store, UserRow } from './types.js';

export interface SqlStoreOptions {
  /**
   * Over a SQLite file from openSqlite: append actions through statements prepared once, and
   * checkpoint the WAL in a worker thread (default true). False keeps everything on kysely and
   * SQLite's automatic checkpoint, the baseline the load benchmark compares against.
   */
  readonly sqliteFastPath?: boolean;
}

/**
 * The Store over SQL: one kysely query path for SQLite and PostgreSQL. Every value goes in as a
 * bound parameter, so no name or action text can change a statement; JSON is written as TEXT
 * and read back with JSON.parse (the server wrote it, so a parse failure is a broken invariant).
 * Over SQLite the hot write, appendAction, skips kysely (sqlite-append.ts) unless told not to.
 */
export function sqlStore(db: Kysely<Database>, options: SqlStoreOptions = {}): Store {
  const sqlite = options.sqliteFastPath === false ? null : sqliteOf(db);
  let checkpointer: Checkpointer | null = null;
  const store: Store = {
    migrate: () => migrate(db),
    async close() {
      await checkpointer?.stop();
      await db.destroy();
    },

    async createUser(user) {
      try {
        await db
          .insertInto('users')
          .values({ id: user.id, name: user.name, password_hash: user.passwordHash, created_at: user.createdAt })
          .execute();
        return { ok: true };
      } catch (e) {
        // The id or the name clashed; only a name held by someone else is an expected refusal.
        if (user.name !== null && isUniqueViolation(e)) {
          const holder = await nameHolder(db, user.name);
          if (holder !== null && holder !== user.id) return { ok: false, code: 'ERR_NAME_TAKEN' };
        }
        throw e;
      }
    },

    async userById(id) {
      const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toUser(row) : null;
    },

    async userByName(name) {
      const row = await db.selectFrom('users').selectAll().where('name', '=', name).executeTakeFirst();
      return row ? toUser(row) : null;
    },

    async setCredentials(userId, name, passwordHash) {
      try {
        const r = await db
          .updateTable('users')
          .set({ name, password_hash: passwordHash })
          .where('id', '=', userId)
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) !== 1) throw new Error(`setCredentials: no user ${userId}`);
        return { ok: true };
      } catch (e) {
        if (isUniqueViolation(e)) return { ok: false, code: 'ERR_NAME_TAKEN' };
        throw e;
      }
    },

    async createSession(session) {
      await db
        .insertInto('sessions')
        .values({
          id: session.id,
          user_id: session.userId,
          created_at: session.createdAt,
          last_seen_at: session.lastSeenAt,
        })
        .execute();
    },

    async sessionById(id) {
      const row = await db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toSession(row) : null;
    },

    async touchSession(id, at) {
      await db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', id).execute();
    },

    async deleteSession(id) {
      await db.deleteFrom('sessions').where('id', '=', id).execute();
    },

    async deleteSessionsOfUser(userId) {
      await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
    },

    async deleteExpiredSessions(seenBy, begunBy) {
      const r = await db
        .deleteFrom('sessions')
        .where((eb) => eb.or([eb('last_seen_at', '<=', seenBy), eb('created_at', '<=', begunBy)]))
        .executeTakeFirst();
      return Number(r.numDeletedRows);
    },

    async createGame(game) {
      await db.insertInto('games').values(gameColumns(game)).execute();
    },

    async gameById(id) {
      const row = await db.selectFrom('games').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toGame(row) : null;
    },

    async gameByInvite(token) {
      const row = await db.selectFrom('games').selectAll().where('invite_token', '=', token).executeTakeFirst();
      return row ? toGame(row) : null;
    },

    async updateGame(id, change, at) {
      const set: Updateable<GamesTable> = { updated_at: at };
      if (change.seats !== undefined) Object.assign(set, seatColumns(change.seats));
      if (change.status !== undefined) set.status = change.status;
      if (change.open !== undefined) set.open = change.open ? 1 : 0;
      if (change.inviteToken !== undefined) set.invite_token = change.inviteToken;
      if (change.fair !== undefined) set.fair = fairColumn(change.fair);
      if (change.noSpectators !== undefined) set.no_spectators = JSON.stringify(change.noSpectators);
      if (change.rated !== undefined) set.rated = change.rated ? 1 : 0;
      if (change.unrated !== undefined) set.unrated = change.unrated;
      const r = await db.updateTable('games').set(set).where('id', '=', id).executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) throw new Error(`updateGame: no game ${id}`);
    },

    async appendAction(id, version, action, at, status, outcome, rate) {
      // Serialised before the transaction: an action that cannot be stored never starts one.
      const text = JSON.stringify(action);
      const set: Updateable<GamesTable> = { version: version + 1, updated_at: at };
      if (status !== undefined) set.status = status;
      if (outcome !== undefined) Object.assign(set, outcomeColumns(outcome));
      return db.transaction().execute(async (trx) => {
        // Compare-and-set: only the writer that saw `version` moves it. In PostgreSQL a second
        // writer waits on the row lock, then re-checks the WHERE against the committed row.
        const moved = await trx
          .updateTable('games')
          .set(set)
          .where('id', '=', id)
          .where('version', '=', version)
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) !== 1) return { ok: false, code: 'ERR_VERSION_CONFLICT' } as const;
        await trx
          .insertInto('actions')
          .values({ game_id: id, seq: version + 1, action: text, at })
          .execute();
        // The match's dice join the totals with the action that ends it, exactly once (the marker's key).
        if (status === 'over') await countMatchDice(trx, id);
        if (rate === undefined) return { ok: true } as const;
        const rated = await rateInTransaction(trx, id, rate, at);
        if (rated !== null) return { ok: true, rated: rated.changes } as const;
        // Not rated after all: the row says so, as a match found at its start over the limit does.
        await trx.updateTable('games').set({ rated: 0, unrated: 'pair-limit' }).where('id', '=', id).execute();
        return { ok: true, unrated: 'pair-limit' } as const;
      });
    },

    async actions(id) {
      const rows = await db
        .selectFrom('actions')
        .select(['action', 'at'])
        .where('game_id', '=', id)
        .orderBy('seq')
        .execute();
      return rows.map((r) => ({ action: JSON.parse(r.action) as GameAction, at: Number(r.at) }));
    },

    async openGames(limit) {
      const rows = await db
        .selectFrom('games')
        .selectAll()
        .where('status', '=', 'waiting')
        .where('open', '=', 1)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(rowLimit(limit))
        .execute();
      return rows.map(toGame);
    },

    async liveGames() {
      const rows = await db
        .selectFrom('games')
        .selectAll()
        .where('status', 'in', ['waiting', 'playing'])
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(toGame);
    },

    async idleBotGames(idleSince, limit) {
      // While a game is playing, a seat without a user is a bot's (an open seat is only waiting).
      const rows = await db
        .selectFrom('games')
        .selectAll()
        .where('status', '=', 'playing')
        .where('updated_at', '<=', idleSince)
        .where((eb) => eb.or([eb('seat0_user', 'is', null), eb('seat1_user', 'is', null)]))
        .orderBy('updated_at')
        .orderBy('id')
        .limit(rowLimit(limit))
        .execute();
      return rows.map(toGame);
    },

    async gamesOfUser(userId, limit) {
      const rows = await db
        .selectFrom('games')
        .selectAll()
        .where((eb) => eb.or([eb('seat0_user', '=', userId), eb('seat1_user', '=', userId)]))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(rowLimit(limit))
        .execute();
      return rows.map(toGame);
    },

    async rematchOf(gameId) {
      const row = await db
        .selectFrom('games')
        .select('id')
        .where('rematch_of', '=', gameId)
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      return row?.id ?? null;
    },

    async preferencesOf(userId) {
      const row = await db
        .selectFrom('preferences')
        .select('preferences')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row ? (JSON.parse(row.preferences) as PreferencesRow) : null;
    },

    async setPreferences(userId, preferences, at) {
      const text = JSON.stringify(preferences);
      await db
        .insertInto('preferences')
        .values({ user_id: userId, preferences: text, updated_at: at })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ preferences: text, updated_at: at }))
        .execute();
    },

    async countGames(activeSince) {
      const count = async (status: GameStatusRow, more: (q: GamesCount) => GamesCount): Promise<number> => {
        const q = db
          .selectFrom('games')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('status', '=', status);
        return Number((await more(q).executeTakeFirstOrThrow()).n);
      };
      return {
        playing: await count('playing', (q) => q.where('updated_at', '>=', activeSince)),
        waiting: await count('waiting', (q) => q.where('open', '=', 1)),
      };
    },

    ...peopleQueries(db),
    ...companyQueries(db),
  };
  if (sqlite === null) return store;
  if (!sqlite.memory) checkpointer = startCheckpointer(sqlite);
  return { ...store, appendAction: sqliteAppend(sqlite, store.appendAction) };
}

/** A count of games, before its last conditions. */
type GamesCount = SelectQueryBuilder<Database, 'games', { n: number | string }>;

async function nameHolder(db: Kysely<Database>, name: string): Promise<string | null> {
  const row = await db.selectFrom('users').select('id').where('name', '=', name).executeTakeFirst();
  return row?.id ?? null;
}

/** SQLite reports SQLITE_CONSTRAINT_UNIQUE / _PRIMARYKEY, PostgreSQL SQLSTATE 23505. */
function isUniqueViolation(e: unknown): boolean {
  if (typeof e !== 'object' || e === null || !('code' in e)) return false;
  const code = (e as { code: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

function toUser(r: Selectable<UsersTable>): UserRow {
  return { id: r.id, name: r.name, passwordHash: r.password_hash, createdAt: Number(r.created_at) };
}

function toSession(r: Selectable<SessionsTable>): SessionRow {
  return { id: r.id, userId: r.user_id, createdAt: Number(r.created_at), lastSeenAt: Number(r.last_seen_at) };
}
