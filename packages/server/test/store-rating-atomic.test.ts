import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Kysely, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openPostgres, openSqlite, type Store, sqlStore } from '../src/store/index.js';
import { game, human, user } from './store-contract.js';
import { postgresSchemas } from './support/postgres-schemas.js';

/*
 * A rated match is rated atomically with the match's end and exactly once, even when the server
 * is killed between the last action and the rating write. The rating is written in the
 * transaction of the action that ends the match, after the action's own rows; so a failure of
 * the rating write, injected here as a trigger on rating_changes that raises, must take the
 * action back too: the version does not move, and a retry (the fault gone) stores the action
 * and rates once. The same for a process SIGKILLed inside that transaction, between the
 * action's rows and the rating's (SQLite: the trigger calls a function that kills it). And a
 * process killed right after that transaction committed loses neither.
 */
const dir = mkdtempSync(join(tmpdir(), 'zar-rating-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const END = { type: 'timeout', player: 1 } as const;
const OUTCOME = { score: [3, 0] as const, winner: 0 as const, abandonedBy: 1 as const };
const RATE = { pool: 'backgammon', length: 3, winner: 'ana', loser: 'bo' };

async function ratedMatch(store: Store): Promise<void> {
  await store.migrate();
  await store.createUser(user('ana', 'Ana'));
  await store.createUser(user('bo', 'Bo'));
  await store.createGame(
    game('rated', 10, {
      status: 'playing',
      open: false,
      rated: true,
      pool: 'backgammon',
      seats: [human('ana', 'Ana'), human('bo', 'Bo')],
    }),
  );
}

/** The rating write fails inside the transaction, then works: the action goes with it both times. */
async function expectAtomic(store: Store, fault: { add(): Promise<void>; remove(): Promise<void> }): Promise<void> {
  await ratedMatch(store);
  await fault.add();
  await expect(store.appendAction('rated', 0, END, 500, 'over', OUTCOME, RATE)).rejects.toThrow(/rating write failed/);
  expect(await store.gameById('rated')).toMatchObject({
    version: 0,
    status: 'playing',
    winner: null,
    abandonedBy: null,
  });
  expect(await store.actions('rated')).toEqual([]);
  expect(await store.ratingsOf('ana')).toEqual([]);
  expect(await store.ratingChangesOf('rated')).toEqual([]);
  await fault.remove();
  const r = await store.appendAction('rated', 0, END, 501, 'over', OUTCOME, RATE);
  expect(r.ok && r.rated?.map((c) => c.userId)).toEqual(['ana', 'bo']);
  expect(await store.gameById('rated')).toMatchObject({ version: 1, status: 'over', winner: 0, abandonedBy: 1 });
  expect(await store.actions('rated')).toEqual([{ action: END, at: 501 }]);
  expect(await store.ratingChangesOf('rated')).toEqual(r.ok ? r.rated : []);
  expect((await store.ratingsOf('bo'))[0]).toMatchObject({ matches: 1, wins: 0, experience: 3, updatedAt: 501 });
}

describe('SQLite', () => {
  it('takes the action back when the rating write fails in its transaction, then rates once', async () => {
    const db = openSqlite(join(dir, 'trigger.sqlite'));
    const trigger = (text: string) => sql.raw(text).execute(db);
    await expectAtomic(sqlStore(db), {
      add: () =>
        trigger(`create trigger rating_fault before insert on rating_changes
                 begin select raise(abort, 'rating write failed'); end`).then(() => {}),
      remove: () => trigger('drop trigger rating_fault').then(() => {}),
    });
    await db.destroy();
  });

  it('stores neither the action nor its rating when the process is killed between them, then rates once', async () => {
    const file = join(dir, 'killed-between.sqlite');
    expect(await runUntilKilled(file, 'before-rating')).toBeNull();
    const db = openSqlite(file);
    const store = sqlStore(db);
    await store.migrate();
    expect(await store.gameById('rated')).toMatchObject({ version: 0, status: 'playing', abandonedBy: null });
    expect(await store.actions('rated')).toEqual([]);
    expect(await store.ratingsOf('ana')).toEqual([]);
    expect(await store.ratingChangesOf('rated')).toEqual([]);
    // The restarted server (without the dying trigger) stores the end again, and rates it once.
    await sql`drop trigger die_before_rating`.execute(db);
    const r = await store.appendAction('rated', 0, END, 600, 'over', OUTCOME, RATE);
    expect(r.ok && r.rated?.length).toBe(2);
    expect(await store.ratingChangesOf('rated')).toHaveLength(2);
    expect((await store.ratingsOf('ana'))[0]).toMatchObject({ matches: 1, wins: 1 });
    await store.close();
  });

  it('loses neither the action nor its rating when the process is killed right after the commit', async () => {
    const file = join(dir, 'killed.sqlite');
    const answer = await runUntilKilled(file, 'after-commit');
    const store = sqlStore(openSqlite(file));
    expect(await store.actions('rated')).toEqual([{ action: END, at: 1_767_225_600_000 }]);
    expect(await store.gameById('rated')).toMatchObject({ version: 1, status: 'over', winner: 0, abandonedBy: 1 });
    const changes = await store.ratingChangesOf('rated');
    expect(answer).toEqual({ ok: true, rated: changes });
    expect(changes.map((c) => [c.userId, c.after > c.before])).toEqual([
      ['ana', true],
      ['bo', false],
    ]);
    expect((await store.ratingsOf('ana'))[0]).toMatchObject({ matches: 1, wins: 1, rating: changes[0]?.after });
    await store.close();
  });
});

describe('PostgreSQL', () => {
  const postgres = postgresSchemas('zar_rating');

  it('takes the action back when the rating write fails in its transaction, then rates once', async () => {
    const db: Kysely<Database> = openPostgres(postgres.url, { schema: await postgres.fresh() });
    const run = (text: string) =>
      sql
        .raw(text)
        .execute(db)
        .then(() => {});
    await expectAtomic(sqlStore(db), {
      add: async () => {
        await run(`create function rating_fault() returns trigger language plpgsql as
                   $$ begin raise exception 'rating write failed'; end $$`);
        await run(`create trigger rating_fault before insert on rating_changes
                   for each row execute function rating_fault()`);
      },
      remove: () => run('drop trigger rating_fault on rating_changes'),
    });
    await db.destroy();
  });
});

const CHILD = join(dirname(fileURLToPath(import.meta.url)), 'support', 'rate-then-killed.ts');

/** Runs the child that rates a match and SIGKILLs itself; resolves with what appendAction answered, if anything. */
function runUntilKilled(file: string, when: 'after-commit' | 'before-rating'): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, file, when], {
      cwd: dirname(CHILD),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      err += chunk;
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (signal !== 'SIGKILL') reject(new Error(`the child ended by itself (code ${code}):\n${err}`));
      else resolve(JSON.parse(out.split('\n')[0] || 'null'));
    });
  });
}
