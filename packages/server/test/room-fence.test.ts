import { parseMatchSettings } from '@zar/match';
import { describe, expect, it } from 'vitest';
import { botSeat, humanSeat } from '../src/game/seats.js';
import { cleanupsAfterEach } from './support/cleanups.js';
import { gameRowFor } from './support/game-row.js';
import { clockOf, dies, instances, roomAt, sharedStore, until, watcher } from './support/two-instances.js';

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
    const written = await store.actions('fence1');
    const stopped = written.length;
    await wait(200);
    expect((await store.actions('fence1')).length).toBe(stopped);
    expect(await store.ownerOf('fence1')).toEqual({ owner: 'A', epoch: 1 });
    // Fenced, it takes nothing: asked for the game, it answers as a store away (try again).
    await expect(a.rooms.locate('fence1')).rejects.toMatchObject({ code: 'ECONNRESET' });
    // Nor does it create one: refused before anything is stored.
    const another = gameRowFor({ id: 'fence9', settings: FIVE_POINTS, seats: [botSeat('club'), botSeat('club')] });
    await expect(a.rooms.create(another)).rejects.toMatchObject({ code: 'ECONNRESET' });
    expect(await store.gameById('fence9')).toBeNull();

    dies(a, [b]);
    await until(() => b.rooms.size === 1);
    const onB = await roomAt(b, 'fence1');
    if (onB === null) throw new Error('B took it over');
    // B's bots play on as soon as it loads the game, so B is read through the record: what A
    // wrote is kept as it was, and B went on from there.
    await until(() => onB.version >= stopped + 3);
    expect((await store.actions('fence1')).slice(0, stopped)).toEqual(written);

    a.liveness.setFenced(false);
    expect(await a.rooms.locate('fence1')).toEqual({ at: 'elsewhere', instance: 'B' });
    expect((await store.actions('fence1')).length).toBe(onB.version);
  });

  it('writes no beat while fenced, and once live again takes back the games nobody took, the fence not charged', async () => {
    const store = await sharedStore(cleanups);
    const clock = clockOf(T0);
    const [a] = instances(store, ['A', 'B'], clock.read, cleanups);
    if (a === undefined) throw new Error('two instances');
    const row = gameRowFor({
      id: 'fence2',
      settings: FIVE_POINTS,
      seats: [humanSeat('u1', 'Ann'), humanSeat('u2', 'Bob')],
      clock: { kind: 'timed', delayMs: 2000, perPointMs: 60_000 },
      createdAt: T0,
      updatedAt: T0,
    });
    const onA = await a.rooms.create(row);
    await until(() => onA.version === 1);
    clock.now += 5000;
    await until(async () => (await store.lastBeat('A')) === clock.now);
    const atFence = onA.view(null).clock;
    expect(atFence?.running).toBe(true);
    const fencedAt = clock.now;
    a.liveness.setFenced(true);
    expect(a.rooms.size).toBe(0);
    clock.now += 30_000;
    await wait(60);
    expect(await store.lastBeat('A')).toBe(fencedAt);

    a.liveness.setFenced(false);
    await until(() => a.rooms.size === 1);
    const back = await roomAt(a, 'fence2');
    expect(back?.epoch).toBe(2);
    expect(back?.view(null).clock).toEqual(atFence);
    expect(await store.pausesSince(T0, 'fence2')).toEqual([{ from: fencedAt, to: fencedAt + 30_000 }]);
    await until(async () => (await store.lastBeat('A')) === clock.now);
  });
});
