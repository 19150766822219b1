import { sql, type Transaction } from 'kysely';
import type { Database } from './tables.js';

/**
 * Schema v7: the background analysis of matches between two people. `analysis_queue` holds one
 * row per match ever queued (the game is the key, so a match is analysed once) with its state
 * and tries; `match_analysis` the finished analyses as JSON; `match_pr` gains the game its PR
 * was measured in, so a profile can show PR per game. Every PR kept before v7 was backgammon's
 * (the only game measured then), which the upgrade writes in. Run by migrate() in its
 * transaction after v6; each step looks first, so running it at every start is safe.
 */
export async function upgradeToV7(
  trx: Transaction<Database>,
  columnsOf: (table: 'match_pr') => Promise<Set<string>>,
): Promise<void> {
  await trx.schema
    .createTable('analysis_queue')
    .ifNotExists()
    .addColumn('game_id', 'text', (c) => c.primaryKey().notNull().references('games.id').onDelete('cascade'))
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('queued', 'running', 'done', 'failed')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().check(sql`attempts >= 0`))
    .addColumn('enqueued_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // The next match to analyse is the oldest queued: read through (state, enqueued_at, game_id).
  await trx.schema
    .createIndex('analysis_queue_next')
    .ifNotExists()
    .on('analysis_queue')
    .columns(['state', 'enqueued_at', 'game_id'])
    .execute();
  await trx.schema
    .createTable('match_analysis')
    .ifNotExists()
    .addColumn('game_id', 'text', (c) => c.primaryKey().notNull().references('games.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('analysis', 'text', (c) => c.notNull())
    .addColumn('made_at', 'bigint', (c) => c.notNull())
    .execute();
  if (!(await columnsOf('match_pr')).has('game')) {
    await trx.schema.alterTable('match_pr').addColumn('game', 'text').execute();
    await trx.updateTable('match_pr').set({ game: 'backgammon' }).where('game', 'is', null).execute();
  }
}
