import { DAY_MS } from '@zar/match';
import { describe, expect, it } from 'vitest';
import { humanSeat } from '../src/game/seats.js';
import { cleanupsAfterEach } from './support/cleanups.js';
import { gameRowFor } from './support/game-row.js';
import { instances, sharedStore, until } from './support/two-instances.js';

/*
 * A correspondence match beside other instances: the instance that drops its idle room leaves
 * the game free, and whichever instance's deadline sweep finds its time up claims it through
 * the ownership, as any load does, and ends it on time.
 */

const cleanups = cleanupsAfterEach();
const T0 = 1_767_225_600_000;

describe('a correspondence match beside other instances', () => {
  it('is left free once idle, and a peer’s deadline sweep claims it and ends it on time', async () => {
    let now = T0;
    const store = await sharedStore(cleanups);
    const [a, b] = instances(store, ['A', 'B'], () => now, cleanups);
    if (a === undefined || b === undefined) throw new Error('two instances');
    const row = gameRowFor({
      id: 'corr01',
      seats: [humanSeat('u1', 'Ann'), humanSeat('u2', 'Bob')],
      clock: { kind: 'correspondence', daysPerMove: 1 },
      pool: 'corr-backgammon',
      createdAt: T0,
      updatedAt: T0,
    });
    const onA = await a.rooms.create(row);
    await until(() => onA.version === 1);
    const actor = onA.view(null).game.actor as 0 | 1;
    await until(() => a.rooms.evictIdle(T0 + 3_600_000) === 1);
    await until(async () => (await store.ownerOf('corr01'))?.owner === null);
    now = T0 + DAY_MS;
    expect(await b.rooms.sweepDeadlines()).toBe(1);
    expect((await store.ownerOf('corr01'))?.owner).toBe('B');
    await until(async () => (await store.gameById('corr01'))?.status === 'over');
    expect(await store.gameById('corr01')).toMatchObject({ winner: actor === 0 ? 1 : 0, abandonedBy: null });
    expect(a.rooms.size).toBe(0);
  });
});
