import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, describe, it } from 'vitest';
import { type Database, openPostgres, openSqlite, openStore, type Store, sqlStore } from '../../src/store/index.js';
import { postgresSchemas } from './postgres-schemas.js';

/** An upgrade test: an old database's rows, and what today's store must make of them. */
export interface Upgrade {
  /** The test's name, the same in both stores. */
  readonly name: string;
  /** Names the temp dir (`zar-<tag>-`) and the PostgreSQL schema (`zar_<tag>_…`). */
  readonly tag: string;
  /** Builds the old database with plain SQL. */
  readonly makeOld: (db: Kysely<Database>) => Promise<void>;
  /** Runs on the store opened over it, closed afterwards. */
  readonly check: (store: Store) => Promise<void>;
  /** The old schema's version, for the suites' names (default 'v1'). */
  readonly from?: string;
}

/**
 * The upgrade in both SQL stores: a SQLite file opened the way the server opens it (openStore
 * with ZAR_DB), and a PostgreSQL schema opened and migrated.
 */
export function upgradeSuites({ name, tag, makeOld, check, from = 'v1' }: Upgrade): void {
  describe(`a SQLite file of schema ${from}`, () => {
    const dir = mkdtempSync(join(tmpdir(), `zar-${tag}-`));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it(name, async () => {
      const file = join(dir, 'zar.sqlite');
      const old = openSqlite(file);
      await makeOld(old);
      await old.destroy();
      const store = await openStore({ ZAR_DB: file });
      try {
        await check(store);
      } finally {
        await store.close();
      }
    });
  });

  describe(`a PostgreSQL schema of schema ${from}`, () => {
    const postgres = postgresSchemas(`zar_${tag}`);

    it(name, async () => {
      const schema = await postgres.fresh();
      const old = openPostgres(postgres.url, { schema, max: 1 });
      await makeOld(old);
      await old.destroy();
      const store = sqlStore(openPostgres(postgres.url, { schema }));
      try {
        await store.migrate();
        await check(store);
      } finally {
        await store.close();
      }
    });
  });
}
