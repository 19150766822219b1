import { readFileSync } from 'node:fs';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../src/store/index.js';

/**
 * The statements of fixtures/schema-v3.sql (frozen): the tables of schema v3 as an older server
 * made them, then the rows that server wrote, among them finished matches whose dice the
 * upgrade to v4 counts (store-upgrade-v3.test.ts). Comment lines dropped, split at each `;` (no
 * value in the file holds one).
 */
export const SCHEMA_V3: readonly string[] = readFileSync(new URL('../fixtures/schema-v3.sql', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => !line.startsWith('--'))
  .join('\n')
  .split(';')
  .map((s) => s.trim())
  .filter((s) => s !== '');

/** Makes the database of schema v3, with its rows, in `db` (SQLite or PostgreSQL). */
export async function createSchemaV3(db: Kysely<Database>): Promise<void> {
  for (const statement of SCHEMA_V3) await sql.raw(statement).execute(db);
}
