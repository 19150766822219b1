import { CLIENT_SEED, diceCommitment, seededDice, verifyDice } from '@zar/match';
import { ABSENT_CLIENT_SEED } from '@zar/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chatAccess } from '../src/chat/channels.js';
import { GameDice } from '../src/dice/dice.js';
import {
  commitmentOf,
  fairProof,
  fairView,
  newFairDice,
  seedStep,
  withAbsentSeeds,
  withSeed,
} from '../src/dice/fair-seeds.js';
import { seedWaitFrom } from '../src/env.js';
import { spectatorsStep } from '../src/game/company/spectators.js';
import { companyMeta } from '../src/game/company/view.js';
import { botSeat, humanSeat } from '../src/game/seats.js';
import type { FairDiceRow, GameRow } from '../src/store/types.js';

/*
 * The pure rules of a room's company: the seeds of fair dice, who may forbid spectators, and
 * who may use which channel of the chat.
 */

const hex64 = fc.stringMatching(/^[0-9a-f]{64}$/);
const seedArb = fc.stringMatching(/^[\x21-\x7e]{1,64}$/);
const FAIR: fc.Arbitrary<FairDiceRow> = fc.record({
  serverSeed: hex64,
  clientSeeds: fc.tuple(fc.option(seedArb, { nil: null }), fc.option(seedArb, { nil: null })),
});
const SEAT = fc.oneof(
  fc.constant(botSeat('club')),
  fc.constant(humanSeat('u1', 'ana')),
  fc.constant(humanSeat('u2', 'bo')),
  fc.constant(humanSeat(null, '')),
);
const SEATS: fc.Arbitrary<GameRow['seats']> = fc.tuple(SEAT, SEAT);
const STATUS: fc.Arbitrary<GameRow['status']> = fc.constantFrom('waiting', 'playing', 'over');
const PLAYER = fc.constantFrom(0 as const, 1 as const);

describe('new fair dice', () => {
  it('draw a secret server seed, and a seed from the start for each bot seat only', () => {
    fc.assert(
      fc.property(SEATS, (seats) => {
        const fair = newFairDice(seats);
        expect(fair.serverSeed).toMatch(/^[0-9a-f]{64}$/);
        for (const p of [0, 1] as const) {
          const seed = fair.clientSeeds[p];
          if (seats[p].kind === 'bot') expect(seed).toMatch(CLIENT_SEED);
          else expect(seed).toBeNull();
        }
      }),
      { numRuns: 50 },
    );
    expect(newFairDice([humanSeat('a', 'a'), humanSeat('b', 'b')]).serverSeed).not.toBe(
      newFairDice([humanSeat('a', 'a'), humanSeat('b', 'b')]).serverSeed,
    );
  });
});

describe('a seat’s seed', () => {
  it('is taken once, before the dice begin; a repeat of the same is harmless', () => {
    fc.assert(
      fc.property(FAIR, PLAYER, seedArb, fc.boolean(), (fair, seat, seed, begun) => {
        const step = seedStep(fair, seat, seed, begun);
        const given = fair.clientSeeds[seat];
        if (given === seed) expect(step).toEqual({ ok: true, value: 'same' });
        else if (given === ABSENT_CLIENT_SEED || (given === null && begun)) {
          expect(step).toMatchObject({ ok: false, error: { code: 'ERR_SEED_LATE' } });
        } else if (given !== null) expect(step).toMatchObject({ ok: false, error: { code: 'ERR_SEED_SET' } });
        else {
          expect(step).toEqual({ ok: true, value: 'new' });
          const next = withSeed(fair, seat, seed);
          expect(next.clientSeeds[seat]).toBe(seed);
          expect(next.clientSeeds[seat === 0 ? 1 : 0]).toBe(fair.clientSeeds[seat === 0 ? 1 : 0]);
          expect(next.serverSeed).toBe(fair.serverSeed);
        }
      }),
    );
    expect(seedStep(null, 0, 'x', false)).toMatchObject({ ok: false, error: { code: 'ERR_SEED_LATE' } });
  });

  it('missing when the wait is over, is the absent seed; a seed given stays', () => {
    fc.assert(
      fc.property(FAIR, (fair) => {
        const done = withAbsentSeeds(fair);
        for (const p of [0, 1] as const) expect(done.clientSeeds[p]).toBe(fair.clientSeeds[p] ?? ABSENT_CLIENT_SEED);
      }),
    );
  });
});

describe('the view and the proof of fair dice', () => {
  it('show the commitment always and the server seed only once the match is over', () => {
    fc.assert(
      fc.property(FAIR, STATUS, (fair, status) => {
        const commitment = commitmentOf(fair);
        const d = diceCommitment(fair.serverSeed);
        expect(d.ok && d.value).toBe(commitment);
        const view = fairView(fair, commitment, status);
        expect(view.commitment).toBe(commitment);
        expect(view.clientSeeds).toEqual(fair.clientSeeds);
        expect(view.serverSeed).toBe(status === 'over' ? fair.serverSeed : null);
        expect(JSON.stringify(view).includes(fair.serverSeed)).toBe(status === 'over');
        const proof = fairProof(fair, status);
        if (status !== 'over') expect(proof).toBeNull();
        else expect(proof).toMatchObject({ commitment, serverSeed: fair.serverSeed });
      }),
    );
    expect(fairProof(null, 'over')).toBeNull();
  });

  it('a match that ended before its first roll still has a proof that verifies', () => {
    const fair = newFairDice([humanSeat('a', 'a'), botSeat('club')]);
    const proof = fairProof(fair, 'over');
    expect(proof?.clientSeeds[0]).toBe(ABSENT_CLIENT_SEED);
    expect(verifyDice({ proof, actions: [] }).ok).toBe(true);
  });
});

describe('GameDice awaiting seeds', () => {
  it('draws nothing until its source is given, then draws from it', () => {
    const dice = new GameDice(null);
    expect(dice.ready).toBe(false);
    expect(() => dice.roll()).toThrow();
    dice.use(seededDice('s'));
    expect(dice.ready).toBe(true);
    expect(dice.openingRoll()).toEqual(seededDice('s').roll());
  });
});

describe('ZAR_SEED_WAIT_MS', () => {
  it('is 5 s when unset, 0 or more milliseconds up to a minute, and stops the server otherwise', () => {
    expect(seedWaitFrom({})).toEqual({ ok: true, value: 5000 });
    expect(seedWaitFrom({ ZAR_SEED_WAIT_MS: '0' })).toEqual({ ok: true, value: 0 });
    expect(seedWaitFrom({ ZAR_SEED_WAIT_MS: '1500' })).toEqual({ ok: true, value: 1500 });
    for (const bad of ['-1', '1.5', 'soon', '60001']) expect(seedWaitFrom({ ZAR_SEED_WAIT_MS: bad }).ok).toBe(false);
  });
});

describe('spectators', () => {
  it('only a player of a casual match between people, not a tournament’s, forbids or allows them, for his own seat, while it is played', () => {
    fc.assert(
      fc.property(
        SEATS,
        fc.boolean(),
        fc.tuple(fc.boolean(), fc.boolean()),
        fc.option(PLAYER, { nil: null }),
        fc.boolean(),
        STATUS,
        fc.option(fc.record({ id: fc.constant('t-1'), round: fc.integer({ min: 1, max: 9 }) }), { nil: null }),
        (seats, rated, noSpectators, seat, allow, status, tournament) => {
          const r = spectatorsStep({ seats, rated, noSpectators, status, tournament }, seat, allow);
          const bot = seats[0].kind === 'bot' || seats[1].kind === 'bot';
          // The view offers the choice exactly when it would be taken.
          const shown = tournament === null ? null : { ...tournament, name: 'Cup' };
          const source = { seats, status, rated, fair: null, noSpectators, spectators: 0, tournament: shown };
          expect(companyMeta(source, { you: seat, account: true }).watch.canForbid).toBe(r.ok);
          if (seat === null || rated || bot || status === 'over' || tournament !== null) {
            expect(r).toMatchObject({ ok: false, error: { code: 'ERR_NO_SPECTATORS' } });
            return;
          }
          if (!r.ok) throw new Error('refused');
          expect(r.value[seat]).toBe(!allow);
          expect(r.value[seat === 0 ? 1 : 0]).toBe(noSpectators[seat === 0 ? 1 : 0]);
        },
      ),
    );
  });
});

describe('the chat a viewer may use', () => {
  it('none against a bot; players talk in theirs and read the spectators’ once over; spectators never read the players’', () => {
    fc.assert(
      fc.property(SEATS, STATUS, fc.option(PLAYER, { nil: null }), fc.boolean(), (seats, status, you, account) => {
        const access = chatAccess(seats, status, { you, account });
        if (seats[0].kind === 'bot' || seats[1].kind === 'bot') {
          expect(access).toEqual({ write: null, read: [] });
          return;
        }
        // What one writes, one reads.
        if (access.write !== null) expect(access.read).toContain(access.write);
        if (you !== null) {
          expect(access.write).toBe('players');
          expect(access.read.includes('spectators')).toBe(status === 'over');
        } else {
          expect(access.read).toEqual(['spectators']);
          expect(access.write).toBe(account ? 'spectators' : null);
        }
        // The view says the same.
        const meta = companyMeta(
          { seats, status, rated: false, fair: null, noSpectators: [false, false], spectators: 0, tournament: null },
          { you, account },
        );
        expect(meta.chat).toEqual(access);
      }),
    );
  });
});
