import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { startCheckpointer } from '../src/store/checkpointer.js';
import { openSqlite, sqlStore } from '../src/store/index.js';
import { sqliteOf } from '../src/store/sqlite-handle.js';
import { game, play, storeContract, stored } from './store-contract.js';

// The fast path is what sqlStore(openSqlite(file)) takes; store-sqlite.test.ts runs the
// contract over it. Here the same contract over the kysely path it replaced, and what is
// particular to the fast one.
const dir = mkdtempSync(join(tmpdir(), 'zar-fast-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const freshFile = (): string => join(dir, `store-${++files}.sqlite`);

storeContract('sqlite through kysely only', async () => sqlStore(openSqlite(freshFile()), { sqliteFastPath: false }));

const until = async (done: () => boolean, ms = 5000): Promise<boolean> => {
  for (const end = Date.now() + ms; Date.now() < end; ) {
    if (done()) return true;
    await new Promise((r) => setTimeout(r, 10));
  }
  return done();
};

describe('the SQLite fast path', () => {
  it('an append issued while another transaction holds the connection waits for it, not joins it', async () => {
    const db = openSqlite(freshFile());
    const store = sqlStore(db);
    await store.migrate();
    await store.createGame(game('g1', 10));
    let appended: ReturnType<typeof store.appendAction> | undefined;
    const failed = db.transaction().execute(async (trx) => {
      await trx.updateTable('games').set({ updated_at: 5 }).where('id', '=', 'g1').execute();
      appended = store.appendAction('g1', 0, play(0, 'a'), 11);
      // Rolls back the transaction; an append nested inside it would be rolled back with it.
      throw new Error('rolled back');
    });
    await expect(failed).rejects.toThrow('rolled back');
    expect(await appended).toEqual({ ok: true });
    expect(await store.actions('g1')).toEqual([stored(play(0, 'a'), 11)]);
    expect((await store.gameById('g1'))?.version).toBe(1);
    await store.close();
  });

  it('commits the appends of one turn together, each answered for itself: a conflict or a failure leaves the others stored', async () => {
    const db = openSqlite(freshFile());
    const sqlite = sqliteOf(db);
    if (sqlite === null) throw new Error('openSqlite remembers its connection');
    const store = sqlStore(db);
    await store.migrate();
    for (const id of ['g1', 'g2', 'g3', 'g4']) await store.createGame(game(id, 10));
    // A row in the way: g4's compare-and-set passes, then its insert fails and takes the version back with it.
    sqlite.prepare("insert into actions (game_id, seq, action, at) values ('g4', 1, '{}', 1)").run();
    const answers = [
      store.appendAction('g1', 0, play(0, 'a'), 11),
      store.appendAction('g2', 5, play(0, 'b'), 11),
      store.appendAction('g4', 0, play(0, 'd'), 11),
      store.appendAction('g3', 0, play(0, 'c'), 12),
    ];
    await expect(answers[2]).rejects.toThrow();
    expect(await Promise.all([answers[0], answers[1], answers[3]])).toEqual([
      { ok: true },
      { ok: false, code: 'ERR_VERSION_CONFLICT' },
      { ok: true },
    ]);
    expect(await store.actions('g1')).toEqual([stored(play(0, 'a'), 11)]);
    expect(await store.actions('g2')).toEqual([]);
    expect(await store.actions('g3')).toEqual([stored(play(0, 'c'), 12)]);
    expect((await store.gameById('g4'))?.version).toBe(0);
    expect((await store.gameById('g3'))?.version).toBe(1);
    await store.close();
  });

  it('hands the WAL checkpoints to a worker: the main connection never checkpoints, the file still fills', async () => {
    const db = openSqlite(freshFile());
    const sqlite = sqliteOf(db);
    if (sqlite === null) throw new Error('openSqlite remembers its connection');
    const store = sqlStore(db);
    await store.migrate();
    expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    await store.createGame(game('g1', 10));
    for (let v = 0; v < 400; v++) await store.appendAction('g1', v, play(0, `${'x'.repeat(200)}${v}`), 11);
    // Only a checkpoint moves pages from the WAL into the database file.
    expect(await until(() => statSync(sqlite.name).size > 100_000)).toBe(true);
    await store.close();
    // The last connection to close removes the WAL: the worker's was closed before the main one.
    expect(existsSync(`${sqlite.name}-wal`)).toBe(false);
    const again = sqlStore(openSqlite(sqlite.name));
    expect((await again.actions('g1')).length).toBe(400);
    await again.close();
  });

  it('a checkpointer that is stopped leaves the file to SQLite alone', async () => {
    const file = freshFile();
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    const checkpointer = startCheckpointer(sqlite, 10);
    sqlite.exec('create table t (x text)');
    const insert = sqlite.prepare('insert into t values (?)');
    for (let i = 0; i < 300; i++) insert.run('y'.repeat(500));
    expect(await until(() => statSync(file).size > 100_000)).toBe(true);
    await checkpointer.stop();
    await checkpointer.stop();
    const size = statSync(file).size;
    for (let i = 0; i < 300; i++) insert.run('z'.repeat(500));
    await new Promise((r) => setTimeout(r, 100));
    // Nobody checkpoints now (automatic checkpoints are off): the new rows wait in the WAL.
    expect(statSync(file).size).toBe(size);
    sqlite.close();
  });
});
