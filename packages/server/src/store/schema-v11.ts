import type { Transaction } from 'kysely';
import type { Database } from './tables.js';

/**
 * Schema v11: the games being played are found by `games_status` (status, id) rather than by
 * `games_active` (status, updated_at, id). Every action writes `updated_at`; with that column
 * in an index, each action rewrote the index's entry on SQLite, and on PostgreSQL no update of
 * the row could be HOT, so each one added an entry to every index of the table. Without it,
 * appends spread over 2,000 games on the 2-core machine (`npm run bench:appends -w
 * @zar/server`) cost SQLite 43 µs each instead of 56, and PostgreSQL 312 µs of its CPU instead
 * of 393 (95 % of the updates now HOT). The live list and the sweeps that ordered by
 * `updated_at` now sort the games being played, which are few beside the finished ones. Run by
 * migrate() in its transaction after v10; each step looks first, so running it at every start
 * is safe.
 */
export async function upgradeToV11(trx: Transaction<Database>): Promise<void> {
  await trx.schema.dropIndex('games_active').ifExists().execute();
  await trx.schema.createIndex('games_status').ifNotExists().on('games').columns(['status', 'id']).execute();
}
