import { parseMatchSettings } from '@zar/match';
import { describe, expect, it } from 'vitest';
import { botSeat } from '../src/game/seats.js';
import { cleanupsAfterEach } from './support/cleanups.js';
import { gameRowFor } from './support/game-row.js';
import { dies, instances, roomAt, sharedStore, until, watcher } from './support/two-instances.js';

/*
 * An instance that may have lost its alive key (Redis away: Liveness.onFence) stops acting as
 * an owner before any peer may take its games: every room steps down, writing nothing more,
 * and it claims nothing until the fence lifts.
 */

const cleanups = cleanupsAfterEach();

const T0 = 1_767_225_600_000;
const FIVE_POINTS = (() => {
  const parsed = parseMatchSettings({ length: 5, cycle: [{ game: 'backgammon' }] });
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
})();

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a fenced instance', () => {
  it('steps every room down at once and writes nothing more; a peer takes the games over, and it finds them there', async () => {
    const store = await sharedStore(cleanups);
    const [a, b] = instances(store, ['A', 'B'], () => T0, cleanups);
    if (a === undefined || b === undefined) throw new Error('two instances');
    const row = gameRowFor({ id: 'fence1', settings: FIVE_POINTS, seats: [botSeat('club'), botSeat('club')] });
    const onA = await a.rooms.create(row);
    const seen = watcher(null);
    onA.subscribe(seen);
    await until(() => onA.version >= 3);

    a.liveness.setFenced(true);
    expect(a.rooms.size).toBe(0);
    expect(seen.told).toBe(1);
    // A write already on its way may land (no one has taken the game yet); after it, nothing.
    await wait(50);
    const stopped = (await store.actions('fence1')).length;
    await wait(200);
    expect((await store.actions('fence1')).length).toBe(stopped);
    expect(await store.ownerOf('fence1')).toEqual({ owner: 'A', epoch: 1 });
    // Fenced, it takes nothing: asked for the game, it answers as a store away (try again).
    await expect(a.rooms.locate('fence1')).rejects.toMatchObject({ code: 'ECONNRESET' });

    dies(a, [b]);
    await until(() => b.rooms.size === 1);
    const onB = await roomAt(b, 'fence1');
    if (onB === null) throw new Error('B took it over');
    expect(onB.version).toBe(stopped);
    await until(() => onB.version >= stopped + 3);

    a.liveness.setFenced(false);
    expect(await a.rooms.locate('fence1')).toEqual({ at: 'elsewhere', instance: 'B' });
    expect((await store.actions('fence1')).length).toBe(onB.version);
  });
});
