import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instanceChannel } from '../src/cluster/bus.js';
import { type ClusterLimits, DEFAULT_CLUSTER_LIMITS, openCluster } from '../src/cluster/index.js';
import { RedisLiveness } from '../src/cluster/liveness.js';
import { connectRedis, type RedisLinks } from '../src/cluster/redis.js';
import { startRedis, type TestRedis } from './support/redis.js';

/*
 * Liveness against a real redis-server, with short times: an alive key of 300 ms renewed
 * every 100 ms, peers read every 50 ms, fenced 100 ms before the key could expire.
 */

const LIMITS: ClusterLimits = {
  ...DEFAULT_CLUSTER_LIMITS,
  aliveTtlMs: 300,
  renewMs: 100,
  peerPollMs: 50,
  fenceMarginMs: 100,
  commandTimeoutMs: 100,
  connectMs: 300,
};

/** What the instances logged: a lost Redis is warned about, never thrown. */
const warned: string[] = [];
const log = {
  error: (obj: unknown, msg?: string) => warned.push(`error ${msg ?? String(obj)}`),
  warn: (obj: unknown, msg?: string) => warned.push(msg ?? String(obj)),
};

let redis: TestRedis;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis.stop();
});

interface Member {
  readonly links: RedisLinks;
  readonly liveness: RedisLiveness;
  readonly events: string[];
  close(): Promise<void>;
}

/** An instance's liveness on its own connections (so that a test can cut them, as a kill would). */
async function member(instance: string): Promise<Member> {
  const links = connectRedis(redis.url, { commandTimeoutMs: LIMITS.commandTimeoutMs, log, instance });
  await links.ready(2000);
  const liveness = new RedisLiveness({ instance, commands: links.commands, limits: LIMITS, log });
  const events: string[] = [];
  liveness.onPeer((peer, up) => events.push(`${peer} ${up ? 'up' : 'down'}`));
  liveness.onFence((fenced) => events.push(fenced ? 'fenced' : 'live'));
  await liveness.start();
  return {
    links,
    liveness,
    events,
    close: async () => {
      await liveness.close();
      await links.close();
    },
  };
}

async function until(predicate: () => boolean, ms: number): Promise<number> {
  const start = Date.now();
  while (!predicate()) {
    if (Date.now() - start > ms) throw new Error(`timed out after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return Date.now() - start;
}

describe('liveness in Redis', () => {
  it('sees peers come, leave cleanly at once, and die within the key’s lifetime and a poll', async () => {
    const a = await member('live-a');
    const b = await member('live-b');
    expect(a.liveness.live).toBe(true);
    await until(() => a.events.includes('live-b up'), 500);
    expect([...b.liveness.peers()]).toEqual(['live-a']);

    // A clean close removes the key: seen within a poll.
    await b.close();
    await until(() => a.events.includes('live-b down'), LIMITS.peerPollMs + 100);

    // A death (connections cut, no goodbye): seen once the key has expired, within its lifetime and a poll.
    const c = await member('live-c');
    await until(() => a.events.includes('live-c up'), 500);
    c.links.commands.disconnect(false);
    c.links.subscriber.disconnect(false);
    const took = await until(() => a.events.includes('live-c down'), 2000);
    expect(took).toBeGreaterThan(LIMITS.aliveTtlMs - LIMITS.renewMs - 50);
    expect(took).toBeLessThan(LIMITS.aliveTtlMs + LIMITS.peerPollMs + 100);
    await c.liveness.close();
    expect(a.liveness.live).toBe(true);
    await a.close();
  });

  it('sees a peer that listened on its channel die once it no longer does, its key notwithstanding', async () => {
    const a = await member('deaf-a');
    const b = await member('deaf-b');
    // B's bus: a process that dies takes this connection with it, and Redis drops its subscription at once.
    await b.links.subscriber.subscribe(instanceChannel('deaf-b'));
    await until(() => a.events.includes('deaf-b up'), 500);
    // A look that heard B listening, then B's subscription goes; its key is still renewed.
    await new Promise((resolve) => setTimeout(resolve, 2 * LIMITS.peerPollMs));
    b.links.subscriber.disconnect(false);
    await until(() => a.events.includes('deaf-b down'), 1000);
    expect(b.liveness.live).toBe(true);
    expect(await a.links.commands.exists('zar:alive:deaf-b')).toBe(1);
    // Asked about meanwhile, B is dead without a look at its key.
    expect(await a.liveness.aliveNow('deaf-b')).toBe(false);
    // Listening again (a reconnection): alive again.
    const again = connectRedis(redis.url, { commandTimeoutMs: LIMITS.commandTimeoutMs, log, instance: 'deaf-b' });
    await again.ready(2000);
    await again.subscriber.subscribe(instanceChannel('deaf-b'));
    await until(() => a.events.filter((e) => e === 'deaf-b up').length === 2, 1000);
    expect(await a.liveness.aliveNow('deaf-b')).toBe(true);
    await again.close();
    await b.close();
    await a.close();
  });

  it('reads a restart under the same name as a death and a return', async () => {
    const a = await member('again-a');
    const b1 = await member('again-b');
    await until(() => a.events.includes('again-b up'), 500);
    // Killed and started again before its key expired: a new start token.
    b1.links.commands.disconnect(false);
    b1.links.subscriber.disconnect(false);
    await b1.liveness.close();
    const b2 = await member('again-b');
    await until(() => a.events.filter((e) => e.startsWith('again-b')).length === 3, 1000);
    expect(a.events.filter((e) => e.startsWith('again-b'))).toEqual(['again-b up', 'again-b down', 'again-b up']);
    await b2.close();
    await a.close();
  });

  it('fences an instance when Redis goes away, without a crash, and lets it live again when Redis is back', async () => {
    const a = await member('fence-a');
    const b = await member('fence-b');
    await until(() => a.events.includes('fence-b up'), 500);
    warned.length = 0;

    await redis.crash();
    const fencedIn = await until(() => !a.liveness.live, 1000);
    // The key's lifetime less the margin from the last renewal, which was before the crash
    // (50 ms for a late timer): before the key could have expired.
    expect(fencedIn).toBeLessThanOrEqual(LIMITS.aliveTtlMs - LIMITS.fenceMarginMs + 50);
    expect(a.events).toContain('fenced');
    // The peers last seen are kept while nothing can be read.
    expect([...a.liveness.peers()]).toEqual(['fence-b']);
    expect(warned).toContain('this instance is fenced: its alive key may have expired');

    await redis.restart();
    await until(() => a.liveness.live && b.liveness.live, 5000);
    // Redis came back empty; the peer, reconnecting on its own schedule, is not called dead meanwhile.
    await new Promise((resolve) => setTimeout(resolve, LIMITS.aliveTtlMs + LIMITS.peerPollMs));
    expect(a.events.slice(a.events.indexOf('fenced'))).toEqual(['fenced', 'live']);
    expect([...a.liveness.peers()]).toEqual(['fence-b']);
    expect(warned).toContain('the alive key is renewed again');
    await b.close();
    await a.close();
  });
});

describe('a cluster over Redis', () => {
  it('is live when it opens, and its bus works again after Redis comes back', async () => {
    const quiet = { error: () => {}, warn: () => {} };
    const a = await openCluster({ redisUrl: redis.url, instance: 'whole-a', limits: LIMITS }, quiet);
    const b = await openCluster({ redisUrl: redis.url, instance: 'whole-b', limits: LIMITS }, quiet);
    expect(a.shared && a.liveness.live).toBe(true);
    b.rpc.serve('ping', () => ({ ok: true, value: 'pong' }));
    expect(await a.rpc.ask(b.instance, 'ping', '')).toEqual({ ok: true, value: 'pong' });

    await redis.crash();
    const down = await a.rpc.ask(b.instance, 'ping', '', 200);
    expect(down.ok).toBe(false);
    await redis.restart();
    // Once both connections are back (reconnects are retried on a growing delay), the
    // subscriber has subscribed again to its channel and the question is answered.
    let answer = await a.rpc.ask(b.instance, 'ping', '', 200);
    for (let tries = 0; !answer.ok && tries < 60; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      answer = await a.rpc.ask(b.instance, 'ping', '', 200);
    }
    expect(answer).toEqual({ ok: true, value: 'pong' });
    await until(() => a.liveness.live && b.liveness.live, 3000);
    await Promise.all([a.close(), b.close()]);
  });

  it('will not start when Redis cannot be reached', async () => {
    const quiet = { error: () => {}, warn: () => {} };
    await expect(
      openCluster({ redisUrl: 'redis://127.0.0.1:1', instance: 'nowhere', limits: LIMITS }, quiet),
    ).rejects.toThrow(/could not join the cluster/);
  });
});
