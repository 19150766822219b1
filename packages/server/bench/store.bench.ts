import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { memoryStore, openPostgres, openSqlite, type Store, sqlStore } from '../src/store/index.js';
import { game, play } from '../test/store-contract.js';
import { startPostgres } from '../test/support/postgres.js';

/**
 * appendAction latency, awaited one by one as the server does (each action is stored before
 * it is acknowledged). Run by hand: `npx tsx packages/server/bench/store.bench.ts [appends]`.
 * PostgreSQL is DATABASE_URL when set, else a private cluster with fsync ON, so its commits
 * cost what they would in production.
 */
const appends = Number(process.argv[2] ?? 10_000);

async function measure(label: string, store: Store): Promise<void> {
  await store.migrate();
  await store.createGame(game('bench', 1));
  const times = new Float64Array(appends);
  const start = performance.now();
  for (let v = 0; v < appends; v++) {
    const t = performance.now();
    const r = await store.appendAction('bench', v, play((v % 2) as 0 | 1, '24/18 13/11'), Date.now());
    times[v] = performance.now() - t;
    if (!r.ok) throw new Error(`conflict at ${v}`);
  }
  const total = performance.now() - start;
  times.sort();
  const at = (q: number): string => (times[Math.min(appends - 1, Math.floor(q * appends))] ?? 0).toFixed(3);
  console.log(
    `${label.padEnd(34)} ${appends} appends in ${total.toFixed(0)} ms: ` +
      `p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms, ${Math.round((appends / total) * 1000)}/s`,
  );
  await store.close();
}

const dir = mkdtempSync(join(tmpdir(), 'zar-bench-'));
try {
  await measure('memory', memoryStore());
  await measure('sqlite WAL synchronous=NORMAL', sqlStore(openSqlite(join(dir, 'normal.sqlite'))));
  const full = openSqlite(join(dir, 'full.sqlite'));
  await sql`pragma synchronous = FULL`.execute(full);
  await measure('sqlite WAL synchronous=FULL', sqlStore(full));

  const postgres = await startPostgres(process.env, { fsync: true });
  const schema = `zar_bench_${randomBytes(4).toString('hex')}`;
  const admin = openPostgres(postgres.url, { max: 1 });
  try {
    await sql.raw(`create schema ${schema}`).execute(admin);
    const where = postgres.private ? 'private cluster, fsync on' : 'DATABASE_URL';
    await measure(`postgres (${where})`, sqlStore(openPostgres(postgres.url, { schema })));
  } finally {
    await sql.raw(`drop schema if exists ${schema} cascade`).execute(admin);
    await admin.destroy();
    await postgres.stop();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
