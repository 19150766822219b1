import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Log } from '../src/common/log.js';
import { Buckets, type Taken } from '../src/limits/bucket.js';
import type { RateLimiter, RateLimiters } from '../src/limits/limiter.js';
import { LIMITS_PREFIX, MAX_KEY_LENGTH, openRedisLimiters } from '../src/limits/redis-limiter.js';
import { startRedis, type TestRedis } from './support/redis.js';

/*
 * The token bucket answers the same kept in memory (Buckets) and in Redis (RedisBuckets):
 * one table of steps run against both, then a long random run compared step by step.
 */

type Step =
  | readonly ['take', string, number, Taken]
  | readonly ['wait', string, number, number]
  | readonly ['forget', string];

interface Row {
  readonly name: string;
  readonly perMinute: number;
  readonly burst: number;
  readonly steps: readonly Step[];
}

const refused = (retryAfterMs: number): Taken => ({ ok: false, retryAfterMs });
const OK: Taken = { ok: true };

const ROWS: readonly Row[] = [
  {
    name: 'a burst, then a token a second',
    perMinute: 60,
    burst: 2,
    steps: [
      ['take', 'k', 0, OK],
      ['take', 'k', 0, OK],
      ['take', 'k', 500, refused(500)],
      ['take', 'k', 1000, OK],
      ['wait', 'k', 1_000_000, 0],
      ['wait', 'unseen', 0, 0],
    ],
  },
  {
    // 5 in 15 minutes: a token is 180,000.00000000003 ms, told and given back at 180 s (WHOLE).
    name: 'a lockout: 5 failures in 15 minutes',
    perMinute: 5 / 15,
    burst: 5,
    steps: [
      ...[0, 1, 2, 3, 4].map((): Step => ['take', 'alice\u0000address:1.2.3.4', 0, OK]),
      ['take', 'alice\u0000address:1.2.3.4', 0, refused(180_000)],
      ['wait', 'alice\u0000address:1.2.3.4', 179_999, 1],
      ['wait', 'alice\u0000address:1.2.3.4', 180_000, 0],
      ['take', 'alice\u0000address:1.2.3.4', 180_000, OK],
      ['take', 'alice\u0000address:1.2.3.4', 180_001, refused(179_999)],
      ['take', 'bob\u0000address:1.2.3.4', 0, OK],
    ],
  },
  {
    name: 'a refusal counts no token, and forgetting gives the burst back',
    perMinute: 6,
    burst: 1,
    steps: [
      ['take', 'k', 0, OK],
      ['take', 'k', 5000, refused(5000)],
      ['wait', 'k', 9999, 1],
      ['take', 'k', 10_000, OK],
      ['forget', 'k'],
      ['take', 'k', 10_000, OK],
      ['take', 'k', 10_000, refused(10_000)],
    ],
  },
  {
    name: 'a clock that goes back refills nothing',
    perMinute: 60,
    burst: 1,
    steps: [
      ['take', 'k', 1000, OK],
      ['take', 'k', 500, refused(1000)],
      ['take', 'k', 1499, refused(1)],
      ['take', 'k', 1500, OK],
    ],
  },
  {
    name: 'fractions of a ms (the frame budget’s clock)',
    perMinute: 20 * 60,
    burst: 2,
    steps: [
      ['take', '', 0.25, OK],
      ['take', '', 0.5, OK],
      ['take', '', 10.75, refused(40)],
      ['take', '', 50.5, OK],
      ['wait', '', 60, 41],
    ],
  },
];

async function run(limiter: RateLimiter, steps: readonly Step[]): Promise<unknown[]> {
  const answers: unknown[] = [];
  for (const step of steps) {
    if (step[0] === 'take') answers.push(await limiter.take(step[1], step[2]));
    else if (step[0] === 'wait') answers.push(await limiter.waitMs(step[1], step[2]));
    else answers.push(limiter.forget(step[1]));
  }
  return answers;
}

const expected = (steps: readonly Step[]): unknown[] =>
  steps.map((step) => (step[0] === 'forget' ? undefined : step[3]));

const quiet: Log = { error: () => {}, warn: () => {} };

let redis: TestRedis;
const opened: RateLimiters[] = [];
async function limitersOn(url: string, log: Log = quiet): Promise<RateLimiters> {
  const limiters = await openRedisLimiters({ url, instance: 'test', commandTimeoutMs: 500, connectMs: 2000, log });
  opened.push(limiters);
  return limiters;
}

beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  for (const limiters of opened) await limiters.close();
  await redis.stop();
});

let unique = 0;
const fresh = (): string => `t${process.pid}-${unique++}`;

describe('one token bucket, in memory and in Redis', () => {
  it.each(ROWS)('memory: $name', async (row) => {
    expect(await run(new Buckets(row.perMinute, row.burst), row.steps)).toEqual(expected(row.steps));
  });

  it.each(ROWS)('Redis: $name', async (row) => {
    const limiters = await limitersOn(redis.url);
    expect(await run(limiters.limiter(fresh(), row.perMinute, row.burst), row.steps)).toEqual(expected(row.steps));
  });

  it('a long random run answers the same in both, step by step', async () => {
    const limiters = await limitersOn(redis.url);
    let seed = 7;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (const [perMinute, burst] of [
      [5 / 15, 5],
      [20 / 15, 20],
      [30, 30],
      [1200, 40],
    ] as const) {
      const memory = new Buckets(perMinute, burst);
      const shared = limiters.limiter(fresh(), perMinute, burst);
      let now = 1_700_000_000_000;
      const steps: Step[] = [];
      for (let i = 0; i < 400; i++) {
        now += random(4) === 0 ? random(200_000) : random(50);
        const key = `k${random(3)}`;
        const kind = random(10);
        steps.push(kind < 7 ? ['take', key, now, OK] : kind < 9 ? ['wait', key, now, 0] : ['forget', key]);
      }
      expect(await run(shared, steps)).toEqual(await run(memory, steps));
    }
  });
});

describe('rate limits shared through Redis', () => {
  it('two instances on one Redis spend one budget', async () => {
    const name = fresh();
    const a = (await limitersOn(redis.url)).limiter(name, 60, 3);
    const b = (await limitersOn(redis.url)).limiter(name, 60, 3);
    expect(await a.take('1.2.3.4', 0)).toEqual(OK);
    expect(await b.take('1.2.3.4', 0)).toEqual(OK);
    expect(await a.take('1.2.3.4', 0)).toEqual(OK);
    expect(await b.take('1.2.3.4', 0)).toEqual(refused(1000));
    expect(await a.take('1.2.3.4', 0)).toEqual(refused(1000));
    // Another limit, or another key, has its own.
    expect(await (await limitersOn(redis.url)).limiter(fresh(), 60, 3).take('1.2.3.4', 0)).toEqual(OK);
    expect(await b.take('5.6.7.8', 0)).toEqual(OK);
    // A success forgiven on one instance is forgiven on the other.
    a.forget('1.2.3.4');
    expect(await b.take('1.2.3.4', 0)).toEqual(OK);
  });

  it('keys are namespaced per limiter, bounded in length, and expire once full again', async () => {
    const limiters = await limitersOn(redis.url);
    const name = fresh();
    const limiter = limiters.limiter(name, 60, 2);
    const long = 'x'.repeat(10_000);
    await limiter.take(long, 0);
    await limiter.take('short', 0);
    const { Redis } = await import('ioredis');
    const client = new Redis(redis.url);
    try {
      const keys = (await client.keys(`${LIMITS_PREFIX}${name}:*`)).sort();
      expect(keys).toHaveLength(2);
      expect(keys).toContain(`${LIMITS_PREFIX}${name}:short`);
      for (const key of keys)
        expect(key.length).toBeLessThanOrEqual(LIMITS_PREFIX.length + name.length + 1 + MAX_KEY_LENGTH);
      // 2 tokens at 1 a second: full after 2 s, gone 1 s later.
      const ttl = await client.pttl(`${LIMITS_PREFIX}${name}:short`);
      expect(ttl).toBeGreaterThan(2000);
      expect(ttl).toBeLessThanOrEqual(3000);
    } finally {
      client.disconnect();
    }
    expect(() => limiters.limiter(name, 60, 2)).toThrow(/two rate limiters/);
  });

  it('Redis killed: each instance goes on with its own buckets, logged once, and shares again when it is back', async () => {
    const own = await startRedis({});
    try {
      const warned: string[] = [];
      const log = { error: () => {}, warn: (obj: unknown, msg?: string) => warned.push(msg ?? String(obj)) };
      const name = fresh();
      const a = (await limitersOn(own.url, log)).limiter(name, 60, 3);
      const b = (await limitersOn(own.url)).limiter(name, 60, 3);
      expect(await b.take('k', 0)).toEqual(OK);
      expect(await b.take('k', 0)).toEqual(OK);
      expect(await a.take('k', 0)).toEqual(OK);
      expect(await a.take('k', 0)).toEqual(refused(1000));
      await own.crash();
      // In flight when Redis dies, or after: answered here, from what `a` took itself (1 of 3).
      const answers: Taken[] = [];
      for (let i = 0; i < 3; i++) answers.push(await a.take('k', 0));
      expect(answers).toEqual([OK, refused(1000), refused(1000)]);
      expect(await a.waitMs('k', 0)).toBe(1000);
      a.forget('k');
      expect(await a.take('k', 0)).toEqual(OK);
      expect(warned.filter((w) => w.includes('cannot reach Redis'))).toHaveLength(1);
      await own.restart();
      let probe = 0;
      await until(async () => {
        await a.take(`probe-${probe++}`, 0);
        return warned.some((w) => w.includes('shared through'));
      });
      // Each connection finds Redis again on its own: `b` shares again once a bucket that `a`
      // spent in Redis is spent for `b` too (until then it answers from its own buckets).
      await until(async () => {
        const spent = `probe-${probe++}`;
        for (let i = 0; i < 3; i++) await a.take(spent, 0);
        return !(await b.take(spent, 0)).ok;
      });
      // The restarted Redis lost its keys: a fresh shared bucket, spent by both again.
      expect(await b.take('k2', 0)).toEqual(OK);
      expect(await a.take('k2', 0)).toEqual(OK);
      expect(await b.take('k2', 0)).toEqual(OK);
      expect(await a.take('k2', 0)).toEqual(refused(1000));
      expect(warned.filter((w) => w.includes('cannot reach Redis'))).toHaveLength(1);
    } finally {
      await own.stop();
    }
  });
});

async function until(check: () => Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('not within the time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
