import { sql, type Transaction } from 'kysely';
import { settleLegacyTimeouts } from './games/settle-timeouts.js';
import { poolOfCycle } from './pool.js';
import { type Database, V3_DEFAULTS } from './tables.js';
import type { GameRow } from './types.js';

/** Games whose pool is filled in per statement while upgrading: bounds the memory it takes. */
const POOL_BATCH = 200;

/**
 * Schema v3 (clocks, ratings, abandonment), run by migrate() in its transaction after
 * v2. A database without the games table's `clock` column is older than v3: in the same
 * transaction, its matches abandoned under the old timeout rule are settled first
 * (games/settle-timeouts.ts), then the games table gains clock (untimed), rated (0), pool (from each
 * record's settings, pool.ts), rematch_of (null), series ([0,0]) and abandoned_by (null). The
 * new tables are created when missing, as at every start.
 */
export async function upgradeToV3(trx: Transaction<Database>, columns: ReadonlySet<string>): Promise<void> {
  if (!columns.has('clock')) {
    await settleLegacyTimeouts(trx);
    await addGameColumns(trx);
    await fillPools(trx);
  }
  await createRatingTables(trx);
  await createServerTables(trx);
  // The rematch a finished match started (Store.rematchOf), read when the match is loaded.
  await trx.schema.createIndex('games_rematch_of').ifNotExists().on('games').column('rematch_of').execute();
}

async function addGameColumns(trx: Transaction<Database>): Promise<void> {
  const games = () => trx.schema.alterTable('games');
  await games()
    .addColumn('clock', 'text', (c) => c.notNull().defaultTo(V3_DEFAULTS.clock))
    .execute();
  await games()
    .addColumn('rated', 'integer', (c) => c.notNull().defaultTo(0).check(sql`rated in (0, 1)`))
    .execute();
  await games().addColumn('pool', 'text').execute();
  await games().addColumn('rematch_of', 'text').execute();
  await games()
    .addColumn('series', 'text', (c) => c.notNull().defaultTo(V3_DEFAULTS.series))
    .execute();
  await games()
    .addColumn('abandoned_by', 'integer', (c) => c.check(sql`abandoned_by in (0, 1)`))
    .execute();
}

/** Every game stored before v3 gets the pool of its settings (null for a custom cycle). */
async function fillPools(trx: Transaction<Database>): Promise<void> {
  let after = '';
  for (;;) {
    const rows = await trx
      .selectFrom('games')
      .select(['id', 'record'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(POOL_BATCH)
      .execute();
    const last = rows.at(-1);
    if (last === undefined) return;
    for (const row of rows) {
      const record = JSON.parse(row.record) as GameRow['record'];
      const pool = poolOfCycle(record.settings.cycle);
      if (pool !== null) await trx.updateTable('games').set({ pool }).where('id', '=', row.id).execute();
    }
    after = last.id;
  }
}

async function createRatingTables(trx: Transaction<Database>): Promise<void> {
  await trx.schema
    .createTable('ratings')
    .ifNotExists()
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('pool', 'text', (c) => c.notNull())
    .addColumn('rating', 'double precision', (c) => c.notNull())
    .addColumn('experience', 'integer', (c) => c.notNull().check(sql`experience >= 0`))
    .addColumn('matches', 'integer', (c) => c.notNull().check(sql`matches >= 0`))
    .addColumn('wins', 'integer', (c) => c.notNull().check(sql`wins >= 0`))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('ratings_pk', ['user_id', 'pool'])
    .execute();
  // The leaderboard: a pool's best first, read down the index and filtered on updated_at.
  await trx.schema.createIndex('ratings_board').ifNotExists().on('ratings').columns(['pool', 'rating']).execute();

  await trx.schema
    .createTable('rating_changes')
    .ifNotExists()
    .addColumn('game_id', 'text', (c) => c.notNull().references('games.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('pool', 'text', (c) => c.notNull())
    .addColumn('before', 'double precision', (c) => c.notNull())
    .addColumn('after', 'double precision', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('rating_changes_pk', ['game_id', 'user_id'])
    .execute();
  await trx.schema
    .createIndex('rating_changes_user')
    .ifNotExists()
    .on('rating_changes')
    .columns(['user_id', 'pool', 'at'])
    .execute();

  await trx.schema
    .createTable('match_pr')
    .ifNotExists()
    .addColumn('game_id', 'text', (c) => c.notNull().references('games.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('pr', 'double precision', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('match_pr_pk', ['game_id', 'user_id'])
    .execute();
  await trx.schema.createIndex('match_pr_user').ifNotExists().on('match_pr').column('user_id').execute();
}

async function createServerTables(trx: Transaction<Database>): Promise<void> {
  await trx.schema
    .createTable('heartbeat')
    .ifNotExists()
    .addColumn('id', 'integer', (c) => c.primaryKey().notNull().check(sql`id = 1`))
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await trx.schema
    .createTable('pauses')
    .ifNotExists()
    .addColumn('from_at', 'bigint', (c) => c.notNull())
    .addColumn('to_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('pauses_pk', ['from_at', 'to_at'])
    .execute();
  await trx.schema.createIndex('pauses_to').ifNotExists().on('pauses').column('to_at').execute();
}
