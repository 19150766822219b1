import { readFileSync } from 'node:fs';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../src/store/index.js';

/*
 * The databases older servers made, frozen in fixtures/schema-v<N>.sql: the upgrade tests build
 * one with plain SQL, so nothing of today's store takes part. v1 has the tables only; v2 and v3
 * their rows too (v2: a match abandoned under the old timeout rule, store-upgrade-v2.test.ts;
 * v3: finished matches whose dice the upgrade to v4 counts, store-upgrade-v3.test.ts).
 */

/** The statements of fixtures/schema-v<version>.sql: comment lines dropped, split at each `;` (no value in the files holds one). */
function frozenStatements(version: 1 | 2 | 3): readonly string[] {
  return readFileSync(new URL(`../fixtures/schema-v${version}.sql`, import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => !line.startsWith('--'))
    .join('\n')
    .split(';')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

export const SCHEMA_V1 = frozenStatements(1);
export const SCHEMA_V2 = frozenStatements(2);
export const SCHEMA_V3 = frozenStatements(3);

/** Runs a frozen schema's statements in `db` (SQLite or PostgreSQL). */
async function create(db: Kysely<Database>, statements: readonly string[]): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/** Makes the tables of schema v1, empty. */
export const createSchemaV1 = (db: Kysely<Database>): Promise<void> => create(db, SCHEMA_V1);
/** Makes the database of schema v2, with its rows. */
export const createSchemaV2 = (db: Kysely<Database>): Promise<void> => create(db, SCHEMA_V2);
/** Makes the database of schema v3, with its rows. */
export const createSchemaV3 = (db: Kysely<Database>): Promise<void> => create(db, SCHEMA_V3);
