import { type Kysely, sql } from 'kysely';
import { rowLimit, toGame } from './game-rows.js';
import { luckRow } from './luck-rows.js';
import { pairCount, toRating, toRatingChange } from './ratings-sql.js';
import type { Database } from './tables.js';
import type { GameRow, Store } from './types.js';

/** The Store's queries about people rather than single games, over SQL. */
export type PeopleQueries = Pick<
  Store,
  | 'ratingsOf'
  | 'ratingChangesOf'
  | 'ratedMatchesBetween'
  | 'ratingHistory'
  | 'leaderboard'
  | 'playerRecord'
  | 'finishedGamesOfUser'
  | 'savePr'
  | 'prOf'
  | 'luckOf'
  | 'heartbeat'
  | 'setHeartbeat'
  | 'addPause'
  | 'pausesSince'
>;

/**
 * Ratings, leaderboards, profiles, PR, heartbeat and pauses. Orders are total (ties broken by
 * a key), so every store lists the same rows in the same order. A game between people is one
 * whose both seats hold a user: a bot's seat never does, and an open seat only while waiting.
 */
export function peopleQueries(db: Kysely<Database>): PeopleQueries {
  /** Finished games between people that `userId` played in. */
  const finished = (userId: string) =>
    db
      .selectFrom('games')
      .where('status', '=', 'over')
      .where('seat0_user', 'is not', null)
      .where('seat1_user', 'is not', null)
      .where((eb) => eb.or([eb('seat0_user', '=', userId), eb('seat1_user', '=', userId)]));

  return {
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

    async savePr(rows) {
      if (rows.length === 0) return;
      await db
        .insertInto('match_pr')
        .values(
          rows.map((r) => ({
            game_id: r.gameId,
            user_id: r.userId,
            pr: r.pr,
            at: r.at,
            luck: r.luck,
            opponent_luck: r.opponentLuck,
          })),
        )
        .onConflict((oc) =>
          oc.columns(['game_id', 'user_id']).doUpdateSet((eb) => ({
            pr: eb.ref('excluded.pr'),
            at: eb.ref('excluded.at'),
            luck: eb.ref('excluded.luck'),
            opponent_luck: eb.ref('excluded.opponent_luck'),
          })),
        )
        .execute();
    },

    async prOf(userId) {
      const row = await db
        .selectFrom('match_pr')
        .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.avg<number | string>('pr').as('average')])
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      const matches = Number(row.n);
      return matches === 0 ? null : { matches, average: Number(row.average) };
    },

    async luckOf(userId, limit) {
      const rows = await db
        .selectFrom('match_pr')
        .innerJoin('games', 'games.id', 'match_pr.game_id')
        .selectAll('match_pr')
        .select('games.seats')
        .where('match_pr.user_id', '=', userId)
        .orderBy('match_pr.at', 'desc')
        .orderBy('match_pr.game_id', 'desc')
        .limit(rowLimit(limit))
        .execute();
      return rows.map((r) =>
        luckRow(
          {
            gameId: r.game_id,
            userId: r.user_id,
            pr: Number(r.pr),
            at: Number(r.at),
            luck: toReal(r.luck),
            opponentLuck: toReal(r.opponent_luck),
          },
          JSON.parse(r.seats) as GameRow['seats'],
        ),
      );
    },

    async heartbeat() {
      const row = await db.selectFrom('heartbeat').select('at').where('id', '=', 1).executeTakeFirst();
      return row === undefined ? null : Number(row.at);
    },

    async setHeartbeat(at) {
      await db
        .insertInto('heartbeat')
        .values({ id: 1, at })
        .onConflict((oc) => oc.column('id').doUpdateSet({ at }))
        .execute();
    },

    async addPause(pause) {
      await db
        .insertInto('pauses')
        .values({ from_at: pause.from, to_at: pause.to })
        .onConflict((oc) => oc.columns(['from_at', 'to_at']).doNothing())
        .execute();
    },

    async pausesSince(since) {
      const rows = await db
        .selectFrom('pauses')
        .selectAll()
        .where('to_at', '>', since)
        .orderBy('from_at')
        .orderBy('to_at')
        .execute();
      return rows.map((r) => ({ from: Number(r.from_at), to: Number(r.to_at) }));
    },
  };
}

/** DOUBLE PRECISION comes back as a number in both databases; null stays null. */
function toReal(value: number | null): number | null {
  return value === null ? null : Number(value);
}
