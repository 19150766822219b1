import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { DEFAULT_CLUSTER_LIMITS, openCluster } from '../src/cluster/index.js';
import { memoryStore } from '../src/store/index.js';
import { startRedis, type TestRedis } from './support/redis.js';

/* The app holds its cluster: alone by default, over Redis when configured, closed with the app. */

const SECRET = 'test-secret-test-secret-test-secret';
const LIMITS = { ...DEFAULT_CLUSTER_LIMITS, peerPollMs: 50 };

let redis: TestRedis;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis.stop();
});

async function until(predicate: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('the app’s cluster', () => {
  it('is an instance alone unless told otherwise', async () => {
    const app = await buildApp({ store: memoryStore(), cookieSecret: SECRET, botWorkers: 0 });
    expect(app.zar.cluster.shared).toBe(false);
    expect(app.zar.cluster.liveness.peers().size).toBe(0);
    await app.close();
  });

  it('joins Redis when configured, and leaves it when the app closes', async () => {
    const watcher = await openCluster({ redisUrl: redis.url, instance: 'watcher', limits: LIMITS }, console);
    const app = await buildApp({
      store: memoryStore(),
      cookieSecret: SECRET,
      botWorkers: 0,
      cluster: { redisUrl: redis.url, instance: 'app-1', limits: LIMITS },
    });
    expect(app.zar.cluster).toMatchObject({ instance: 'app-1', shared: true });
    expect(app.zar.cluster.liveness.live).toBe(true);
    await until(() => watcher.liveness.peers().has('app-1'), 1000);
    await app.close();
    await until(() => !watcher.liveness.peers().has('app-1'), 1000);
    await watcher.close();
  });
});
