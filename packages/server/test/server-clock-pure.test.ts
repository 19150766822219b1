import {
  actorOf,
  type Clock,
  type ClockSettings,
  type GameAction,
  type MatchState,
  matchReducer,
  newMatch,
  type Player,
  parseMatchSettings,
  seededDice,
  toAction,
} from '@zar/match';
import { matchView } from '@zar/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ClaimSituation,
  claimAfterFrom,
  claimCheck,
  claimWait,
  DEFAULT_CLAIM_AFTER_MS,
} from '../src/game/claim.js';
import { clockView, FlagTimer, fallen, newRoomClock, roomClockOfRecord, tickRoomClock } from '../src/game/clock.js';
import { companyMeta } from '../src/game/company/view.js';
import { DEFAULT_HEARTBEAT_MS, Heartbeat, heartbeatFrom, recordDowntime } from '../src/game/heartbeat.js';
import { presenceOf } from '../src/game/presence.js';
import { CASUAL, ratedMeta } from '../src/game/rating/view.js';
import { botSeat, humanSeat, seatView } from '../src/game/seats.js';
import { memoryStore } from '../src/store/index.js';
import type { GameRow, Store } from '../src/store/types.js';
import { randomAction, seededRandom } from './support/harness.js';

/*
 * The pure parts of the server's clocks, claims and presence: the rules as
 * functions of their inputs, held by properties, and the heartbeat against the memory store.
 */

const TIMED: ClockSettings = { kind: 'timed', delayMs: 3000, perPointMs: 20_000 };
const silent = { error: () => {}, warn: () => {} };

/** A backgammon match played at random, each action at a time `gaps` later than the one before. */
function played(seed: number, length: number, steps: number, gaps: readonly number[]) {
  const settings = parseMatchSettings({ length, cycle: [{ game: 'backgammon' }] });
  if (!settings.ok) throw new Error(settings.error.message);
  const dice = seededDice(`pure:${seed}`);
  const random = seededRandom(seed);
  const states: MatchState[] = [newMatch(settings.value)];
  const times: number[] = [];
  let at = 1_000_000;
  for (let i = 0; i < steps; i++) {
    const state = states.at(-1) as MatchState;
    if (state.winner !== null) break;
    const actor = actorOf(state.game);
    let action: GameAction;
    if (actor === null) action = { type: 'opening', dice: dice.openingRoll() };
    else {
      const seats = [botSeat('beginner'), botSeat('beginner')] as const;
      const meta = {
        id: 'g',
        status: 'playing',
        players: [seatView(seats[0]), seatView(seats[1])],
        you: actor,
        hint: false,
        analysable: false,
        ...ratedMeta(CASUAL, 'playing', null, actor),
        clock: null,
        presence: [true, true],
        claim: null,
        // Bots on seeded dice: no proof to show, no chat, nobody watching, no tournament.
        ...companyMeta(
          {
            seats,
            status: 'playing',
            rated: false,
            fair: null,
            noSpectators: [false, false],
            spectators: 0,
            tournament: null,
          },
          { you: actor, account: false },
        ),
      } as const;
      action = toAction(randomAction(matchView(state, meta, []), random), actor, dice);
    }
    const r = matchReducer(state, action);
    if (!r.ok) throw new Error(r.error.message);
    at += gaps[i % gaps.length] as number;
    states.push(r.value);
    times.push(at);
  }
  return { states, times };
}

describe('a room clock rebuilt from the record', () => {
  it('is the clock the room ticked as the actions came, and reads the same', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.constantFrom(1, 3, 0),
        fc.array(fc.integer({ min: 0, max: 9000 }), { minLength: 1, maxLength: 8 }),
        (seed, length, gaps) => {
          const { states, times } = played(seed, length, 60, gaps);
          let live = newRoomClock(TIMED, states[0] as MatchState, 1_000_000);
          for (const [i, at] of times.entries()) live = tickRoomClock(live, states[i + 1] as MatchState, at);
          const rebuilt = roomClockOfRecord(TIMED, states, 1_000_000, times, []);
          expect(rebuilt).toEqual(live);
          const end = (times.at(-1) ?? 1_000_000) + 1234;
          expect(clockView(rebuilt, end)).toEqual(clockView(live, end));
        },
      ),
      { numRuns: 30 },
    );
  });

  it('skips the server’s downtime: a pause after the last action shifts every reading by its length', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 0, max: 60_000 }),
        (seed, down, after) => {
          const { states, times } = played(seed, 3, 12, [2500]);
          const last = times.at(-1) as number;
          const plain = roomClockOfRecord(TIMED, states, 1_000_000, times, []);
          const paused = roomClockOfRecord(TIMED, states, 1_000_000, times, [{ from: last, to: last + down }]);
          expect(clockView(paused, last + down + after)).toEqual(clockView(plain, last + after));
          // And the flag falls that much later: never during the downtime.
          expect(fallen(paused, last + down + after)).toBe(fallen(plain, last + after));
        },
      ),
      { numRuns: 50 },
    );
  });

  it('an untimed match has none; a reading says who runs, and nobody does between games', () => {
    const { states, times } = played(5, 1, 1, [0]);
    expect(roomClockOfRecord({ kind: 'untimed' }, states, 0, times, [])).toBeNull();
    expect(clockView(null, 5)).toBeNull();
    const opening = newRoomClock(TIMED, states[0] as MatchState, 0) as Clock;
    expect(clockView(opening, 99)).toEqual({
      delayMs: 3000,
      perPointMs: 20_000,
      reserve: [20_000, 20_000],
      delay: 0,
      actor: null,
      running: false,
    });
    const after = tickRoomClock(opening, states[1] as MatchState, 10) as Clock;
    const actor = actorOf((states[1] as MatchState).game);
    expect(clockView(after, 10)).toMatchObject({ actor, running: true, delay: 3000 });
    // 3 s of delay and 20 s of reserve: the flag falls 23 s into the stretch, not a moment before.
    expect(fallen(after, 10 + 22_999)).toBeNull();
    expect(fallen(after, 10 + 23_000)).toBe(actor);
  });
});

describe('the flag timer', () => {
  it('fires at the fall (and again when set again), never once cleared', async () => {
    let now = 0;
    let fired = 0;
    const timer = new FlagTimer(
      () => now,
      () => fired++,
    );
    const { states } = played(8, 1, 1, [0]);
    const clock = tickRoomClock(
      newRoomClock({ kind: 'timed', delayMs: 0, perPointMs: 5000 }, states[0] as MatchState, 0),
      states[1] as MatchState,
      0,
    );
    now = 4990;
    timer.set(clock);
    expect(timer.armed).toBe(true);
    for (let i = 0; i < 1000 && fired === 0; i++) await new Promise((r) => setTimeout(r, 5));
    expect(fired).toBe(1);
    expect(timer.armed).toBe(false);
    timer.set(clock);
    timer.clear();
    timer.set(null);
    await new Promise((r) => setTimeout(r, 60));
    expect(fired).toBe(1);
    expect(timer.armed).toBe(false);
  });
});

const seatsArb = fc.tuple(
  fc.constantFrom('bot', 'empty', 'u1', 'u2', 'u3'),
  fc.constantFrom('bot', 'empty', 'u1', 'u2', 'u3'),
);
const seatOfKind = (k: string) => (k === 'bot' ? botSeat('club') : humanSeat(k === 'empty' ? null : k, k));

describe('presence', () => {
  it('a bot is always present, an empty seat never, a person while one of his sockets watches', () => {
    fc.assert(
      fc.property(seatsArb, fc.array(fc.constantFrom('u1', 'u2', 'u3', null)), (kinds, watchers) => {
        const seats = [seatOfKind(kinds[0]), seatOfKind(kinds[1])] as const;
        const present = presenceOf(seats, watchers);
        for (const p of [0, 1] as const) {
          const k = kinds[p];
          expect(present[p]).toBe(k === 'bot' || (k !== 'empty' && watchers.includes(k)));
        }
      }),
    );
  });
});

const situationArb = fc.record({
  status: fc.constantFrom<GameRow['status']>('waiting', 'playing', 'over'),
  seats: seatsArb.map((k) => [seatOfKind(k[0]), seatOfKind(k[1])] as const),
  timed: fc.boolean(),
  actor: fc.constantFrom<Player | null>(0, 1, null),
  since: fc.integer({ min: 0, max: 1_000_000 }),
  afterMs: fc.integer({ min: 1, max: 600_000 }),
});

describe('claims', () => {
  it('the view’s countdown and the claim agree: null never claims, >0 is early, 0 claims the actor', () => {
    fc.assert(
      fc.property(situationArb, fc.constantFrom<Player>(0, 1), fc.integer({ min: 0, max: 2_000_000 }), (s, you, at) => {
        const situation: ClaimSituation = s;
        const wait = claimWait(situation, you, at);
        const playing = { ...situation, status: 'playing' as const };
        const claim = claimCheck(playing, you, at);
        if (situation.status !== 'playing') expect(wait).toBeNull();
        const waitPlaying = claimWait(playing, you, at);
        if (waitPlaying === null) expect(claim).toMatchObject({ ok: false, error: { code: 'ERR_NO_CLAIM' } });
        else if (waitPlaying > 0) {
          expect(claim).toMatchObject({ ok: false, error: { code: 'ERR_CLAIM_EARLY' } });
          if (!claim.ok) expect(claim.error.message).toContain(`${Math.ceil(waitPlaying / 1000)} s`);
        } else expect(claim).toEqual({ ok: true, value: situation.actor });
        // Never one's own turn, never timed, never against the bot, never with nobody to act.
        if (claim.ok) {
          expect(claim.value).not.toBe(you);
          expect(situation.timed).toBe(false);
          expect(situation.seats.every((seat) => seat.kind === 'human')).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('a spectator has no countdown', () => {
    fc.assert(
      fc.property(situationArb, fc.integer(), (s, at) => {
        expect(claimWait(s, null, at)).toBeNull();
      }),
    );
  });

  it('the limit comes from ZAR_CLAIM_AFTER_SECONDS; a bad value is refused with its code', () => {
    expect(claimAfterFrom({})).toEqual({ ok: true, value: DEFAULT_CLAIM_AFTER_MS });
    expect(DEFAULT_CLAIM_AFTER_MS).toBe(300_000);
    expect(claimAfterFrom({ ZAR_CLAIM_AFTER_SECONDS: '1.5' })).toEqual({ ok: true, value: 1500 });
    for (const bad of ['0', '-3', 'soon', '99999999']) {
      expect(claimAfterFrom({ ZAR_CLAIM_AFTER_SECONDS: bad })).toMatchObject({
        ok: false,
        error: { code: 'ERR_CLAIM_AFTER' },
      });
    }
  });
});

describe('the heartbeat', () => {
  it('a first start records no downtime; a later one the span since the last beat; a beat ahead, none', async () => {
    const store = memoryStore();
    expect(await recordDowntime(store, 1000)).toBeNull();
    expect(await store.heartbeat()).toBe(1000);
    expect(await recordDowntime(store, 5000)).toEqual({ from: 1000, to: 5000 });
    expect(await store.heartbeat()).toBe(5000);
    // A clock stepped back since: nothing is recorded, and the heartbeat follows the clock.
    expect(await recordDowntime(store, 4000)).toBeNull();
    expect(await store.pausesSince(0)).toEqual([{ from: 1000, to: 5000 }]);
    await store.close();
  });

  it('beats while the server runs and writes a last beat when it stops', async () => {
    const store = memoryStore();
    let now = 10_000;
    const beat = new Heartbeat(store, () => now, 5, silent);
    await beat.start();
    now = 10_500;
    for (let i = 0; i < 200 && (await store.heartbeat()) !== 10_500; i++) await new Promise((r) => setTimeout(r, 5));
    expect(await store.heartbeat()).toBe(10_500);
    now = 11_000;
    await beat.stop();
    expect(await store.heartbeat()).toBe(11_000);
    now = 12_000;
    await new Promise((r) => setTimeout(r, 30));
    expect(await store.heartbeat()).toBe(11_000);
    await store.close();
  });

  it('a start that finds the store away asks again, and beats only once the downtime is recorded', async () => {
    const store = memoryStore();
    await store.setHeartbeat(1000);
    let away = 2;
    const written: number[] = [];
    const flaky: Store = {
      ...store,
      heartbeat: async () => {
        if (away > 0) {
          away--;
          throw new Error('the database is away');
        }
        return store.heartbeat();
      },
      setHeartbeat: async (at) => {
        written.push(at);
        return store.setHeartbeat(at);
      },
    };
    let now = 5000;
    const beat = new Heartbeat(flaky, () => now++, 60_000, silent, { firstMs: 1, maxMs: 2 });
    await beat.start();
    expect(away).toBe(0);
    // The pause runs from the beat before the downtime to the try that recorded it; nothing was
    // written before (a beat would have overwritten the one the pause starts from).
    const [pause] = await store.pausesSince(0);
    expect(pause?.from).toBe(1000);
    expect(written).toEqual([pause?.to]);
    await beat.stop();
    await store.close();
  });

  it('stopped while the store is away, it gives up and writes no beat over the one before the downtime', async () => {
    const store = memoryStore();
    await store.setHeartbeat(1000);
    const flaky: Store = {
      ...store,
      heartbeat: async () => {
        throw new Error('the database is away');
      },
    };
    const beat = new Heartbeat(flaky, () => 5000, 60_000, silent, { firstMs: 60_000, maxMs: 60_000 });
    const started = beat.start();
    await new Promise((r) => setTimeout(r, 10));
    await beat.stop();
    await started;
    expect(await store.heartbeat()).toBe(1000);
    expect(await store.pausesSince(0)).toEqual([]);
    await store.close();
  });

  it('its interval comes from ZAR_HEARTBEAT_MS', () => {
    expect(heartbeatFrom({})).toEqual({ ok: true, value: DEFAULT_HEARTBEAT_MS });
    expect(heartbeatFrom({ ZAR_HEARTBEAT_MS: '250' })).toEqual({ ok: true, value: 250 });
    expect(heartbeatFrom({ ZAR_HEARTBEAT_MS: 'never' })).toMatchObject({ ok: false, error: { code: 'ERR_HEARTBEAT' } });
  });
});
