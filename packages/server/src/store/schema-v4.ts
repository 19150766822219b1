import { sql, type Transaction } from 'kysely';
import { backfillDiceTotals } from './dice/totals-sql.js';
import { type Database, V4_DEFAULTS } from './tables.js';

/**
 * Schema v4 (fair dice, spectators, chat, dice statistics, tournaments), run by
 * migrate() in its transaction after v3. A database whose games table lacks `no_spectators` is
 * older than v4: in the same transaction the games table gains fair (null: no proof),
 * no_spectators (nobody forbade them), tournament_id and tournament_round (null), match_pr
 * gains each player's luck (null: analysed before luck was measured), and once the new tables
 * exist every match already over is counted into the dice totals, as appendAction counts the
 * matches that end from now on. The new tables and indexes are created when missing, as at
 * every start.
 */
export async function upgradeToV4(
  trx: Transaction<Database>,
  columnsOf: (table: 'games' | 'match_pr') => Promise<ReadonlySet<string>>,
): Promise<void> {
  const older = !(await columnsOf('games')).has('no_spectators');
  if (older) await addGameColumns(trx);
  if (!(await columnsOf('match_pr')).has('luck')) {
    await trx.schema.alterTable('match_pr').addColumn('luck', 'double precision').execute();
    await trx.schema.alterTable('match_pr').addColumn('opponent_luck', 'double precision').execute();
  }
  await createDiceTables(trx);
  await createChatTables(trx);
  await createTournamentTable(trx);
  await createGameIndexes(trx);
  if (older) await backfillDiceTotals(trx);
}

async function addGameColumns(trx: Transaction<Database>): Promise<void> {
  const games = () => trx.schema.alterTable('games');
  await games().addColumn('fair', 'text').execute();
  await games()
    .addColumn('no_spectators', 'text', (c) => c.notNull().defaultTo(V4_DEFAULTS.noSpectators))
    .execute();
  await games().addColumn('tournament_id', 'text').execute();
  await games().addColumn('tournament_round', 'integer').execute();
}

async function createDiceTables(trx: Transaction<Database>): Promise<void> {
  await trx.schema
    .createTable('dice_counted')
    .ifNotExists()
    .addColumn('game_id', 'text', (c) => c.primaryKey().notNull().references('games.id').onDelete('cascade'))
    .execute();
  await trx.schema
    .createTable('dice_totals')
    .ifNotExists()
    .addColumn('owner', 'text', (c) => c.primaryKey().notNull())
    .addColumn('matches', 'integer', (c) => c.notNull().check(sql`matches >= 0`))
    .addColumn('tally', 'text', (c) => c.notNull())
    .execute();
}

async function createChatTables(trx: Transaction<Database>): Promise<void> {
  await trx.schema
    .createTable('chat_messages')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('game_id', 'text', (c) => c.notNull().references('games.id').onDelete('cascade'))
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('players', 'spectators')`))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('seat', 'integer', (c) => c.check(sql`seat in (0, 1)`))
    .addColumn('body', 'text')
    .addColumn('phrase', 'text')
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('chat_messages_one_body', sql`(body is null) <> (phrase is null)`)
    .execute();
  // A match's chat, the last messages by time.
  await trx.schema
    .createIndex('chat_messages_game')
    .ifNotExists()
    .on('chat_messages')
    .columns(['game_id', 'at', 'id'])
    .execute();
  await trx.schema
    .createTable('chat_reports')
    .ifNotExists()
    .addColumn('message_id', 'text', (c) => c.notNull().references('chat_messages.id').onDelete('cascade'))
    .addColumn('reporter_id', 'text', (c) => c.notNull())
    .addColumn('game_id', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('chat_reports_pk', ['message_id', 'reporter_id'])
    .execute();
  await trx.schema
    .createIndex('chat_reports_game')
    .ifNotExists()
    .on('chat_reports')
    .columns(['game_id', 'at'])
    .execute();
}

async function createTournamentTable(trx: Transaction<Database>): Promise<void> {
  await trx.schema
    .createTable('tournaments')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('creator_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('registering', 'running', 'over', 'cancelled')`),
    )
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('starts_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().check(sql`version >= 1`))
    .addColumn('data', 'text', (c) => c.notNull())
    .execute();
  await trx.schema
    .createIndex('tournaments_status')
    .ifNotExists()
    .on('tournaments')
    .columns(['status', 'updated_at', 'id'])
    .execute();
}

async function createGameIndexes(trx: Transaction<Database>): Promise<void> {
  // The games of a tournament (GameRow.tournament), oldest first.
  await trx.schema
    .createIndex('games_tournament')
    .ifNotExists()
    .on('games')
    .columns(['tournament_id', 'created_at', 'id'])
    .execute();
  // The live list's index, games_active, came here until v11 replaced it (schema-v11.ts).
}
