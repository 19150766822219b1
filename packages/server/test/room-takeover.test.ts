import { parseMatchSettings } from '@zar/match';
import { describe, expect, it } from 'vitest';
import { Pacer } from '../src/bots/pacer.js';
import type { Room } from '../src/game/room.js';
import type { RoomResult } from '../src/game/room-result.js';
import { Rooms } from '../src/game/rooms.js';
import { botSeat, humanSeat } from '../src/game/seats.js';
import type { GameRow } from '../src/store/types.js';
import { cleanupsAfterEach } from './support/cleanups.js';
import { gameRowFor } from './support/game-row.js';
import { randomAction, seededRandom } from './support/harness.js';
import { clockOf, dies, instances, roomAt, sharedStore, until, watcher } from './support/two-instances.js';

/*
 * Instances beside each other own each game in turn (game/ownership.ts): the one that created
 * a game owns it; when it dies another takes it over from the record and plays on, its downtime
 * not charged to the clocks; when it wakes, the store refuses its writes and it steps down.
 */

const cleanups = cleanupsAfterEach();

const T0 = 1_767_225_600_000;
const THREE_POINTS = (() => {
  const parsed = parseMatchSettings({ length: 3, cycle: [{ game: 'backgammon' }] });
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
})();

/** A timed match between two people, created at `at`. */
const peopleRow = (id: string, at: number): GameRow =>
  gameRowFor({
    id,
    settings: THREE_POINTS,
    seats: [humanSeat('u1', 'Ann'), humanSeat('u2', 'Bob')],
    clock: { kind: 'timed', delayMs: 2000, perPointMs: 60_000 },
    createdAt: at,
    updatedAt: at,
  });

const botsRow = (id: string, at: number): GameRow =>
  gameRowFor({ id, settings: THREE_POINTS, seats: [botSeat('club'), botSeat('club')], createdAt: at, updatedAt: at });

/** The player to act plays a random legal action at the room's version. */
function play(room: Room, random: () => number): Promise<RoomResult<number>> {
  const actor = room.view(null).game.actor;
  if (actor === null) throw new Error('nobody to act');
  const user = room.seats[actor].userId;
  return room.act(user, randomAction(room.view(user), random), room.version);
}

async function played(room: Room, random: () => number): Promise<void> {
  const r = await play(room, random);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
}

describe('a game beside other instances', () => {
  it('is owned by the instance that created it; another finds it there', async () => {
    const store = await sharedStore(cleanups);
    const [a, b] = instances(store, ['A', 'B'], () => T0, cleanups);
    if (a === undefined || b === undefined) throw new Error('two instances');
    const room = await a.rooms.create(peopleRow('own01', T0));
    expect(room.epoch).toBe(1);
    expect(await store.ownerOf('own01')).toEqual({ owner: 'A', epoch: 1 });
    expect(await b.rooms.locate('own01')).toEqual({ at: 'elsewhere', instance: 'A' });
    expect(await b.rooms.get('own01')).toBeNull();
    expect(b.rooms.size).toBe(0);
    expect(await b.rooms.locate('nosuch')).toBeNull();
  });

  it('alone, is owned by nobody and written without an epoch, as before', async () => {
    const store = await sharedStore(cleanups);
    const rooms = new Rooms({
      store,
      log: { error: () => {}, warn: () => {} },
      botDelayMs: 0,
      now: () => T0,
      pacer: new Pacer(),
      heartbeatMs: 60_000,
      abandonAfterMs: 3_600_000,
    });
    cleanups.push(() => rooms.close());
    const room = await rooms.create(peopleRow('alone1', T0));
    await until(() => room.version === 1);
    await played(room, seededRandom(1));
    expect(room.epoch).toBeUndefined();
    expect(await store.ownerOf('alone1')).toEqual({ owner: null, epoch: 0 });
    expect(await store.lastBeat('A')).toBeNull();
    expect(await store.heartbeat()).toBe(T0);
  });
});

describe('an instance that dies', () => {
  it('has its game taken over at once: every acknowledged action kept, none doubled, its downtime not charged; awake, it is refused and steps down', async () => {
    const store = await sharedStore(cleanups);
    const clock = clockOf(T0);
    const [a, b] = instances(store, ['A', 'B'], clock.read, cleanups);
    if (a === undefined || b === undefined) throw new Error('two instances');
    const random = seededRandom(3);
    const onA = await a.rooms.create(peopleRow('die01', T0));
    const seen = watcher('u1');
    onA.subscribe(seen);
    await until(() => onA.version === 1);
    for (let i = 0; i < 4; i++) {
      clock.now += 1500;
      await played(onA, random);
    }
    const acknowledged = (await store.actions('die01')).map((s) => s.action);
    expect(acknowledged).toHaveLength(onA.version);
    // Its last beat, then it stops (frozen mid-turn) with the actor's clock running.
    clock.now += 1000;
    const lastBeat = clock.now;
    await until(async () => (await store.lastBeat('A')) === lastBeat);
    const clockAtDeath = onA.view(null).clock;
    expect(clockAtDeath?.running).toBe(true);
    a.freeze();
    const inFlight = play(onA, random);

    clock.now += 60_000;
    dies(a, [b]);
    // Taken over on the death's news (onPeer), not at the next scan; how fast is the bench's to say.
    await until(() => b.rooms.size === 1, 10_000);
    const onB = await roomAt(b, 'die01');
    if (onB === null) throw new Error('B took it over');
    expect(onB.epoch).toBe(2);
    expect(await store.ownerOf('die01')).toEqual({ owner: 'B', epoch: 2 });
    expect(onB.version).toBe(acknowledged.length);
    // The minute A was gone is skipped: the clock reads what it read at A's last beat.
    expect(onB.view(null).clock).toEqual(clockAtDeath);
    expect(await store.pausesSince(T0, 'die01')).toEqual([{ from: lastBeat, to: lastBeat + 60_000 }]);
    for (let i = 0; i < 3; i++) {
      clock.now += 1500;
      await played(onB, random);
    }

    // A wakes: the action it was writing as it stopped is refused, and its room steps down.
    a.thaw();
    const late = await inFlight;
    expect(late.ok ? null : late.error.code).toBe('ERR_CLOSED');
    expect(a.rooms.size).toBe(0);
    expect(seen.told).toBe(1);
    expect(await a.rooms.locate('die01')).toEqual({ at: 'elsewhere', instance: 'B' });

    const stored = (await store.actions('die01')).map((s) => s.action);
    expect(stored).toHaveLength(onB.version);
    expect(stored.slice(0, acknowledged.length)).toEqual(acknowledged);
    expect(onB.version).toBe(acknowledged.length + 3);
  });

  it('has its bots play on at the instance that took the game', async () => {
    const store = await sharedStore(cleanups);
    const [a, b] = instances(store, ['A', 'B'], () => T0, cleanups);
    if (a === undefined || b === undefined) throw new Error('two instances');
    const onA = await a.rooms.create(botsRow('bots01', T0));
    await until(() => onA.version >= 3);
    a.freeze();
    const at = (await store.actions('bots01')).length;
    dies(a, [b]);
    await until(() => b.rooms.size === 1);
    const onB = await roomAt(b, 'bots01');
    if (onB === null) throw new Error('B took it over');
    await until(() => onB.version >= at + 5);
    const stored = await store.actions('bots01');
    expect(stored.length).toBe(onB.version);
    a.thaw();
    await until(() => a.rooms.size === 0);
  });

  it('has the waits for a claim start again at the takeover, as after a restart', async () => {
    const store = await sharedStore(cleanups);
    const clock = clockOf(T0);
    const [a, b] = instances(store, ['A', 'B'], clock.read, cleanups);
    if (a === undefined || b === undefined) throw new Error('two instances');
    const row = { ...peopleRow('wait01', T0), clock: { kind: 'untimed' } as const };
    const onA = await a.rooms.create(row);
    await until(() => onA.version === 1);
    const actor = onA.view(null).game.actor;
    const other = onA.seats[actor === 0 ? 1 : 0].userId;
    // Ten minutes without a move: the other player may claim the match now.
    clock.now += 10 * 60_000;
    expect(onA.view(other).claim).toBe(0);
    a.freeze();
    dies(a, [b]);
    await until(() => b.rooms.size === 1);
    const onB = await roomAt(b, 'wait01');
    // Nobody could act while A was gone: the actor has his whole wait again from the takeover.
    expect(onB?.view(other).claim).toBe(5 * 60_000);
  });

  it('has each of its games won by one of two survivors racing for it', async () => {
    const store = await sharedStore(cleanups);
    const [a, b, c] = instances(store, ['A', 'B', 'C'], () => T0, cleanups);
    if (a === undefined || b === undefined || c === undefined) throw new Error('three instances');
    const ids = ['race01', 'race02', 'race03', 'race04', 'race05', 'race06', 'race07', 'race08'];
    for (const id of ids) await a.rooms.create(peopleRow(id, T0));
    a.freeze();
    dies(a, [b, c]);
    // Both asked for every game at once, beside their takeovers (each of which takes its share first).
    const answers = await Promise.all(ids.flatMap((id) => [b.rooms.locate(id), c.rooms.locate(id)]));
    expect(answers.filter((x) => x?.at === 'here')).toHaveLength(ids.length);
    expect(answers.filter((x) => x?.at === 'elsewhere')).toHaveLength(ids.length);
    await until(() => b.rooms.size + c.rooms.size === ids.length);
    for (const id of ids) {
      const owner = await store.ownerOf(id);
      expect(owner?.epoch).toBe(2);
      const [winner, loser] = owner?.owner === 'B' ? [b, c] : [c, b];
      expect(owner?.owner).toBe(winner.name);
      expect((await winner.rooms.locate(id))?.at).toBe('here');
      expect(await loser.rooms.locate(id)).toEqual({ at: 'elsewhere', instance: winner.name });
    }
  });
});

describe('an instance that stops cleanly', () => {
  it('leaves its games free before its sockets close, and another claims each at its next command', async () => {
    const store = await sharedStore(cleanups);
    const clock = clockOf(T0);
    const [a, b] = instances(store, ['A', 'B'], clock.read, cleanups);
    if (a === undefined || b === undefined) throw new Error('two instances');
    const onA = await a.rooms.create(peopleRow('bye01', T0));
    const seen = watcher('u2');
    onA.subscribe(seen);
    await until(() => onA.version === 1);
    await a.rooms.handOver();
    expect(await store.ownerOf('bye01')).toEqual({ owner: null, epoch: 2 });
    expect(seen.told).toBe(1);
    expect(a.rooms.size).toBe(0);
    clock.now += 500;
    const onB = await roomAt(b, 'bye01');
    if (onB === null) throw new Error('B claims it');
    expect(onB.epoch).toBe(3);
    expect(onB.version).toBe(1);
    // Nobody was down: no pause.
    expect(await store.pausesSince(T0, 'bye01')).toEqual([]);
    await played(onB, seededRandom(5));
    expect(onB.version).toBe(2);
  });

  it('leaves free the game of a room it drops from memory, idle', async () => {
    const store = await sharedStore(cleanups);
    const [a, b] = instances(store, ['A', 'B'], () => T0, cleanups);
    if (a === undefined || b === undefined) throw new Error('two instances');
    const row = { ...peopleRow('idle01', T0), clock: { kind: 'untimed' } as const };
    const onA = await a.rooms.create(row);
    await until(() => onA.version === 1);
    expect(a.rooms.evictIdle(T0 + 3_600_000)).toBe(1);
    await until(async () => (await store.ownerOf('idle01'))?.owner === null);
    expect((await b.rooms.locate('idle01'))?.at).toBe('here');
  });

  it('keeps a game of bots only, which nobody would come back for, and a peer takes it over once it is gone', async () => {
    const store = await sharedStore(cleanups);
    const [a, b] = instances(store, ['A', 'B'], () => T0, cleanups);
    if (a === undefined || b === undefined) throw new Error('two instances');
    const onA = await a.rooms.create(botsRow('botsbye01', T0));
    await until(() => onA.version >= 3);
    await a.rooms.handOver();
    expect((await store.ownerOf('botsbye01'))?.owner).toBe('A');
    // Its alive key removed as it closes: the peer takes the game and its bots play on there.
    dies(a, [b]);
    await until(async () => (await store.ownerOf('botsbye01'))?.owner === 'B');
    const onB = await roomAt(b, 'botsbye01');
    if (onB === null) throw new Error('B took it');
    const at = onB.version;
    await until(() => onB.version > at);
  });

  it('keeps its games when no other instance is alive, for whoever starts next to take over', async () => {
    const store = await sharedStore(cleanups);
    const [a, b] = instances(store, ['A', 'B'], () => T0, cleanups);
    if (a === undefined || b === undefined) throw new Error('two instances');
    a.liveness.setPeer('B', false);
    await a.rooms.create(peopleRow('last01', T0));
    await a.rooms.handOver();
    expect(await store.ownerOf('last01')).toEqual({ owner: 'A', epoch: 1 });
  });
});
