import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Database } from './tables.js';

/**
 * The better-sqlite3 connection under a Kysely opened by openSqlite, so the store can take the
 * hot path (appending an action) without kysely's per-query compile and prepare. Kept beside
 * the Kysely rather than in it: kysely offers no way to reach its driver's connection.
 */
const handles = new WeakMap<Kysely<Database>, SQLite.Database>();

export function rememberSqlite(db: Kysely<Database>, sqlite: SQLite.Database): void {
  handles.set(db, sqlite);
}

/** The SQLite connection under `db`; null for PostgreSQL or a Kysely built elsewhere. */
export function sqliteOf(db: Kysely<Database>): SQLite.Database | null {
  return handles.get(db) ?? null;
}
