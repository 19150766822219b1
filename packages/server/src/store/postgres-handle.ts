import { createHash } from 'node:crypto';
import type { CompiledQuery, Kysely } from 'kysely';
import type pg from 'pg';
import type { Database } from './tables.js';

/**
 * The pg pool under a Kysely opened by openPostgres, so the store's hot statement (appending
 * an action) runs as a named prepared statement: PostgreSQL parses and plans it once per
 * connection, where kysely's unnamed statements are parsed and planned at every execution.
 * Ten connections appending over 2,000 games (`npm run bench:appends -w @zar/server`): 312 →
 * 184 µs of the database's CPU per append, and 3,711 → 5,466 appends a second. Kept beside the
 * Kysely, as sqlite-handle.ts keeps SQLite's: kysely offers no way to name a statement.
 */
const pools = new WeakMap<Kysely<Database>, pg.Pool>();
/** Each prepared text's name, worked out once: the hot path hashes nothing. */
const names = new Map<string, string>();

export function rememberPostgres(db: Kysely<Database>, pool: pg.Pool): void {
  pools.set(db, pool);
}

/**
 * Runs `query` on `db`, prepared under a name its text decides when `db` is a PostgreSQL of
 * openPostgres (a connection prepares each text once; the few texts of a hot path are all it
 * keeps), else as kysely runs any query. Answers the rows it inserted, updated or deleted.
 */
export async function executePrepared(db: Kysely<Database>, query: CompiledQuery): Promise<number> {
  const pool = pools.get(db);
  if (pool === undefined) return Number((await db.executeQuery(query)).numAffectedRows ?? 0);
  let name = names.get(query.sql);
  if (name === undefined) {
    name = `zar_${createHash('sha1').update(query.sql).digest('hex').slice(0, 20)}`;
    names.set(query.sql, name);
  }
  const r = await pool.query({ name, text: query.sql, values: [...query.parameters] });
  return r.rowCount ?? 0;
}
