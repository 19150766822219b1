import { sql, type Transaction } from 'kysely';
import type { Database } from './tables.js';

/**
 * Schema v6: the imported matches (a table of their own, nothing else changes). Run by
 * migrate() in its transaction after v5; IF NOT EXISTS, so an older database gains it at its
 * next start with nothing to fill in. An import goes with its owner (ON DELETE CASCADE), and
 * an owner's list reads the index (owner, created_at, id).
 */
export async function addImportsTable(trx: Transaction<Database>): Promise<void> {
  await trx.schema
    .createTable('imports')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('owner', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('format', 'text', (c) => c.notNull().check(sql`format in ('mat', 'sgf', 'json')`))
    .addColumn('name', 'text')
    .addColumn('record', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await trx.schema
    .createIndex('imports_owner')
    .ifNotExists()
    .on('imports')
    .columns(['owner', 'created_at', 'id'])
    .execute();
}
