import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { openPostgres } from '../../src/store/index.js';
import { startPostgres, type TestPostgres } from './postgres.js';

/** The PostgreSQL of a suite, and a fresh schema of its own for each store. */
export interface PostgresSchemas {
  /** The cluster's URL; read it in a test or hook, once `beforeAll` has started it. */
  readonly url: string;
  /** Creates an empty schema named `<prefix>_<random>`, dropped at the end. */
  fresh(): Promise<string>;
}

/**
 * Starts a PostgreSQL (startPostgres: DATABASE_URL, else a private cluster, and an error, not a
 * skip, without one) before the suite or describe block it is called in, and after it drops every
 * schema `fresh` made and stops the cluster: runs and tests never see each other's rows.
 */
export function postgresSchemas(prefix: string): PostgresSchemas {
  let postgres: TestPostgres | undefined;
  const schemas: string[] = [];
  const url = () => {
    if (!postgres) throw new Error('PostgreSQL is not started yet: use it in a test or hook');
    return postgres.url;
  };
  beforeAll(async () => {
    postgres = await startPostgres();
  }, 60_000);
  afterAll(async () => {
    if (!postgres) return;
    const admin = openPostgres(postgres.url, { max: 1 });
    for (const schema of schemas) await sql.raw(`drop schema if exists ${schema} cascade`).execute(admin);
    await admin.destroy();
    await postgres.stop();
    // Dropping the schemas and stopping the server take seconds on a loaded machine, as starting does.
  }, 60_000);
  return {
    get url() {
      return url();
    },
    async fresh() {
      const schema = `${prefix}_${randomBytes(6).toString('hex')}`;
      schemas.push(schema);
      const admin = openPostgres(url(), { max: 1 });
      await sql.raw(`create schema ${schema}`).execute(admin);
      await admin.destroy();
      return schema;
    },
  };
}
