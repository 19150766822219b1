import { type Kysely, SqliteAdapter } from 'kysely';
import type { Database } from './tables.js';

/** Whether `db` is SQLite, which has one writer at a time and no SELECT … FOR UPDATE (PostgreSQL needs it). */
export function isSqlite(db: Kysely<Database>): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}
