import type { GameView } from '@zar/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryStore } from '../src/store/index.js';
import type { Store } from '../src/store/types.js';
import { Caller, type Running, sqliteStore, startServer, tempDir } from './support/harness.js';
import { accept, account, closeTable, resignNow, table } from './support/people.js';

/**
 * The server killed between the last action and the rating write. The store
 * rates a match in the same transaction as the action that ends it, so there is no moment
 * between them to kill: what can happen is that this one write fails as a whole (the database
 * goes away, the process dies before COMMIT). Here the store refuses exactly the append that
 * carries the rating, once, as a database that went away would (ECONNRESET); nothing may be
 * rated, the player's resent action must end the match rated exactly once, and a restarted
 * server must show the same ratings and make no second change.
 */
function failingOnce(store: Store): { store: Store; refused: () => number } {
  let refused = 0;
  const wrapped = new Proxy(store, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver) as unknown;
      if (name !== 'appendAction' || typeof value !== 'function') return value;
      return (...args: Parameters<Store['appendAction']>) => {
        if (args[6] !== undefined && refused === 0) {
          refused++;
          return Promise.reject(Object.assign(new Error('connection reset'), { code: 'ECONNRESET' }));
        }
        return (value as Store['appendAction']).apply(target, args);
      };
    },
  });
  return { store: wrapped, refused: () => refused };
}

let servers: Running[] = [];
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const s of servers) await s.app.close();
  servers = [];
  for (const c of cleanups.splice(0)) await c();
});

const STORES: [string, () => Promise<Store>][] = [
  ['memory', async () => memoryStore()],
  [
    'SQLite',
    async () => {
      const dir = tempDir();
      const store = await sqliteStore(`${dir.dir}/zar.db`);
      cleanups.push(async () => {
        await store.close();
        dir.remove();
      });
      return store;
    },
  ],
];

describe.each(STORES)('a rated match is rated exactly once, with its end (%s)', (_name, open) => {
  it('a refused end rates nothing; the resent action rates once; a restart changes nothing', async () => {
    const store = await open();
    const faulty = failingOnce(store);
    const first = await startServer({ store: faulty.store });
    servers.push(first);
    const [ana, bo] = [await account(first.base), await account(first.base)];
    const t = await table(first.ws, ana, bo, { length: 1, rated: true });
    const users = await Promise.all([ana, bo].map((c) => c.call<{ id: string }>('GET', '/api/me')));
    const { state, winner } = await resignNow(t);

    const refused = await accept(t, winner, state.v);
    expect(refused).toMatchObject({ t: 'error', code: 'ERR_STORE_UNAVAILABLE' });
    expect(faulty.refused()).toBe(1);
    expect(await store.ratingChangesOf(t.id)).toEqual([]);
    const row = await store.gameById(t.id);
    expect([row?.status, row?.version, row?.winner]).toEqual(['playing', state.v, null]);

    // The player sends it again, at the same version: now it is stored and rated.
    const ended = await accept(t, winner, state.v);
    if (ended.t !== 'event') throw new Error(`not accepted: ${JSON.stringify(ended)}`);
    expect(ended.view.status).toBe('over');
    const ratings = ended.view.ratings as NonNullable<GameView['ratings']>;
    expect(ratings[winner].after).toBeGreaterThan(ratings[winner].before);
    const changes = await store.ratingChangesOf(t.id);
    expect(changes).toHaveLength(2);
    await closeTable(t);

    // The server goes away and another starts on the same database.
    await first.app.close();
    servers = [];
    const second = await startServer({ store });
    servers.push(second);
    const again = await new Caller(second.base).call<{ view: GameView }>('GET', `/api/games/${t.id}`);
    expect(again.body.view.ratings).toEqual(ratings);
    expect(await store.ratingChangesOf(t.id)).toEqual(changes);
    for (const u of users) {
      const standing = await store.ratingsOf(u.body.id);
      expect(standing).toHaveLength(1);
      expect(standing[0]?.matches).toBe(1);
    }
  });
});
