import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Cluster, DEFAULT_CLUSTER_LIMITS, LocalNetwork, localCluster } from '../src/cluster/index.js';
import { LocalLeases, RedisLease } from '../src/cluster/lease.js';
import { SharedPeople } from '../src/people/shared-people.js';
import { memoryStore } from '../src/store/index.js';
import type { Store } from '../src/store/types.js';
import { testPool } from './support/pairing-pool.js';
import { startRedis, type TestRedis } from './support/redis.js';

/*
 * One pairing pool for several instances (pool-link.ts) on the in-process network, its holder
 * chosen by the in-process lease; and the Redis lease itself, taken over when its holder dies.
 */

const quiet = { error: () => {}, warn: () => {} };
const CASUAL = { game: 'backgammon', length: 3, clock: 'untimed', rated: false } as const;
const closers: (() => unknown)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function until(test: () => boolean, ms = 2000): Promise<void> {
  const end = Date.now() + ms;
  while (!test()) {
    if (Date.now() > end) throw new Error(`not so within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * Instances `names` on one network and one store, each with its people, its lease and its
 * pool; the first holds the lease. `join` adds one later.
 */
function instances(...names: string[]) {
  const network = new LocalNetwork(DEFAULT_CLUSTER_LIMITS.maxEnvelopeBytes, quiet);
  const leases = new LocalLeases(quiet);
  const store: Store = memoryStore();
  const make = (name: string) => {
    const cluster = localCluster(name, DEFAULT_CLUSTER_LIMITS, quiet, network);
    const people = new SharedPeople({ bus: cluster.bus, liveness: cluster.liveness, log: quiet });
    const lease = leases.join(name);
    const link = { bus: cluster.bus, rpc: cluster.rpc, liveness: cluster.liveness, lease, log: quiet };
    const { pool, rows } = testPool(people, { store, link });
    closers.push(
      () => cluster.close(),
      () => people.close(),
      () => lease.close(),
      () => pool.close(),
    );
    return { name, cluster, people, lease, pool, rows };
  };
  const all = names.map(make);
  for (const one of all) for (const other of all) if (other !== one) one.cluster.liveness.setPeer(other.name, true);
  const join = (name: string) => {
    const one = make(name);
    for (const other of all) {
      other.cluster.liveness.setPeer(name, true);
      one.cluster.liveness.setPeer(other.name, true);
    }
    all.push(one);
    return one;
  };
  return { all, store, join };
}

/** A user with an open socket on `at`. */
async function seeker(store: Store, at: { people: SharedPeople }, id: string) {
  await store.createUser({ id, name: id, passwordHash: null, createdAt: 0 });
  at.people.add(id, { send: () => {} });
  return { id, name: id, registered: true };
}

describe('one pairing pool for several instances', () => {
  it('takes the others’ requests, shows them to every instance, and drops those of an instance that dies', async () => {
    const { all, store } = instances('a', 'b', 'c');
    const [a, b, c] = all as [(typeof all)[0], (typeof all)[0], (typeof all)[0]];
    const fromC = await c.pool.seek(await seeker(store, c, 'u1'), CASUAL);
    expect(fromC.ok).toBe(true);
    expect([a.pool.size, c.pool.size]).toEqual([1, 0]);
    expect(c.pool.waits(fromC.ok ? fromC.value.id : '')).toBe(true);
    // Its player's lobby shows it at once, before the holder's next snapshot.
    expect(c.pool.seeksOf('u1').map((s) => s.id)).toEqual([fromC.ok ? fromC.value.id : '']);
    await until(() => b.pool.counts()[0]?.waiting === 1);
    expect(b.pool.counts()).toEqual(a.pool.counts());
    expect(b.pool.seeksByPlayer().get('u1')).toEqual(a.pool.seeksByPlayer().get('u1'));
    // c dies: the holder forgets its request, and every instance's lobby shows the pool empty.
    a.cluster.liveness.setPeer('c', false);
    expect(a.pool.size).toBe(0);
    await until(() => b.pool.counts().length === 0);
  });

  it('shows an instance that starts the requests already waiting', async () => {
    const { all, store, join } = instances('a', 'b');
    const [, b] = all as [(typeof all)[0], (typeof all)[0]];
    const request = await b.pool.seek(await seeker(store, b, 'u1'), CASUAL);
    expect(request.ok).toBe(true);
    const late = join('c');
    await until(() => late.pool.counts()[0]?.waiting === 1);
    expect(
      late.pool
        .seeksByPlayer()
        .get('u1')
        ?.map((s) => s.id),
    ).toEqual([request.ok ? request.value.id : '']);
  });

  it('gets the others’ requests again when its holder loses the lease and takes it back', async () => {
    const { all, store } = instances('a', 'b');
    const [a, b] = all as [(typeof all)[0], (typeof all)[0]];
    const fromB = await b.pool.seek(await seeker(store, b, 'u1'), CASUAL);
    expect(a.pool.size).toBe(1);
    // As when Redis goes away and comes back: b never sees the holder change.
    a.lease.told(null);
    expect(a.pool.size).toBe(0);
    a.lease.told('a');
    await until(() => a.pool.size === 1);
    expect([...a.pool.seeksByPlayer().values()].flat().map((s) => s.id)).toEqual([fromB.ok ? fromB.value.id : '']);
  });

  it('pairs requests made on two instances, the match created where the older one was made', async () => {
    const { all, store } = instances('a', 'b', 'c');
    const [a, b, c] = all as [(typeof all)[0], (typeof all)[0], (typeof all)[0]];
    const first = await b.pool.seek(await seeker(store, b, 'u1'), CASUAL);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await c.pool.seek(await seeker(store, c, 'u2'), CASUAL);
    expect([first.ok, second.ok]).toEqual([true, true]);
    await until(() => b.rows.length === 1);
    expect([a.rows.length, c.rows.length]).toEqual([0, 0]);
    expect(b.rows[0]?.seats.map((s) => s.userId).sort()).toEqual(['u1', 'u2']);
    // Their instances no longer count the requests as waiting.
    await until(() => !b.pool.waits(first.ok ? first.value.id : '') && !c.pool.waits(second.ok ? second.value.id : ''));
  });

  it('moves with the lease: the new holder keeps the requests waiting from the others, under their ids', async () => {
    const { all, store } = instances('a', 'b', 'c');
    const [a, b, c] = all as [(typeof all)[0], (typeof all)[0], (typeof all)[0]];
    const fromB = await b.pool.seek(await seeker(store, b, 'u1'), CASUAL);
    const fromC = await c.pool.seek(await seeker(store, c, 'u2'), { ...CASUAL, length: 5 });
    expect(a.pool.size).toBe(2);
    await a.lease.close();
    await until(() => b.pool.size === 2);
    const ids = [...b.pool.seeksByPlayer().values()].flat().map((s) => s.id);
    expect(ids.sort()).toEqual([fromB, fromC].map((r) => (r.ok ? r.value.id : '')).sort());
    await until(() => c.pool.counts().length === 2);
  });
});

describe('a request made while the pool moves', () => {
  /**
   * Instances a and b with no holder of the lease, as between a death and its takeover: u1
   * asks on b, and 300 ms later `holder` takes the lease. Answers the request's answer.
   */
  async function seekWhileMoving(holder: 'a' | 'b') {
    const { all, store } = instances('a', 'b');
    const [a, b] = all as [(typeof all)[0], (typeof all)[0]];
    const u1 = await seeker(store, b, 'u1');
    a.lease.told(null);
    b.lease.told(null);
    const asked = b.pool.seek(u1, CASUAL);
    await new Promise((resolve) => setTimeout(resolve, 300));
    a.lease.told(holder);
    b.lease.told(holder);
    return { a, b, answer: await asked };
  }

  it('waits for the new holder and is answered once, not told to ask again', async () => {
    const { a, b, answer } = await seekWhileMoving('a');
    expect(answer.ok).toBe(true);
    expect([a.pool.size, b.pool.size]).toEqual([1, 0]);
    expect(b.pool.waits(answer.ok ? answer.value.id : '')).toBe(true);
  });

  it('joins its own pool if its instance takes the lease meanwhile', async () => {
    const { a, b, answer } = await seekWhileMoving('b');
    expect(answer.ok).toBe(true);
    expect([a.pool.size, b.pool.size]).toEqual([0, 1]);
  });

  it('is dropped if its player leaves while it waits', async () => {
    const { all, store } = instances('a', 'b');
    const [a, b] = all as [(typeof all)[0], (typeof all)[0]];
    await store.createUser({ id: 'u1', name: 'u1', passwordHash: null, createdAt: 0 });
    const leave = b.people.add('u1', { send: () => {} });
    a.lease.told(null);
    b.lease.told(null);
    const asked = b.pool.seek({ id: 'u1', name: 'u1', registered: true }, CASUAL);
    leave();
    await new Promise((resolve) => setTimeout(resolve, 300));
    a.lease.told('a');
    b.lease.told('a');
    const answer = await asked;
    expect(answer.ok ? 'admitted' : answer.error.message).toBe('you are not connected here any more');
    expect(a.pool.size).toBe(0);
  });
});

describe('the lobby’s lease in Redis', () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await redis.stop();
  });

  const TIMES = { ttlMs: 600, renewMs: 100, marginMs: 150 };

  function lease(instance: string, cluster: Cluster) {
    const connection = new Redis(redis.url, { lazyConnect: false, maxRetriesPerRequest: 0 });
    const held = new RedisLease({
      key: 'zar:lease:test',
      instance,
      redis: connection,
      liveness: cluster.liveness,
      log: quiet,
      times: TIMES,
    });
    closers.push(
      () => held.close(),
      () => connection.quit().catch(() => undefined),
    );
    return { held, connection };
  }

  it('is taken over by another instance once its holder stops renewing it, and let go by a fenced holder', async () => {
    const one = localCluster('one');
    const two = localCluster('two');
    closers.push(
      () => one.close(),
      () => two.close(),
    );
    const first = lease('one', one);
    await first.held.start();
    const second = lease('two', two);
    await second.held.start();
    expect([first.held.held, second.held.held, second.held.holder]).toEqual([true, false, 'one']);
    // The holder dies without a goodbye: its connection cut, its key left to expire.
    first.connection.disconnect();
    const died = Date.now();
    await until(() => second.held.held, 3000);
    expect(Date.now() - died).toBeLessThan(TIMES.ttlMs + 3 * TIMES.renewMs);
    await until(() => !first.held.held, 1000);
    // A holder whose liveness fences it gives the lease up at once, and another takes it.
    const three = localCluster('three');
    closers.push(() => three.close());
    const third = lease('three', three);
    await third.held.start();
    two.liveness.setFenced(true);
    expect(second.held.held).toBe(false);
    await until(() => third.held.held, 3000);
  });
});
