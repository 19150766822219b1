import type { LiveGames, ServerMessage } from '@zar/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CLUSTER_LIMITS, type LocalLiveness, LocalNetwork } from '../src/cluster/index.js';
import { memoryStore } from '../src/store/index.js';
import type { Store } from '../src/store/types.js';
import { Client, type Running, startServer } from './support/harness.js';
import { account, CASUAL, lobbyOnce, type PairedFrame, paired, socketOf } from './support/lobby-server.js';
import { closeTable, endByResignation, account as person, type Table } from './support/people.js';
import { startRedis, type TestRedis } from './support/redis.js';

/*
 * The lobby of two instances on one Redis and one store (in one process): one pairing pool for
 * both, run by the lobby lease's holder, the same lobby and live list from each, a logout that
 * ends the sockets on the other, and the pool taken over when its holder goes.
 */

/** Short times, so that a death is seen and the lease moves within about a second. */
const LIMITS = { ...DEFAULT_CLUSTER_LIMITS, aliveTtlMs: 1000, renewMs: 200, peerPollMs: 50, fenceMarginMs: 200 };

let redis: TestRedis;
let store: Store;
const running: Running[] = [];

beforeAll(async () => {
  redis = await startRedis();
  store = memoryStore();
});
afterAll(async () => {
  for (const server of running) await server.app.close();
  await store.close();
  await redis.stop();
});

/** An instance named `name` on the test's Redis and store. */
async function instance(name: string): Promise<Running> {
  const server = await startServer({
    store,
    diceSeed: 'lobby',
    app: { cluster: { redisUrl: redis.url, instance: name, limits: LIMITS }, lobbyPollMs: 50 },
  });
  running.push(server);
  return server;
}

async function until(test: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await test())) {
    if (Date.now() > end) throw new Error(`not so within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Seeks until the pool takes the request and pairs it: a request waits for the pool's new
 * holder while the lease moves, and is refused (ERR_PAIRING_REQUEST, ask again) only past that.
 */
async function seekUntilPaired(c: Client): Promise<PairedFrame> {
  const end = Date.now() + 5000;
  for (;;) {
    const m = await c.request({ t: 'seek', kind: CASUAL }, (x) => x.t === 'paired' || x.t === 'error');
    if (m.t === 'paired') return m;
    if (m.t !== 'error' || m.code !== 'ERR_PAIRING_REQUEST' || Date.now() > end) throw new Error(JSON.stringify(m));
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const closed = (c: Client): Promise<number> =>
  c.socket.readyState === c.socket.CLOSED
    ? Promise.resolve(-1)
    : new Promise((resolve) => c.socket.once('close', (code) => resolve(code)));

describe('the lobby across instances', () => {
  let a: Running;
  let b: Running;

  beforeAll(async () => {
    // The first to start takes the lobby's lease.
    a = await instance('lobby-a');
    b = await instance('lobby-b');
    await until(
      () => a.app.zar.cluster.liveness.peers().has('lobby-b') && b.app.zar.cluster.liveness.peers().has('lobby-a'),
    );
  });

  it('pairs two players waiting on different instances into one game, on the instance of the one who waited longer; the lobby, the live list and its spectators are the same from both', async () => {
    const ann = await account(a.base, 'ann_x');
    const bob = await account(b.base, 'bob_x');
    const annSocket = await socketOf(a, ann);
    const bobSocket = await socketOf(b, bob);
    // Bob asks first, on the instance that does not hold the pool: his request goes to lobby-a's.
    bobSocket.send({ t: 'seek', kind: CASUAL });
    // His own request is shown at once; the count comes with the holder's snapshot.
    const bobLobby = await lobbyOnce(bobSocket, (l) => l.seeks.length === 1 && l.pools.length === 1);
    expect(bobLobby.pools).toEqual([{ kind: CASUAL, waiting: 1 }]);
    // Ann watches the lobby on lobby-a: the same count.
    annSocket.send({ t: 'lobby', watch: true });
    await lobbyOnce(annSocket, (l) => l.pools.length === 1 && l.pools[0]?.waiting === 1 && l.seeks.length === 0);

    const [annPaired, bobPaired] = await Promise.all([
      paired(annSocket),
      paired(bobSocket),
      Promise.resolve(annSocket.send({ t: 'seek', kind: CASUAL })),
    ]);
    expect(annPaired.game).toBe(bobPaired.game);
    expect(bobPaired.seek).toBe(bobLobby.seeks[0]?.id);
    const row = await store.gameById(annPaired.game);
    expect(row?.status).toBe('playing');
    expect(row?.seats.map((s) => s.name).sort()).toEqual(['ann_x', 'bob_x']);
    // Created on lobby-b, where Bob's older request was made, though lobby-a paired it.
    expect([a.app.zar.rooms.size, b.app.zar.rooms.size]).toEqual([0, 1]);
    // Both lobbies see the pool empty again.
    await lobbyOnce(bobSocket, (l) => l.pools.length === 0 && l.seeks.length === 0);
    await lobbyOnce(annSocket, (l) => l.pools.length === 0);

    // The live list is the same from both, and lists the game (read by lobby-a, whose room or not).
    let lists: LiveGames[] = [];
    await until(async () => {
      lists = await Promise.all(
        [a, b].map(async (s) => (await (await fetch(`${s.base}/api/live`)).json()) as LiveGames),
      );
      return lists.every((l) => l.games.some((g) => g.id === annPaired.game));
    }, 10_000);
    expect(lists[1]).toEqual(lists[0]);
    // lobby-a read it from what lobby-b's room shows: it loaded no copy of its own.
    expect([a.app.zar.rooms.size, b.app.zar.rooms.size]).toEqual([0, 1]);
    expect(lists[0]?.games.find((g) => g.id === annPaired.game)?.players.map((p) => p.name)).toEqual(
      row?.seats.map((s) => s.name),
    );
    // A visitor watching on lobby-a is counted by the game's owner, lobby-b: one count in both lists.
    const spectator = await Client.open(a.ws);
    await spectator.join(annPaired.game);
    const spectators = (l: LiveGames) => l.games.find((g) => g.id === annPaired.game)?.spectators;
    await until(async () => {
      lists = await Promise.all(
        [a, b].map(async (s) => (await (await fetch(`${s.base}/api/live`)).json()) as LiveGames),
      );
      return lists.every((l) => spectators(l) === 1);
    }, 10_000);
    expect(lists[1]).toEqual(lists[0]);
    await Promise.all([annSocket.close(), bobSocket.close(), spectator.close()]);
  });

  it('a rematch offered on one instance is seen and accepted on the other', async () => {
    const host = await person(a.base, 'rh');
    const guest = await person(b.base, 'rg');
    const created = await host.newGame({ opponent: 'friend', length: 1 });
    expect((await guest.call('POST', `/api${created.invite}`)).status).toBe(200);
    const sockets = [await Client.open(a.ws, host.cookie), await Client.open(b.ws, guest.cookie)] as const;
    await Promise.all(sockets.map((s) => s.join(created.id)));
    const t: Table = { id: created.id, host, guest, sockets };
    await endByResignation(t);
    const isState = (m: ServerMessage): m is Extract<ServerMessage, { t: 'state' }> =>
      m.t === 'state' && m.game === t.id;
    const seen = sockets[1].next((m) => isState(m) && m.view.rematch.offered[0]);
    sockets[0].send({ t: 'rematch', game: t.id, offer: true });
    await seen;
    const toHost = sockets[0].next((m) => isState(m) && m.view.rematch.next !== null);
    const accepted = await sockets[1].request(
      { t: 'rematch', game: t.id, offer: true },
      (m) => m.t === 'error' || (isState(m) && m.view.rematch.next !== null),
    );
    if (!isState(accepted)) throw new Error(JSON.stringify(accepted));
    const next = (await toHost) as Extract<ServerMessage, { t: 'state' }>;
    expect(next.view.rematch.next).toBe(accepted.view.rematch.next);
    expect(await store.gameById(accepted.view.rematch.next as string)).not.toBeNull();
    await closeTable(t);
  });

  it('a logout on one instance ends the session’s sockets on the other', async () => {
    const cy = await account(a.base, 'cy_x');
    const here = await socketOf(a, cy);
    const there = await socketOf(b, cy);
    // Both sockets identified (the lobby answers them) before the logout.
    here.send({ t: 'lobby', watch: true });
    there.send({ t: 'lobby', watch: true });
    await Promise.all([lobbyOnce(here, () => true), lobbyOnce(there, () => true)]);
    const ends = [closed(here), closed(there)];
    expect((await cy.call('POST', '/api/logout')).status).toBe(204);
    const codes = await Promise.race([
      Promise.all(ends),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('a socket stayed open')), 3000)),
    ]);
    expect(codes[1]).toBe(codes[0]);
  });

  it('the other instance takes the pool over when its holder goes, with the requests waiting from it', async () => {
    const dee = await account(b.base, 'dee_x');
    const eve = await account(b.base, 'eve_x');
    const deeSocket = await socketOf(b, dee);
    const eveSocket = await socketOf(b, eve);
    deeSocket.send({ t: 'seek', kind: CASUAL });
    const waiting = await lobbyOnce(deeSocket, (l) => l.seeks.length === 1);
    // lobby-a, which holds the pool, goes; lobby-b takes the lease and puts Dee's request in its own pool.
    await a.app.close();
    running.splice(running.indexOf(a), 1);
    await until(() => !b.app.zar.cluster.liveness.peers().has('lobby-a'));
    const deePaired = paired(deeSocket);
    const evePaired = await seekUntilPaired(eveSocket);
    expect((await deePaired).game).toBe(evePaired.game);
    expect((await deePaired).seek).toBe(waiting.seeks[0]?.id);
    await Promise.all([deeSocket.close(), eveSocket.close()]);
  });
});

describe('the lobby of instances on an in-process network (no Redis)', () => {
  it('pairs two players waiting on different instances', async () => {
    const network = new LocalNetwork(LIMITS.maxEnvelopeBytes, { error: () => {}, warn: () => {} });
    const [one, two] = await Promise.all(
      ['net-a', 'net-b'].map((name) =>
        startServer({
          store,
          diceSeed: 'lobby',
          app: { cluster: { redisUrl: null, instance: name, limits: LIMITS }, network, lobbyPollMs: 50 },
        }),
      ),
    );
    if (one === undefined || two === undefined) throw new Error('no instances');
    running.push(one, two);
    (one.app.zar.cluster.liveness as LocalLiveness).setPeer('net-b', true);
    (two.app.zar.cluster.liveness as LocalLiveness).setPeer('net-a', true);
    const fay = await account(one.base, 'fay_x');
    const gus = await account(two.base, 'gus_x');
    const [faySocket, gusSocket] = [await socketOf(one, fay), await socketOf(two, gus)];
    gusSocket.send({ t: 'seek', kind: CASUAL });
    await lobbyOnce(gusSocket, (l) => l.seeks.length === 1);
    const [fayPaired, gusPaired] = await Promise.all([
      paired(faySocket),
      paired(gusSocket),
      Promise.resolve(faySocket.send({ t: 'seek', kind: CASUAL })),
    ]);
    expect(fayPaired.game).toBe(gusPaired.game);
    await Promise.all([faySocket.close(), gusSocket.close()]);
  });
});
