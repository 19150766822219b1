import type { GameAction } from '@zar/match';
import { type Kysely, SqliteAdapter, sql, type Transaction } from 'kysely';
import { outcomeOf } from './outcome.js';
import { upgradeToV3 } from './schema-v3.js';
import { upgradeToV4 } from './schema-v4.js';
import { addImportsTable } from './schema-v6.js';
import { upgradeToV7 } from './schema-v7.js';
import { upgradeToV8 } from './schema-v8.js';
import { upgradeToV9 } from './schema-v9.js';
import { upgradeToV10 } from './schema-v10.js';
import { upgradeToV11 } from './schema-v11.js';
import type { Database } from './tables.js';
import type { GameRow } from './types.js';

/**
 * Schema version 11: version 1, then addOutcomeColumns and addPreferencesTable below (v2), then
 * upgradeToV3 (schema-v3.ts: clocks, ratings, abandonment, the settlement of matches abandoned
 * under the old timeout rule), then upgradeToV4 (schema-v4.ts: fair dice, spectators, chat,
 * dice totals with their backfill, luck, tournaments), then addUnratedColumn (v5), then
 * addImportsTable (schema-v6.ts: the imported matches), then upgradeToV7 (schema-v7.ts: the
 * background analysis's queue and results, the game of each PR), then upgradeToV8 (schema-v8.ts:
 * puzzles, the people's puzzle ratings and their attempts), then upgradeToV9 (schema-v9.ts: the
 * games' owners and epochs, the instances' heartbeats, the games' own pauses, the analysis
 * queue's holders and priorities), then upgradeToV10 (schema-v10.ts: the deadlines of
 * correspondence matches), then upgradeToV11 (schema-v11.ts: the games being played found
 * without an index on the time of their last action). Every statement is IF NOT EXISTS
 * or first looks for what it adds, and the whole runs in one transaction (both databases have
 * transactional DDL), so running it at every start is safe and a failed start leaves nothing
 * half made. The same builder calls give valid DDL in both dialects: ids are TEXT (no SERIAL/AUTOINCREMENT difference) and SQLite reads BIGINT as INTEGER affinity.
 *
 * A database of an older version is upgraded here, in place, at start: its text is frozen in
 * test/fixtures (schema-v1.sql, schema-v2.sql, schema-v3.sql) and store-upgrade*.test.ts open one of each
 * dialect with this code. Version 1 already keeps `actions.at`, the server's time when the action was applied,
 * so actions() gives old rows their true times and nothing needed changing for it.
 */
export async function migrate(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockMigration(trx);
    await trx.schema
      .createTable('users')
      .ifNotExists()
      .addColumn('id', 'text', (c) => c.primaryKey().notNull())
      // Several guests have no name: NULLs never collide in a UNIQUE column (both dialects).
      .addColumn('name', 'text', (c) => c.unique())
      .addColumn('password_hash', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();

    await trx.schema
      .createTable('sessions')
      .ifNotExists()
      .addColumn('id', 'text', (c) => c.primaryKey().notNull())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
      .execute();
    await trx.schema.createIndex('sessions_user').ifNotExists().on('sessions').column('user_id').execute();

    await trx.schema
      .createTable('games')
      .ifNotExists()
      .addColumn('id', 'text', (c) => c.primaryKey().notNull())
      .addColumn('record', 'text', (c) => c.notNull())
      .addColumn('seats', 'text', (c) => c.notNull())
      .addColumn('seat0_user', 'text')
      .addColumn('seat1_user', 'text')
      .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('waiting', 'playing', 'over')`))
      .addColumn('open', 'integer', (c) => c.notNull().check(sql`open in (0, 1)`))
      .addColumn('invite_token', 'text', (c) => c.unique())
      .addColumn('version', 'integer', (c) => c.notNull().check(sql`version >= 0`))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    // openGames (status = 'waiting' and open = 1) and liveGames (status in waiting, playing)
    // both read through this one: the status prefix serves liveGames, the full key the lobby.
    await trx.schema
      .createIndex('games_lobby')
      .ifNotExists()
      .on('games')
      .columns(['status', 'open', 'created_at', 'id'])
      .execute();
    await trx.schema
      .createIndex('games_seat0')
      .ifNotExists()
      .on('games')
      .columns(['seat0_user', 'created_at', 'id'])
      .execute();
    await trx.schema
      .createIndex('games_seat1')
      .ifNotExists()
      .on('games')
      .columns(['seat1_user', 'created_at', 'id'])
      .execute();

    await trx.schema
      .createTable('actions')
      .ifNotExists()
      .addColumn('game_id', 'text', (c) => c.notNull().references('games.id').onDelete('cascade'))
      .addColumn('seq', 'integer', (c) => c.notNull().check(sql`seq >= 1`))
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('actions_pk', ['game_id', 'seq'])
      .execute();

    await addOutcomeColumns(trx);
    await addPreferencesTable(trx);
    await upgradeToV3(trx, await columnsOf(trx, 'games'));
    await upgradeToV4(trx, (table) => columnsOf(trx, table));
    await addUnratedColumn(trx);
    await addImportsTable(trx);
    await upgradeToV7(trx, (table) => columnsOf(trx, table));
    await upgradeToV8(trx);
    await upgradeToV9(trx, (table) => columnsOf(trx, table));
    await upgradeToV10(trx, await columnsOf(trx, 'games'));
    await upgradeToV11(trx);
  });
}

/** The advisory lock's first key: the store's migration (the second is its schema's). */
const MIGRATION_LOCK = 0x7a6172;

/**
 * On PostgreSQL, instances that start together would run the same CREATE … IF NOT EXISTS at
 * once, and all but one fail on the catalog's unique keys (IF NOT EXISTS only looks at
 * committed tables). A lock held to the end of the transaction makes them take turns: each one
 * after the first finds everything made. Keyed by the schema, so stores in other schemas (tests
 * keep several) do not wait on each other. SQLite's write lock already does this for a file.
 */
async function lockMigration(trx: Transaction<Database>): Promise<void> {
  if (trx.getExecutor().adapter instanceof SqliteAdapter) return;
  await sql`select pg_advisory_xact_lock(${sql.lit(MIGRATION_LOCK)}, hashtext(current_schema()))`.execute(trx);
}

/**
 * Schema v5: a match created rated that was found not to count keeps the reason beside its
 * `rated` (turned off). Older rows need nothing filled in: null is every match before it.
 */
async function addUnratedColumn(trx: Transaction<Database>): Promise<void> {
  if ((await columnsOf(trx, 'games')).has('unrated')) return;
  await trx.schema.alterTable('games').addColumn('unrated', 'text').execute();
}

/**
 * The accounts' table preferences, a table of their own (not a column of users): an existing
 * database gains it at start, as IF NOT EXISTS makes it for a new one, with nothing to fill in.
 */
async function addPreferencesTable(trx: Transaction<Database>): Promise<void> {
  await trx.schema
    .createTable('preferences')
    .ifNotExists()
    .addColumn('user_id', 'text', (c) => c.primaryKey().notNull().references('users.id').onDelete('cascade'))
    .addColumn('preferences', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

/** A table's columns, in the schema the connection works in (PostgreSQL tests keep several). */
async function columnsOf(
  trx: Transaction<Database>,
  table: 'games' | 'match_pr' | 'analysis_queue',
): Promise<Set<string>> {
  const query =
    trx.getExecutor().adapter instanceof SqliteAdapter
      ? sql<{ name: string }>`select name from pragma_table_info(${table})`
      : sql<{
          name: string;
        }>`select column_name as name from information_schema.columns where table_name = ${table} and table_schema = current_schema()`;
  const { rows } = await query.execute(trx);
  return new Set(rows.map((r) => r.name));
}

/** Games whose outcome is filled in per statement while upgrading: bounds the memory it takes. */
const BACKFILL_BATCH = 100;

/**
 * Schema v2: the games table keeps each match's score and winner, so that history lists them
 * without replaying every match. A v1 database gains the two columns here, and every game in
 * it gets its outcome by replaying its actions (store/outcome.ts), in the same transaction:
 * a game already over shows its true final score from the first start of the new server.
 */
async function addOutcomeColumns(trx: Transaction<Database>): Promise<void> {
  const has = await columnsOf(trx, 'games');
  if (!has.has('score')) await trx.schema.alterTable('games').addColumn('score', 'text').execute();
  if (!has.has('winner')) {
    await trx.schema
      .alterTable('games')
      .addColumn('winner', 'integer', (c) => c.check(sql`winner in (0, 1)`))
      .execute();
  }
  for (;;) {
    const rows = await trx
      .selectFrom('games')
      .select(['id', 'record'])
      .where('score', 'is', null)
      .orderBy('id')
      .limit(BACKFILL_BATCH)
      .execute();
    if (rows.length === 0) return;
    for (const row of rows) {
      const actions = await trx
        .selectFrom('actions')
        .select('action')
        .where('game_id', '=', row.id)
        .orderBy('seq')
        .execute();
      const record = JSON.parse(row.record) as GameRow['record'];
      const outcome = outcomeOf(
        record,
        actions.map((a) => JSON.parse(a.action) as GameAction),
      );
      await trx
        .updateTable('games')
        .set({ score: JSON.stringify(outcome.score), winner: outcome.winner })
        .where('id', '=', row.id)
        .execute();
    }
  }
}
