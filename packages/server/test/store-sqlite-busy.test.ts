import { replay } from '@zar/match';
import type { ServerMessage } from '@zar/protocol';
import SQLite from 'better-sqlite3';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openSqlite, openStore, sqlStore } from '../src/store/index.js';
import { busyTimeoutOf, DEFAULT_SQLITE_BUSY_MS, MAX_SQLITE_BUSY_MS, sqliteBusyFrom } from '../src/store/sqlite-busy.js';
import { sqliteOf } from '../src/store/sqlite-handle.js';
import {
  autoplay,
  Caller,
  Client,
  type Running,
  randomAction,
  seededRandom,
  settled,
  startServer,
  tempDir,
} from './support/harness.js';
import { LEVEL, LogSink } from './support/log-sink.js';

/**
 * Another process (here: a second connection) holds SQLite's write lock. better-sqlite3 waits
 * for it on the event loop, so the wait is the busy timeout, short by default: a request that
 * writes meanwhile is refused with 503 and Retry-After, a read still works (WAL), a player's
 * action is refused and not applied, and once the lock is gone everything goes on.
 */
const BUSY_MS = 20;

const temp = tempDir();
let server: Running | null = null;
let locker: SQLite.Database | null = null;
afterEach(async () => {
  locker?.close();
  locker = null;
  await server?.close();
  server = null;
});
afterAll(() => temp.remove());

describe('ZAR_SQLITE_BUSY_MS', () => {
  it('is 50 ms by default, takes whole milliseconds up to the most, and refuses anything else', () => {
    expect(sqliteBusyFrom({})).toEqual({ ok: true, value: DEFAULT_SQLITE_BUSY_MS });
    expect(DEFAULT_SQLITE_BUSY_MS).toBe(50);
    expect(sqliteBusyFrom({ ZAR_SQLITE_BUSY_MS: '0' })).toEqual({ ok: true, value: 0 });
    expect(sqliteBusyFrom({ ZAR_SQLITE_BUSY_MS: String(MAX_SQLITE_BUSY_MS) })).toEqual({
      ok: true,
      value: MAX_SQLITE_BUSY_MS,
    });
    for (const bad of ['-1', '1.5', 'soon', String(MAX_SQLITE_BUSY_MS + 1)]) {
      expect(sqliteBusyFrom({ ZAR_SQLITE_BUSY_MS: bad }).ok, bad).toBe(false);
    }
  });

  it('openStore stops on a value it cannot use, naming the variable', async () => {
    await expect(openStore({ ZAR_DB: `${temp.dir}/bad.sqlite`, ZAR_SQLITE_BUSY_MS: 'soon' })).rejects.toThrow(
      /ZAR_SQLITE_BUSY_MS is "soon"/,
    );
  });

  it('openSqlite serves with the busy timeout it is given, the default when none', async () => {
    const given = openSqlite(`${temp.dir}/given.sqlite`, { busyMs: BUSY_MS });
    const fallback = openSqlite(`${temp.dir}/default.sqlite`);
    expect(busyTimeoutOf(sqliteOf(given) as SQLite.Database)).toBe(BUSY_MS);
    expect(busyTimeoutOf(sqliteOf(fallback) as SQLite.Database)).toBe(DEFAULT_SQLITE_BUSY_MS);
    await Promise.all([given.destroy(), fallback.destroy()]);
  });
});

describe('a SQLite write lock held by another connection', () => {
  it('refuses writes with 503 at once, serves reads, refuses an action unapplied, and all goes on once it is gone', async () => {
    const file = `${temp.dir}/locked.sqlite`;
    const db = openSqlite(file, { busyMs: BUSY_MS });
    const store = sqlStore(db);
    await store.migrate();
    const sink = new LogSink();
    server = await startServer({ store, app: { logger: sink.logger() } });
    // Not the 5 s wait that stalled every room: the server's connection waits BUSY_MS.
    expect(busyTimeoutOf(sqliteOf(db) as SQLite.Database)).toBe(BUSY_MS);

    const player = new Caller(server.base);
    const { id } = await player.newGame({ preset: 'backgammon', length: 1, opponent: 'bot', level: 'beginner' });
    const client = await Client.open(server.ws, player.cookie);
    const before = await settled(client, id);
    expect(before.view.status).toBe('playing');
    const action = randomAction(before.view, seededRandom(7));

    locker = new SQLite(file);
    locker.exec('BEGIN IMMEDIATE');

    // A visitor made a guest needs a write: refused, and told to come back.
    const visitor = new Caller(server.base);
    const refused = await visitor.call<{ error: { code: string } }>('POST', '/api/guest', {});
    expect(refused.status).toBe(503);
    expect(refused.body.error.code).toBe('ERR_STORE_UNAVAILABLE');
    const retry = await fetch(`${server.base}/api/guest`, { method: 'POST' });
    expect(retry.status).toBe(503);
    expect(retry.headers.get('retry-after')).toBe('5');
    // Reads go on: WAL readers do not wait for the writer.
    expect((await visitor.call('GET', '/api/lobby')).status).toBe(200);
    expect((await player.call('GET', `/api/games/${id}`)).status).toBe(200);

    // The player's action is refused and not applied: not acknowledged, not in the room, not stored.
    const answer = await client.request(
      { t: 'act', game: id, v: before.v, action },
      (m) => (m.t === 'error' || m.t === 'event') && m.game === id,
    );
    expect(answer).toMatchObject({ t: 'error', code: 'ERR_STORE_UNAVAILABLE', game: id });
    expect((await client.join(id)).v).toBe(before.v);
    expect((await server.app.zar.rooms.get(id))?.version).toBe(before.v);
    expect((await store.actions(id)).length).toBe(before.v);

    locker.exec('ROLLBACK');

    const back = await visitor.call('POST', '/api/guest', {});
    expect(back.status).toBe(200);
    // The same action at the same version is taken now, and the match plays to its end.
    const taken = await client.request(
      { t: 'act', game: id, v: before.v, action },
      (m): m is Extract<ServerMessage, { t: 'event' }> => m.t === 'event' && m.game === id && m.v === before.v + 1,
    );
    expect(taken.t).toBe('event');
    const done = await autoplay(client, id, { random: seededRandom(8) });
    expect(done.last.status).toBe('over');
    const row = await store.gameById(id);
    const actions = (await store.actions(id)).map((s) => s.action);
    expect(actions.length).toBe(done.v);
    expect(replay({ ...(row as NonNullable<typeof row>).record, actions }).ok).toBe(true);
    // The store busy is the database away for a moment, not a fault: warnings, no error.
    expect(sink.atLeast(LEVEL.error)).toEqual([]);
    expect(sink.atLeast(LEVEL.warn)).toContain(`${LEVEL.warn} the store is unavailable`);
    expect(sink.atLeast(LEVEL.warn)).toContain(`${LEVEL.warn} the store refused an action`);
    await client.close();
  });
});
