import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { type Database, openPostgres, openSqlite, type Store, sqlStore } from '../src/store/index.js';
import { game, play } from '../test/store-contract.js';
import { startPostgres } from '../test/support/postgres.js';

/**
 * appendAction spread over many live games, as a server's are, in the same invocation on the
 * schema as it is and again with the games' index on `updated_at` that schema v11 took away
 * (schema-v11.ts), and on PostgreSQL also with kysely's unnamed statements rather than the
 * store's prepared one (postgres-handle.ts): SQLite's time per append on one connection (the
 * server's one thread), and PostgreSQL's appends per second from ten connections with the CPU
 * its own processes spent on each (read from /proc, so a private cluster only) and the share
 * of its updates of the games that were HOT.
 * `npm run bench:appends -w @zar/server -- [appends] [games]`.
 */
const APPENDS = Number(process.argv[2] ?? 40_000);
const GAMES = Number(process.argv[3] ?? 2000);
const CONNECTIONS = 10;

type Variant = 'v11' | 'v10 index';

/** The index v11 dropped, put back: the baseline. */
async function asBefore(db: Kysely<Database>, variant: Variant): Promise<void> {
  if (variant === 'v11') return;
  await sql`drop index games_status`.execute(db);
  await sql`create index games_active on games (status, updated_at, id)`.execute(db);
}

async function prepare(store: Store): Promise<Int32Array> {
  for (let i = 0; i < GAMES; i++) await store.createGame(game(`g${i}`, i, { status: 'playing' }));
  return new Int32Array(GAMES);
}

/** `workers` loops appending to the games in turn, each awaited as the server awaits its own. */
async function appendAll(store: Store, versions: Int32Array, workers: number): Promise<number> {
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < APPENDS) {
        const k = next++ % GAMES;
        const v = versions[k] as number;
        versions[k] = v + 1;
        const r = await store.appendAction(`g${k}`, v, play((v % 2) as 0 | 1, '24/18 13/11'), Date.now());
        if (!r.ok) throw new Error(`game g${k} refused its action ${v}: ${r.code}`);
      }
    }),
  );
  return performance.now() - start;
}

async function sqlite(dir: string, variant: Variant): Promise<number> {
  const db = openSqlite(join(dir, `${variant.replace(' ', '-')}.sqlite`));
  const store = sqlStore(db);
  await store.migrate();
  await asBefore(db, variant);
  const ms = await appendAll(store, await prepare(store), 1);
  const each = (ms / APPENDS) * 1000;
  console.log(`sqlite      ${variant.padEnd(10)} ${APPENDS} appends over ${GAMES} games: ${each.toFixed(1)} µs each`);
  await store.close();
  return each;
}

/** CPU time (ms) the PostgreSQL processes of the cluster have used so far. */
function postgresCpuMs(): number {
  let ticks = 0;
  const pids = execFileSync('pgrep', ['-u', 'postgres', 'postgres'], { encoding: 'utf8' }).split('\n');
  for (const pid of pids.filter((p) => p !== '')) {
    try {
      const fields = (readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] ?? '').split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // A process that ended meanwhile.
    }
  }
  return ticks * 10;
}

/** The store's own Kysely (prepared), or one over a pool of its own, which kysely runs unnamed. */
function postgresOf(url: string, schema: string, prepared: boolean): Kysely<Database> {
  if (prepared) return openPostgres(url, { schema, max: CONNECTIONS });
  const pool = new pg.Pool({ connectionString: url, max: CONNECTIONS, options: `-c search_path=${schema}` });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

async function postgres(url: string, variant: Variant, prepared: boolean): Promise<number> {
  const label = `${variant}, ${prepared ? 'prepared' : 'unnamed'}`;
  const schema = `zar_spread_${label.replace(/[^a-z0-9]+/g, '_')}`;
  const admin = openPostgres(url, { max: 1 });
  await sql.raw(`drop schema if exists ${schema} cascade; create schema ${schema}`).execute(admin);
  const db = postgresOf(url, schema, prepared);
  const store = sqlStore(db);
  try {
    await store.migrate();
    await asBefore(db, variant);
    const versions = await prepare(store);
    const cpu = postgresCpuMs();
    const ms = await appendAll(store, versions, CONNECTIONS);
    const each = ((postgresCpuMs() - cpu) / APPENDS) * 1000;
    // The statistics are sent at the end of each transaction, a little late: a pause lets them in.
    await new Promise((r) => setTimeout(r, 1000));
    const { rows } = await sql<{ upd: string; hot: string }>`
      select n_tup_upd as upd, n_tup_hot_upd as hot from pg_stat_user_tables
      where schemaname = ${schema} and relname = 'games'`.execute(db);
    const hot = Number(rows[0]?.hot ?? 0) / Math.max(1, Number(rows[0]?.upd ?? 0));
    console.log(
      `postgresql  ${label.padEnd(20)} ${APPENDS} appends over ${GAMES} games from ${CONNECTIONS} connections: ` +
        `${Math.round((APPENDS / ms) * 1000)}/s, its CPU ${each.toFixed(0)} µs each, HOT updates ${(hot * 100).toFixed(0)} %`,
    );
    return each;
  } finally {
    await store.close();
    await sql.raw(`drop schema if exists ${schema} cascade`).execute(admin);
    await admin.destroy();
  }
}

const dir = mkdtempSync(join(tmpdir(), 'zar-spread-'));
try {
  const before = await sqlite(dir, 'v10 index');
  const after = await sqlite(dir, 'v11');
  console.log(`sqlite: v11 / v10 index ×${(after / before).toFixed(2)} per append`);
  const cluster = await startPostgres(process.env, { fsync: true });
  try {
    if (!cluster.private) throw new Error('the CPU of PostgreSQL is read from its processes: unset DATABASE_URL');
    const base = await postgres(cluster.url, 'v10 index', false);
    const v11 = await postgres(cluster.url, 'v11', false);
    const prepared = await postgres(cluster.url, 'v11', true);
    const ratio = (x: number) => `×${(x / base).toFixed(2)}`;
    console.log(
      `postgresql: its CPU per append against v10 index, unnamed: v11 ${ratio(v11)}, v11 prepared ${ratio(prepared)}`,
    );
  } finally {
    await cluster.stop();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
