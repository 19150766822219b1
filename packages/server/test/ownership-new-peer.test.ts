import { afterAll, beforeAll, expect, it } from 'vitest';
import { type ClusterLimits, DEFAULT_CLUSTER_LIMITS } from '../src/cluster/index.js';
import { RedisLiveness } from '../src/cluster/liveness.js';
import { connectRedis } from '../src/cluster/redis.js';
import { Ownership } from '../src/game/ownership.js';
import { memoryStore } from '../src/store/index.js';
import { gameRowFor } from './support/game-row.js';
import { startRedis, type TestRedis } from './support/redis.js';

/*
 * An instance that started after its peer's last look at the alive keys: the peer does not list
 * it yet, but must not take the games it creates meanwhile. The peer here never looks again on
 * its own (its poll is an hour), so only the claim's own look can tell it the creator is alive.
 */

const LIMITS: ClusterLimits = { ...DEFAULT_CLUSTER_LIMITS, peerPollMs: 3_600_000 };
const quiet = { error: () => {}, warn: () => {}, info: () => {}, debug: () => {} };

let redis: TestRedis;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis?.stop();
});

async function liveness(instance: string) {
  const links = connectRedis(redis.url, { commandTimeoutMs: LIMITS.commandTimeoutMs, log: quiet, instance });
  await links.ready(2000);
  const live = new RedisLiveness({ instance, commands: links.commands, limits: LIMITS, log: quiet });
  await live.start();
  let closing: Promise<void> | null = null;
  return {
    live,
    close: () =>
      (closing ??= (async () => {
        await live.close();
        await links.close();
      })()),
  };
}

it('a game made by an instance its peer has not seen yet stays its own; once that one is gone, the peer takes it', async () => {
  const store = memoryStore();
  const early = await liveness('early');
  const late = await liveness('late');
  try {
    expect(early.live.peers().has('late')).toBe(false);
    await store.createGame(gameRowFor({ id: 'newgame01' }));
    expect((await store.claimGame('newgame01', 'late', { owner: null, epoch: 0 })).ok).toBe(true);
    const ownership = new Ownership({ instance: 'early', liveness: early.live }, store, Date.now, quiet, () => null);

    expect(await ownership.claim('newgame01')).toEqual({ at: 'elsewhere', instance: 'late' });
    expect(await store.ownerOf('newgame01')).toEqual({ owner: 'late', epoch: 1 });

    // Gone (its key removed), though still not looked at: the claim's look finds it dead.
    await late.close();
    expect(await ownership.claim('newgame01')).toEqual({ at: 'here', epoch: 2, from: 'late' });
  } finally {
    await late.close();
    await early.close();
  }
});
