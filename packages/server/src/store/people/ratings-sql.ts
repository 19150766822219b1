import { INITIAL_RATING } from '@zar/match';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { isSqlite } from '../dialect.js';
import type { RateRequest } from '../games-store.js';
import type { RatingRow } from '../people-store.js';
import type { RatingChangeRow } from '../rows.js';
import type { Database, RatingChangesTable, RatingsTable } from '../tables.js';
import { checkRatedGame, type RatingWrite, rateRows } from './rating-rows.js';

/**
 * Rates a match inside appendAction's transaction, from both players' ratings as stored then.
 * Two matches ending at once may rate the same player: in PostgreSQL both players' rows are
 * made if missing, then locked (SELECT … FOR UPDATE) in the order of their user ids, so the
 * second match waits for the first and reads what it wrote, and no two transactions wait on
 * each other. SQLite runs one writing transaction at a time. The two rating_changes rows are
 * keyed by (game, user): a match cannot be rated twice, and a failure anywhere here (that key,
 * a refused rating) fails the transaction and takes the action with it.
 */
export async function rateInTransaction(
  trx: Transaction<Database>,
  gameId: string,
  request: RateRequest,
  at: number,
): Promise<RatingWrite | null> {
  const { pool } = request;
  const game = await trx
    .selectFrom('games')
    .select(['rated', 'pool', 'seat0_user', 'seat1_user'])
    .where('id', '=', gameId)
    .executeTakeFirst();
  checkRatedGame(
    gameId,
    game === undefined
      ? null
      : { rated: Number(game.rated) === 1, pool: game.pool, users: [game.seat0_user, game.seat1_user] },
    request,
  );
  const users = [request.winner, request.loser].sort();
  await trx
    .insertInto('ratings')
    .values(
      users.map((userId) => ({
        user_id: userId,
        pool,
        rating: INITIAL_RATING,
        experience: 0,
        matches: 0,
        wins: 0,
        updated_at: at,
      })),
    )
    .onConflict((oc) => oc.columns(['user_id', 'pool']).doNothing())
    .execute();
  const read = trx.selectFrom('ratings').selectAll().where('pool', '=', pool).where('user_id', 'in', users);
  const rows = await (isSqlite(trx) ? read : read.forUpdate()).orderBy('user_id').execute();
  // Read once both rows are locked: a match of the same two ending meanwhile is counted here.
  const { perPair } = request;
  if (perPair !== undefined && (await pairCount(trx, users, perPair.since)) >= perPair.limit) return null;
  const standing = (userId: string) => {
    const row = rows.find((r) => r.user_id === userId);
    return row === undefined ? null : toRating(row);
  };
  const write = rateRows(gameId, request, standing(request.winner), standing(request.loser), at);
  for (const row of write.rows) {
    await trx
      .updateTable('ratings')
      .set({
        rating: row.rating,
        experience: row.experience,
        matches: row.matches,
        wins: row.wins,
        updated_at: row.updatedAt,
      })
      .where('user_id', '=', row.userId)
      .where('pool', '=', row.pool)
      .execute();
  }
  await trx
    .insertInto('rating_changes')
    .values(
      write.changes.map((c) => ({
        game_id: c.gameId,
        user_id: c.userId,
        pool: c.pool,
        before: c.before,
        after: c.after,
        at: c.at,
      })),
    )
    .execute();
  return write;
}

/**
 * Matches rated between two accounts at or after `since`: the first's changes (read by the
 * (user, pool, at) index) whose game the second was rated in too (the (game, user) key).
 */
export async function pairCount(
  db: Kysely<Database> | Transaction<Database>,
  [a, b]: readonly string[],
  since: number,
): Promise<number> {
  if (a === undefined || b === undefined) return 0;
  const row = await db
    .selectFrom('rating_changes as mine')
    .innerJoin('rating_changes as theirs', 'theirs.game_id', 'mine.game_id')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('mine.user_id', '=', a)
    .where('theirs.user_id', '=', b)
    .where('mine.at', '>=', since)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function toRating(r: Selectable<RatingsTable>): RatingRow {
  return {
    userId: r.user_id,
    pool: r.pool,
    rating: Number(r.rating),
    experience: Number(r.experience),
    matches: Number(r.matches),
    wins: Number(r.wins),
    updatedAt: Number(r.updated_at),
  };
}

export function toRatingChange(r: Selectable<RatingChangesTable>): RatingChangeRow {
  return {
    gameId: r.game_id,
    userId: r.user_id,
    pool: r.pool,
    before: Number(r.before),
    after: Number(r.after),
    at: Number(r.at),
  };
}
