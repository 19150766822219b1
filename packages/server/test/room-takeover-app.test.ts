import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CLUSTER_LIMITS } from '../src/cluster/index.js';
import { memoryStore } from '../src/store/index.js';
import type { GameOwner } from '../src/store/types.js';
import { Caller, Client, type Running, startServer } from './support/harness.js';
import { startRedis, type TestRedis } from './support/redis.js';
import { until } from './support/two-instances.js';

/*
 * The app's wiring of the ownership: beside another instance (over Redis), a game created here
 * is this instance's, and a clean shutdown leaves it free before the sockets close, so the
 * other claims it at once instead of waiting for this one's alive key to run out.
 */

const LIMITS = { ...DEFAULT_CLUSTER_LIMITS, peerPollMs: 50 };

let redis: TestRedis;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis.stop();
});

describe('an app beside another instance', () => {
  it('owns the games it creates, and at a clean shutdown leaves them free before its sockets close', async () => {
    const store = memoryStore();
    const instance = (name: string): Promise<Running> =>
      startServer({ store, app: { cluster: { redisUrl: redis.url, instance: name, limits: LIMITS } } });
    const b = await instance('app-b');
    const a = await instance('app-a');
    try {
      await until(() => a.app.zar.cluster.liveness.peers().has('app-b'));
      const me = new Caller(a.base);
      const { id } = await me.newGame({ preset: 'backgammon', length: 1, opponent: 'bot' });
      expect(await store.ownerOf(id)).toEqual({ owner: 'app-a', epoch: 1 });
      expect(await b.app.zar.rooms.locate(id)).toEqual({ at: 'elsewhere', instance: 'app-a' });
      const client = await Client.open(a.ws, me.cookie);
      await client.join(id);
      const atClose = new Promise<GameOwner | null>((resolve) => {
        client.socket.once('close', () => resolve(store.ownerOf(id)));
      });
      await a.app.close();
      expect(await atClose).toEqual({ owner: null, epoch: 2 });
      const at = await b.app.zar.rooms.locate(id);
      expect(at?.at === 'here' ? at.room.epoch : null).toBe(3);
    } finally {
      await a.app.close();
      await b.app.close();
      await store.close();
    }
  });
});
