import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalLiveness } from '../src/cluster/index.js';
import type { RateLimiters } from '../src/limits/limiter.js';
import { openRedisLimiters } from '../src/limits/redis-limiter.js';
import { SOCKETS_PREFIX } from '../src/limits/shared-sockets.js';
import { startRedis, type TestRedis } from './support/redis.js';

/* Sockets per address counted by two instances on one Redis, each with a liveness the test moves. */

const quiet = { error: () => {}, warn: () => {} };

let redis: TestRedis;
let probe: Redis;
beforeAll(async () => {
  redis = await startRedis();
  probe = new Redis(redis.url);
});
afterAll(async () => {
  probe.disconnect();
  await redis.stop();
});

interface Instance {
  readonly name: string;
  readonly liveness: LocalLiveness;
  readonly limiters: RateLimiters;
}

let unique = 0;
async function instance(url: string): Promise<Instance> {
  const name = `s${process.pid}-${unique++}`;
  const liveness = new LocalLiveness(name);
  const limiters = await openRedisLimiters({
    url,
    instance: name,
    commandTimeoutMs: 500,
    connectMs: 2000,
    log: quiet,
    liveness,
  });
  return { name, liveness, limiters };
}

function pair(a: Instance, b: Instance): void {
  a.liveness.setPeer(b.name, true);
  b.liveness.setPeer(a.name, true);
}

/** Lets the writes and reads in flight come back. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

describe('sockets per address counted by every instance', () => {
  it('an address has one share across the instances, brought up to date at each open, close and refusal', async () => {
    const a = await instance(redis.url);
    const b = await instance(redis.url);
    pair(a, b);
    const atA = a.limiters.openSockets(3);
    const atB = b.limiters.openSockets(3);
    try {
      expect([atA.admit('1.2.3.4'), atA.admit('1.2.3.4')]).toEqual([true, true]);
      await settle();
      expect(await probe.hget(SOCKETS_PREFIX + a.name, '1.2.3.4')).toBe('2');
      // B hears of A's two at its first socket of that address, and refuses the next.
      expect(atB.admit('1.2.3.4')).toBe(true);
      await settle();
      expect(atB.admit('1.2.3.4')).toBe(false);
      // Another address is not held back.
      expect(atB.admit('5.6.7.8')).toBe(true);
      atA.release('1.2.3.4');
      await settle();
      // B's count was A's two: its refusal asks again, and the next socket gets in.
      expect(atB.admit('1.2.3.4')).toBe(false);
      await settle();
      expect(atB.admit('1.2.3.4')).toBe(true);
      atB.release('1.2.3.4');
      atB.release('1.2.3.4');
      atB.release('5.6.7.8');
      await settle();
      expect(await probe.hgetall(SOCKETS_PREFIX + b.name)).toEqual({});
    } finally {
      await a.limiters.close();
      await b.limiters.close();
    }
    // Closed: their counts are gone with them.
    expect(await probe.exists(SOCKETS_PREFIX + a.name, SOCKETS_PREFIX + b.name)).toBe(0);
  });

  it('a dead instance’s sockets are dropped when its liveness goes down', async () => {
    const a = await instance(redis.url);
    const b = await instance(redis.url);
    pair(a, b);
    const atA = a.limiters.openSockets(2);
    const atB = b.limiters.openSockets(2);
    try {
      expect([atB.admit('9.9.9.9'), atB.admit('9.9.9.9')]).toEqual([true, true]);
      await settle();
      expect(atA.admit('9.9.9.9')).toBe(true);
      await settle();
      expect(atA.admit('9.9.9.9')).toBe(false);
      // B dies without a word (its connection is not closed cleanly): A sees it down.
      a.liveness.setPeer(b.name, false);
      await settle();
      expect(await probe.exists(SOCKETS_PREFIX + b.name)).toBe(0);
      expect(atA.admit('9.9.9.9')).toBe(false);
      await settle();
      expect(atA.admit('9.9.9.9')).toBe(true);
    } finally {
      await a.limiters.close();
      await b.limiters.close();
    }
  });

  it('Redis away: each instance counts its own, and writes its counts again when Redis is back', async () => {
    const own = await startRedis({});
    const a = await instance(own.url);
    const atA = a.limiters.openSockets(2);
    try {
      expect(atA.admit('7.7.7.7')).toBe(true);
      await own.crash();
      expect(atA.admit('7.7.7.7')).toBe(true);
      expect(atA.admit('7.7.7.7')).toBe(false);
      atA.release('7.7.7.7');
      await own.restart();
      const client = new Redis(own.url);
      try {
        const end = Date.now() + 5000;
        while ((await client.hget(SOCKETS_PREFIX + a.name, '7.7.7.7')) !== '1') {
          if (Date.now() > end) throw new Error('the counts were not written again');
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      } finally {
        client.disconnect();
      }
    } finally {
      await a.limiters.close();
      await own.stop();
    }
  });
});
