import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { DEFAULT_CLUSTER_LIMITS } from '../src/cluster/index.js';
import { DEFAULT_LIMITS } from '../src/limits/config.js';
import { memoryStore } from '../src/store/index.js';
import { startRedis, type TestRedis } from './support/redis.js';

/* Two instances on one Redis count one address's logins together; an instance alone counts its own. */

const SECRET = 'test-secret-test-secret-test-secret';
const LIMITS = { ...DEFAULT_LIMITS, loginPerMinute: 3 };

let redis: TestRedis;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis.stop();
});

let t = Date.UTC(2026, 0, 1);
const now = () => t;

async function instance(name: string | null): Promise<FastifyInstance> {
  return buildApp({
    store: memoryStore(),
    cookieSecret: SECRET,
    botWorkers: 0,
    limits: LIMITS,
    now,
    ...(name === null ? {} : { cluster: { redisUrl: redis.url, instance: name, limits: DEFAULT_CLUSTER_LIMITS } }),
  });
}

/** An address of this run's own: a Redis at REDIS_URL may still hold an earlier run's buckets. */
const address = `10.${process.pid % 256}.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;

const login = async (app: FastifyInstance) => {
  const res = await app.inject({
    method: 'POST',
    remoteAddress: address,
    url: '/api/login',
    payload: { name: 'nobody_here', password: 'not the password' },
  });
  return { status: res.statusCode, retryAfter: res.headers['retry-after'] ?? null };
};

describe('rate limits beside other instances', () => {
  it('an address has one budget of logins across the instances, and the same Retry-After', async () => {
    const a = await instance('limits-a');
    const b = await instance('limits-b');
    try {
      expect((await login(a)).status).toBe(401);
      expect((await login(b)).status).toBe(401);
      expect((await login(a)).status).toBe(401);
      expect(await login(b)).toEqual({ status: 429, retryAfter: '20' });
      expect(await login(a)).toEqual({ status: 429, retryAfter: '20' });
      t += 20_000;
      expect((await login(b)).status).toBe(401);
      expect((await login(a)).status).toBe(429);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('an instance alone keeps its own', async () => {
    const a = await instance(null);
    const b = await instance(null);
    try {
      for (const app of [a, b, a, b, a, b]) expect((await login(app)).status).toBe(401);
      expect((await login(a)).status).toBe(429);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
