import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, migrate, openPostgres, openSqlite } from '../src/store/index.js';
import { postgresSchemas } from './support/postgres-schemas.js';

/*
 * Schema v11 (schema-v11.ts): no index of the games holds `updated_at`, which every action
 * writes, on a database made afresh or upgraded from one that had `games_active`.
 */

const postgres = postgresSchemas('zar_v11');
const dir = mkdtempSync(join(tmpdir(), 'zar-v11-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Indexes = (db: Kysely<Database>) => Promise<string[]>;

const sqliteIndexes: Indexes = async (db) =>
  (
    await sql<{
      sql: string | null;
    }>`select sql from sqlite_master where type = 'index' and tbl_name = 'games'`.execute(db)
  ).rows.map((r) => r.sql ?? '');

const postgresIndexes: Indexes = async (db) =>
  (
    await sql<{
      indexdef: string;
    }>`select indexdef from pg_indexes where schemaname = current_schema() and tablename = 'games'`.execute(db)
  ).rows.map((r) => r.indexdef);

async function check(db: Kysely<Database>, indexes: Indexes): Promise<void> {
  try {
    await migrate(db);
    const fresh = await indexes(db);
    expect(fresh.some((d) => d.includes('games_status'))).toBe(true);
    expect(fresh.filter((d) => d.includes('updated_at'))).toEqual([]);
    // A database of v10 had the index on the time of the last action.
    await sql`drop index games_status`.execute(db);
    await sql`create index games_active on games (status, updated_at, id)`.execute(db);
    await migrate(db);
    const upgraded = await indexes(db);
    expect(upgraded.some((d) => d.includes('games_status'))).toBe(true);
    expect(upgraded.filter((d) => d.includes('updated_at') || d.includes('games_active'))).toEqual([]);
  } finally {
    await db.destroy();
  }
}

describe('schema v11', () => {
  it('keeps no index of the games on updated_at, on SQLite', async () => {
    await check(openSqlite(join(dir, 'zar.sqlite')), sqliteIndexes);
  });

  it('keeps no index of the games on updated_at, on PostgreSQL', async () => {
    const schema = await postgres.fresh();
    await check(openPostgres(postgres.url, { schema }), postgresIndexes);
  });
});
