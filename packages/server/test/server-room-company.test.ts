import { diceProof, verifyDice } from '@zar/match';
import { describe, expect, it } from 'vitest';
import { Pacer } from '../src/bots/pacer.js';
import { RoomWatch } from '../src/game/company/watchers.js';
import { newGameRow } from '../src/game/game-row.js';
import type { Room } from '../src/game/room.js';
import { Rooms } from '../src/game/rooms.js';
import { botSeat, humanSeat } from '../src/game/seats.js';
import { memoryStore } from '../src/store/index.js';
import type { GameRow, Store } from '../src/store/types.js';
import { cleanupsAfterEach } from './support/cleanups.js';
import { ONE_POINT } from './support/game-row.js';

/*
 * A room's company hooks, on rooms built by hand: the end of a match told once (whatever
 * ends it), the tournament it is a round of, and fair dice played to the end by bots.
 */

const cleanups = cleanupsAfterEach();

function rowOf(id: string, seats: GameRow['seats'], tournament: GameRow['tournament'] = null): GameRow {
  const players = [seats[0].name, seats[1].name] as const;
  const fields = { id, settings: ONE_POINT, players, dice: { source: 'crypto' } as const, seats, now: 1 };
  return newGameRow({
    ...fields,
    status: 'playing',
    clock: { kind: 'untimed' },
    rated: false,
    pool: 'backgammon',
    tournament,
  });
}

function roomsOf(store: Store, ended: (room: Room) => void): Rooms {
  const rooms = new Rooms({
    store,
    log: { error: () => {}, warn: () => {} },
    botDelayMs: 0,
    now: Date.now,
    pacer: new Pacer(),
    heartbeatMs: 60_000,
    abandonAfterMs: 3_600_000,
    seedWaitMs: 60_000,
    ended,
  });
  cleanups.push(() => rooms.close());
  return rooms;
}

describe('a room', () => {
  it('of bots: fair dice from the bots’ own seeds, the tournament named, the end told once', async () => {
    const store = memoryStore();
    cleanups.push(() => store.close());
    await store.createUser({ id: 'maker', name: 'maker', passwordHash: null, createdAt: 1 });
    await store.createTournament({
      id: 'tour01',
      creatorId: 'maker',
      status: 'running',
      createdAt: 1,
      startsAt: null,
      updatedAt: 1,
      version: 1,
      data: { name: 'Club night' },
    });
    const endings: Room[] = [];
    let over = () => {};
    const done = new Promise<void>((resolve) => (over = resolve));
    const rooms = roomsOf(store, (room) => {
      endings.push(room);
      over();
    });
    const row = rowOf('game01', [botSeat('beginner'), botSeat('beginner')], { id: 'tour01', round: 2 });
    const room = await rooms.create(row);
    expect(room.tournament).toEqual({ id: 'tour01', name: 'Club night', round: 2 });
    expect(room.view(null).tournament).toEqual({ id: 'tour01', name: 'Club night', round: 2 });
    await done;
    // Told after the match is over; nothing after the end tells it again.
    await new Promise((r) => setTimeout(r, 50));
    expect(endings).toEqual([room]);
    expect(room.status).toBe('over');
    expect(room.spectators).toBe(0);

    const view = room.view(null);
    expect(view.fair?.serverSeed).toBe(row.fair?.serverSeed);
    expect(view.fair?.clientSeeds).toEqual(row.fair?.clientSeeds);
    const proof = diceProof((await store.gameById('game01'))?.fair);
    if (!proof.ok) throw new Error(proof.error.message);
    const actions = (await store.actions('game01')).map((a) => a.action);
    expect(verifyDice({ proof: proof.value, actions }).ok).toBe(true);
  });

  it('of a tournament: no rematch is offered or taken once it is over (the next round is the next match)', async () => {
    const store = memoryStore();
    cleanups.push(() => store.close());
    await store.createUser({ id: 'u1', name: 'ana', passwordHash: null, createdAt: 1 });
    const rooms = roomsOf(store, () => {});
    const row = rowOf('game03', [humanSeat('u1', 'ana'), botSeat('club')], { id: 'cup', round: 1 });
    const room = await rooms.create(row);
    expect((await room.abandon(Date.now())).ok).toBe(true);
    expect(room.view('u1').rematch.allowed).toBe(false);
    expect(await room.rematch('u1', true, '127.0.0.1')).toMatchObject({ ok: false, error: { code: 'ERR_NO_REMATCH' } });
    expect(room.view('u1').rematch).toEqual({ offered: [false, false], allowed: false, next: null });
    expect(await store.rematchOf('game03')).toBeNull();
  });

  it('whose ending action the store kept but reported lost: the end is told once, by the copy loaded again', async () => {
    const inner = memoryStore();
    cleanups.push(() => inner.close());
    await inner.createUser({ id: 'u1', name: 'ana', passwordHash: null, createdAt: 1 });
    let cut = false;
    const store: Store = {
      ...inner,
      appendAction: async (...args) => {
        const stored = await inner.appendAction(...args);
        if (!cut && args[2].type === 'timeout') {
          cut = true;
          throw new Error('Connection terminated unexpectedly');
        }
        return stored;
      },
    };
    const endings: string[] = [];
    const rooms = roomsOf(store, (room) => endings.push(room.id));
    const room = await rooms.create(rowOf('game04', [humanSeat('u1', 'ana'), botSeat('club')]));
    expect(await room.abandon(Date.now())).toMatchObject({ ok: false, error: { code: 'ERR_STORE_UNAVAILABLE' } });
    expect(endings).toEqual([]);
    // Tried again: the store is ahead of the room, which is loaded again from it, over.
    expect((await room.abandon(Date.now())).ok).toBe(false);
    for (let i = 0; i < 100 && endings.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect((await rooms.get('game04'))?.status).toBe('over');
    expect(endings).toEqual(['game04']);
  });

  it('against a bot that its player abandoned: the end is told once, as for any ending', async () => {
    const store = memoryStore();
    cleanups.push(() => store.close());
    await store.createUser({ id: 'u1', name: 'ana', passwordHash: null, createdAt: 1 });
    const endings: string[] = [];
    const rooms = roomsOf(store, (room) => endings.push(room.id));
    const room = await rooms.create(rowOf('game02', [humanSeat('u1', 'ana'), botSeat('club')]));
    // The player never sent a seed: the opening waits (a minute here), and nothing has ended.
    expect(room.version).toBe(0);
    expect(endings).toEqual([]);
    const r = await room.abandon(Date.now());
    expect(r.ok).toBe(true);
    expect(room.status).toBe('over');
    expect(endings).toEqual(['game02']);
    expect(await room.abandon(Date.now())).toMatchObject({ ok: false, error: { code: 'ERR_NOT_PLAYING' } });
    expect(endings).toEqual(['game02']);
    // Over before its first roll, its view reveals the server seed all the same.
    expect(room.view('u1').fair?.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    // A seed after the end changes nothing: the revealed proof stays the one the match ended with.
    expect(await room.seed('u1', 'after-the-end')).toMatchObject({ ok: false, error: { code: 'ERR_SEED_LATE' } });
    expect(room.view('u1').fair?.clientSeeds[0]).toBeNull();
    expect((await store.gameById('game02'))?.fair?.clientSeeds[0]).toBeNull();
  });
});

describe('a spectator with an account', () => {
  it('is looked up again while he watches when the database was away, and may write once found', async () => {
    const inner = memoryStore();
    cleanups.push(() => inner.close());
    await inner.createUser({ id: 'cy', name: 'cy', passwordHash: null, createdAt: 1 });
    let away = 2;
    const store: Store = {
      ...inner,
      userById: async (id) => {
        if (away-- > 0) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
        return inner.userById(id);
      },
    };
    const watch = new RoomWatch({ store, log: { error: () => {}, warn: () => {} } });
    const seats: GameRow['seats'] = [humanSeat('u1', 'ana'), humanSeat('u2', 'bo')];
    const sub = { userId: 'cy', send: () => {} };
    const subscribers = new Set([sub]);
    let found = 0;
    void watch.learn(seats, sub, subscribers).then((account) => {
      if (account) found++;
    });
    for (let i = 0; i < 300 && found === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(found).toBe(1);
    expect(watch.key(seats, 'cy')).toBe('account');
  });
});
