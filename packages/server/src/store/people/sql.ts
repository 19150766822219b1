import { type Kysely, type Selectable, sql } from 'kysely';
import { toGame } from '../game-rows.js';
import { rowLimit } from '../lists.js';
import type { PeopleStore, PreferencesRow, SessionRow, UserRow } from '../people-store.js';
import type { Database, SessionsTable, UsersTable } from '../tables.js';
import { pairCount, toRating, toRatingChange } from './ratings-sql.js';

/**
 * Accounts, sessions, preferences, ratings, leaderboards and profiles over SQL. Orders are
 * total (ties broken by a key), so every store lists the same rows in the same order. A game
 * between people is one whose both seats hold a user: a bot's seat never does, and an open
 * seat only while waiting.
 */
export function sqlPeople(db: Kysely<Database>): PeopleStore {
  /** Finished games between people that `userId` played in. */
  const finished = (userId: string) =>
    db
      .selectFrom('games')
      .where('status', '=', 'over')
      .where('seat0_user', 'is not', null)
      .where('seat1_user', 'is not', null)
      .where((eb) => eb.or([eb('seat0_user', '=', userId), eb('seat1_user', '=', userId)]));

  return {
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

    async ratingsOf(userId) {
      const rows = await db.selectFrom('ratings').selectAll().where('user_id', '=', userId).orderBy('pool').execute();
      return rows.map(toRating);
    },

    async ratingChangesOf(gameId) {
      const rows = await db
        .selectFrom('rating_changes')
        .selectAll()
        .where('game_id', '=', gameId)
        .orderBy('user_id')
        .execute();
      return rows.map(toRatingChange);
    },

    async ratedMatchesBetween(a, b, since) {
      return pairCount(db, [a, b], since);
    },

    async ratingHistory(userId, pool, limit) {
      // The last `limit` by the index (user, pool, at), newest first, then turned oldest first.
      const rows = await db
        .selectFrom('rating_changes')
        .selectAll()
        .where('user_id', '=', userId)
        .where('pool', '=', pool)
        .orderBy('at', 'desc')
        .orderBy('game_id', 'desc')
        .limit(rowLimit(limit))
        .execute();
      return rows.map(toRatingChange).reverse();
    },

    async leaderboard(pool, activeSince, limit) {
      const rows = await db
        .selectFrom('ratings')
        .innerJoin('users', 'users.id', 'ratings.user_id')
        .selectAll('ratings')
        .select('users.name')
        .where('ratings.pool', '=', pool)
        .where('ratings.updated_at', '>=', activeSince)
        .where('users.name', 'is not', null)
        .orderBy('ratings.rating', 'desc')
        .orderBy('users.name')
        .limit(rowLimit(limit))
        .execute();
      return rows.map((r) => ({ ...toRating(r), name: r.name ?? '' }));
    },

    async playerRecord(userId) {
      const rows = await finished(userId)
        .select('pool')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .select(
          sql<number | string>`sum(case when (abandoned_by = 0 and seat0_user = ${userId})
                                      or (abandoned_by = 1 and seat1_user = ${userId}) then 1 else 0 end)`.as(
            'abandoned',
          ),
        )
        .groupBy('pool')
        .orderBy('pool')
        .execute();
      const matches: Record<string, number> = {};
      let total = 0;
      let abandoned = 0;
      for (const r of rows) {
        if (r.pool !== null) matches[r.pool] = Number(r.n);
        total += Number(r.n);
        abandoned += Number(r.abandoned);
      }
      return { matches, finished: total, abandoned };
    },

    async finishedGamesOfUser(userId, limit) {
      const rows = await finished(userId)
        .selectAll()
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
        .limit(rowLimit(limit))
        .execute();
      return rows.map(toGame);
    },

    async prOf(userId) {
      const row = await db
        .selectFrom('match_pr')
        .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.avg<number | string>('pr').as('average')])
        .where('user_id', '=', userId)
        // The average is backgammon's: the other games' PRs are shown per game (schema v7).
        .where('game', '=', 'backgammon')
        .executeTakeFirstOrThrow();
      const matches = Number(row.n);
      return matches === 0 ? null : { matches, average: Number(row.average) };
    },
  };
}

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
