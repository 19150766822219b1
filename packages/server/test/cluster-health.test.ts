import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { HEALTH_CACHE_MS, healthRoutes } from '../src/http/health.js';

/* GET /api/health, what the balancer checks: 503 when fenced or when the store does not answer. */

let clock = 0;
let live = true;
let store: () => Promise<number | null> = async () => 1;
let asked = 0;
const app = Fastify();
void app.register(
  healthRoutes({
    store: {
      heartbeat: () => {
        asked++;
        return store();
      },
    },
    liveness: {
      get live() {
        return live;
      },
    },
    now: () => clock,
  }),
  { prefix: '/api' },
);

const health = async () => {
  const r = await app.inject({ method: 'GET', url: '/api/health' });
  return { status: r.statusCode, body: r.json() as unknown };
};

afterEach(() => {
  clock += HEALTH_CACHE_MS;
  live = true;
  store = async () => 1;
});

describe('the health route', () => {
  it('says 200 while the instance is live and its store answers, asking the store at most once per period', async () => {
    asked = 0;
    expect(await health()).toEqual({ status: 200, body: { ok: true } });
    await health();
    expect(asked).toBe(1);
    clock += HEALTH_CACHE_MS;
    await health();
    expect(asked).toBe(2);
  });

  it('says 503 at once when the instance is fenced, without asking the store', async () => {
    live = false;
    asked = 0;
    const r = await health();
    expect(r.status).toBe(503);
    expect(r.body).toMatchObject({ error: { code: 'ERR_STORE_UNAVAILABLE' } });
    expect(asked).toBe(0);
  });

  it('says 503 when the store refuses or does not answer within a second', async () => {
    store = () => Promise.reject(new Error('connection refused'));
    expect((await health()).status).toBe(503);
    clock += HEALTH_CACHE_MS;
    store = () => new Promise(() => {});
    const began = Date.now();
    expect((await health()).status).toBe(503);
    expect(Date.now() - began).toBeLessThan(3000);
  });
});
