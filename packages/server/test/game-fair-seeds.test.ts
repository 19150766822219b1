import type { GameAction } from '@zar/match';
import { ABSENT_CLIENT_SEED } from '@zar/protocol';
import { describe, expect, it } from 'vitest';
import { newFairDice } from '../src/dice/fair-seeds.js';
import { decideSeed, RoomFair, seedsBeforeOpening } from '../src/game/company/fair.js';
import { botSeat, humanSeat } from '../src/game/seats.js';
import type { FairDiceRow } from '../src/store/types.js';
import { gameRowFor } from './support/game-row.js';

/* The fair dice's deciders and what a room keeps of them, on plain values: no store, no room. */

const people = [humanSeat('ana', 'Ana'), humanSeat('bo', 'Bo')] as const;
/** A match between people whose seeds are awaited: the server's seed drawn, no player's given. */
const awaited = (): FairDiceRow => newFairDice([...people]);
const OPENING: GameAction = { type: 'opening', dice: [3, 1] };
const A = 'a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1';
const B = 'b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2';

describe('decideSeed', () => {
  it('stores a first seed and tells everyone; the opening waits for the other', () => {
    const fair = awaited();
    const d = decideSeed(fair, 0, A, 'playing', []);
    expect(d.ok && d.value).toEqual({
      store: { fair: { ...fair, clientSeeds: [A, null] } },
      sendAway: false,
      tell: 'all',
      opening: false,
    });
  });

  it('with the second seed in, the opening waiting for them goes', () => {
    const fair = { ...awaited(), clientSeeds: [A, null] as const };
    const d = decideSeed(fair, 1, B, 'playing', []);
    expect(d.ok && d.value).toEqual({
      store: { fair: { ...fair, clientSeeds: [A, B] } },
      sendAway: false,
      tell: 'all',
      opening: true,
    });
  });

  it('a seed given again stores nothing and is told to its sender only', () => {
    const fair = { ...awaited(), clientSeeds: [A, null] as const };
    expect(decideSeed(fair, 0, A, 'playing', [])).toEqual({
      ok: true,
      value: { store: null, sendAway: false, tell: 'sender', opening: false },
    });
    const both = { ...fair, clientSeeds: [A, B] as const };
    // Repeated once both are in (after the opening too): harmless, and says the seeds are complete.
    expect(decideSeed(both, 1, B, 'playing', [OPENING])).toEqual({
      ok: true,
      value: { store: null, sendAway: false, tell: 'sender', opening: true },
    });
  });

  it('refuses a second, different seed', () => {
    const fair = { ...awaited(), clientSeeds: [A, null] as const };
    const d = decideSeed(fair, 0, B, 'playing', []);
    expect(!d.ok && d.error.code).toBe('ERR_SEED_SET');
  });

  it('refuses a seed after the opening, once the match is over, or once stored as absent', () => {
    const fair = awaited();
    const late = (d: ReturnType<typeof decideSeed>) => !d.ok && d.error.code;
    expect(late(decideSeed(fair, 0, A, 'playing', [OPENING]))).toBe('ERR_SEED_LATE');
    expect(late(decideSeed(fair, 0, A, 'over', []))).toBe('ERR_SEED_LATE');
    const absent = { ...fair, clientSeeds: [ABSENT_CLIENT_SEED, null] as const };
    expect(late(decideSeed(absent, 0, A, 'playing', []))).toBe('ERR_SEED_LATE');
  });

  it('refuses a spectator, and a match without fair dice', () => {
    const d = decideSeed(awaited(), null, A, 'playing', []);
    expect(!d.ok && d.error.code).toBe('ERR_NOT_A_PLAYER');
    const none = decideSeed(null, 0, A, 'playing', []);
    expect(!none.ok && none.error.code).toBe('ERR_SEED_LATE');
  });
});

describe('seedsBeforeOpening', () => {
  it('stores the seeds not given as absent, and nothing once both are known or without fair dice', () => {
    const fair = { ...awaited(), clientSeeds: [A, null] as const };
    expect(seedsBeforeOpening(fair)).toEqual({ ...fair, clientSeeds: [A, ABSENT_CLIENT_SEED] });
    expect(seedsBeforeOpening({ ...fair, clientSeeds: [A, B] })).toBeNull();
    expect(seedsBeforeOpening(null)).toBeNull();
  });
});

describe('a room’s fair dice', () => {
  it('draw once the seeds stored are complete, and the wait for them ends then', () => {
    let now = 1_000;
    const fair = awaited();
    const row = gameRowFor({ seats: [...people], fair, updatedAt: 1_000 });
    const dice = new RoomFair(row, null, { now: () => now, seedWaitMs: 5_000 });
    now = 3_000;
    expect(dice.waitLeft()).toBe(3_000);
    dice.stored({ ...fair, clientSeeds: [A, null] });
    expect(dice.dice.ready).toBe(false);
    expect(dice.view('playing')?.clientSeeds).toEqual([A, null]);
    dice.stored({ ...fair, clientSeeds: [A, B] });
    expect(dice.dice.ready).toBe(true);
    expect(dice.waitLeft()).toBe(0);
    // The server's seed stays secret until the match is over.
    expect(dice.view('playing')?.serverSeed).toBeNull();
    expect(dice.view('over')?.serverSeed).toBe(fair.serverSeed);
  });

  it('of bots start with both seeds: nothing to wait for', () => {
    const fair = newFairDice([botSeat('club'), botSeat('club')]);
    expect(decideSeed(fair, 0, A, 'playing', []).ok).toBe(false);
    expect(seedsBeforeOpening(fair)).toBeNull();
  });
});
