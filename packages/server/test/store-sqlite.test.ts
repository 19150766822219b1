import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqlite, openStore, sqlStore } from '../src/store/index.js';
import { DEFAULT_SQLITE_BUSY_MS } from '../src/store/sqlite-busy.js';
import { game, play, storeContract, stored, user } from './store-contract.js';

const dir = mkdtempSync(join(tmpdir(), 'zar-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const freshFile = (): string => join(dir, `store-${++files}.sqlite`);

storeContract('sqlite', async () => sqlStore(openSqlite(freshFile())));

describe('sqlite store', () => {
  it('opens in WAL mode with synchronous=NORMAL, foreign keys on and a busy timeout', async () => {
    const db = openSqlite(freshFile());
    const pragma = async (name: string): Promise<unknown> =>
      Object.values((await sql.raw(`pragma ${name}`).execute(db)).rows[0] as object)[0];
    expect(await pragma('journal_mode')).toBe('wal');
    expect(await pragma('synchronous')).toBe(1); // 1 = NORMAL
    expect(await pragma('foreign_keys')).toBe(1);
    expect(await pragma('busy_timeout')).toBe(DEFAULT_SQLITE_BUSY_MS);
    await db.destroy();
  });

  it('openStore creates the folder and the tables, and a reopened file has everything', async () => {
    const file = join(dir, 'nested', 'deeper', 'zar.sqlite');
    const first = await openStore({ ZAR_DB: file });
    expect(existsSync(file)).toBe(true);
    await first.createUser(user('u1', 'Ana'));
    await first.createGame(game('g1', 10));
    await first.appendAction('g1', 0, play(0, 'a'), 11, 'playing');
    await first.close();
    const again = await openStore({ ZAR_DB: file });
    expect(await again.userByName('Ana')).toEqual(user('u1', 'Ana'));
    expect(await again.gameById('g1')).toEqual({ ...game('g1', 10), version: 1, status: 'playing', updatedAt: 11 });
    expect(await again.actions('g1')).toEqual([stored(play(0, 'a'), 11)]);
    await again.close();
  });

  it('openStore refuses a DATABASE_URL that is not PostgreSQL instead of falling back', async () => {
    await expect(openStore({ DATABASE_URL: 'mysql://x@y/z', ZAR_DB: freshFile() })).rejects.toThrow(
      /DATABASE_URL must start with postgres:\/\//,
    );
  });

  it('keeps every acknowledged action when the process is killed (SIGKILL) mid-run, and resumes', async () => {
    const file = freshFile();
    let kept = 0;
    for (let round = 0; round < 3; round++) {
      const run = await appendUntilKilled(file, 150);
      // The restarted process picks up exactly where the killed one left its data.
      expect(run.start).toBe(kept);
      expect(run.acknowledged.length).toBeGreaterThanOrEqual(150);
      const store = sqlStore(openSqlite(file));
      const check = new SQLite(file, { readonly: true });
      expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
      check.close();
      const version = (await store.gameById('g'))?.version ?? -1;
      const actions = await store.actions('g');
      expect(actions.length).toBe(version);
      expect(actions).toEqual(actions.map((_, i) => stored(play(((i + 1) % 2) as 0 | 1, `play ${i + 1}`), i + 1)));
      // Every version printed after appendAction resolved is stored; at most one more commit
      // may have landed between its write and the print.
      const last = run.acknowledged[run.acknowledged.length - 1] ?? kept;
      expect(run.acknowledged).toEqual(Array.from({ length: last - kept }, (_, i) => kept + i + 1));
      expect(version - last).toBeGreaterThanOrEqual(0);
      expect(version - last).toBeLessThanOrEqual(1);
      await store.close();
      kept = version;
    }
  });
});

const CHILD = join(dirname(fileURLToPath(import.meta.url)), 'support', 'append-until-killed.ts');

/** Starts the appending child, SIGKILLs it once it has acknowledged `count` actions. */
function appendUntilKilled(file: string, count: number): Promise<{ start: number; acknowledged: number[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, file], {
      cwd: dirname(CHILD),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    let killed = false;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      if (!killed && out.split('\n').length - 2 >= count) {
        killed = true;
        child.kill('SIGKILL');
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      err += chunk;
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (signal !== 'SIGKILL') {
        reject(new Error(`the child ended by itself (code ${code}) before it was killed:\n${err}`));
        return;
      }
      // A line cut off by the kill was never acknowledged: only complete lines count.
      const lines = out.split('\n').slice(0, -1);
      const start = /^start (\d+)$/.exec(lines[0] ?? '');
      if (!start) {
        reject(new Error(`the child printed no start line:\n${out}\n${err}`));
        return;
      }
      resolve({ start: Number(start[1]), acknowledged: lines.slice(1).map(Number) });
    });
  });
}
