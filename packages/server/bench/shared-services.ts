/**
 * The PostgreSQL and Redis of games.bench.ts's `--variant postgres` and `--instances`, started
 * when first asked for: the ones at DATABASE_URL and REDIS_URL when set, else private ones (the
 * tests' helpers; PostgreSQL with fsync on, for honest commit latencies). Each run gets a fresh
 * database of its own, dropped at the end.
 */
import { sql } from 'kysely';
import { openPostgres } from '../src/store/index.js';
import { startPostgres, type TestPostgres } from '../test/support/postgres.js';
import { startRedis, type TestRedis } from '../test/support/redis.js';

export interface SharedServices {
  /** A new, empty database for one run; its URL. */
  database(tag: string): Promise<string>;
  redis(): Promise<string>;
  /** Drops the databases made and stops what was started. */
  stop(): Promise<void>;
}

export function sharedServices(): SharedServices {
  let postgres: Promise<TestPostgres> | null = null;
  let redis: Promise<TestRedis> | null = null;
  const made: string[] = [];
  const admin = async <T>(run: (db: ReturnType<typeof openPostgres>) => Promise<T>): Promise<T> => {
    postgres ??= startPostgres(process.env, { fsync: true });
    const db = openPostgres((await postgres).url, { max: 1 });
    try {
      return await run(db);
    } finally {
      await db.destroy();
    }
  };
  return {
    async database(tag) {
      const name = `zar_bench_${tag.toLowerCase().replace(/[^a-z0-9_]/g, '_')}`;
      await admin((db) => sql.raw(`create database ${name}`).execute(db));
      made.push(name);
      const url = new URL((await (postgres as Promise<TestPostgres>)).url);
      url.pathname = `/${name}`;
      return url.toString();
    },
    async redis() {
      redis ??= startRedis();
      return (await redis).url;
    },
    async stop() {
      if (postgres !== null) {
        for (const name of made.splice(0)) {
          await admin((db) => sql.raw(`drop database if exists ${name} with (force)`).execute(db));
        }
        await (await postgres).stop();
      }
      if (redis !== null) await (await redis).stop();
    },
  };
}
