import type { Transaction } from 'kysely';
import type { Database } from './tables.js';

/**
 * Schema v11: the games being played are found by `games_status` (status, id) rather than by
 * `games_active` (status, updated_at, id). Every action writes `updated_at`; with that column in
 * an index, each action rewrote the index's entry on SQLite, and on PostgreSQL no update of the
 * row could be HOT, so each one added an entry to every index of the table. Without it, 20,000 to
 * 40,000 appends spread over 2,000 games, on the 2-core machine, cost SQLite 41 µs each instead
 * of 54, and PostgreSQL 315 µs of its CPU instead of 403 (91 % of the updates now HOT). The live
 * list and the sweeps that ordered by `updated_at` now sort the games being played, which are
 * few beside the finished ones. Run by migrate() in its transaction after v10; each step
 * looks first, so running it at every start is safe.
 */
export async function upgradeToV11(trx: Transaction<Database>): Promise<void> {
  await trx.schema.dropIndex('games_active').ifExists().execute();
  await trx.schema.createIndex('games_status').ifNotExists().on('games').columns(['status', 'id']).execute();
}
