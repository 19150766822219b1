import { sql, type Transaction } from 'kysely';
import type { Database } from './tables.js';

/**
 * Schema v10: `games.deadline_at`, when the current stretch of a correspondence match runs out
 * (null when no such clock runs), and `deadline_seat`, the seat whose stretch it is, written
 * with each of its actions. A correspondence match
 * nobody watches has no room in memory; the deadline sweep (game/deadline-sweep.ts) finds the
 * ones whose time is up through `games_deadline`. Older rows need nothing filled in: no match
 * before it had such a clock. Run by migrate() in its transaction after v9; each step looks
 * first, so running it at every start is safe.
 */
export async function upgradeToV10(trx: Transaction<Database>, games: Set<string>): Promise<void> {
  if (!games.has('deadline_at')) await trx.schema.alterTable('games').addColumn('deadline_at', 'bigint').execute();
  if (!games.has('deadline_seat')) {
    await trx.schema
      .alterTable('games')
      .addColumn('deadline_seat', 'integer', (c) => c.check(sql`deadline_seat in (0, 1)`))
      .execute();
  }
  await trx.schema.createIndex('games_deadline').ifNotExists().on('games').columns(['deadline_at', 'id']).execute();
}
