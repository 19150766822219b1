import { GAME_IDS } from '@zar/engine';
import {
  actorOf,
  CLOCK_PRESETS,
  type Clock,
  type GameAction,
  type MatchState,
  matchReducer,
  newMatch,
  parseMatchSettings,
  replay,
  seededDice,
  toAction,
} from '@zar/match';
import { matchView, type ServerMessage } from '@zar/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analysableNow } from '../src/analysis/analysable.js';
import { Pacer } from '../src/bots/pacer.js';
import { clockView, newRoomClock, roomClockOfRecord, tickRoomClock } from '../src/game/clock.js';
import { type ClockPresenceSource, clockPresenceJson, clockPresenceOf } from '../src/game/clock-presence.js';
import { type CompanySource, companyJson, companyMeta, type ViewerKey, viewerOfKey } from '../src/game/company/view.js';
import { hintNow } from '../src/game/hint-now.js';
import { CASUAL, type RatedSource, ratedMeta, seatViews } from '../src/game/rating/view.js';
import { Room } from '../src/game/room.js';
import { botSeat, humanSeat, seatView } from '../src/game/seats.js';
import { eventAction, ViewJson, type ViewSource, viewFor } from '../src/game/view-json.js';
import { memoryStore } from '../src/store/index.js';
import type { GameRow } from '../src/store/types.js';
import { checkFrame } from './support/contract.js';
import { gameRowFor } from './support/game-row.js';
import { randomAction, seededRandom } from './support/harness.js';

const settingsOf = (game: string, length: number) => {
  const s = parseMatchSettings({ length, cycle: [{ game }] });
  if (!s.ok) throw new Error(s.error.message);
  return s.value;
};

/** What the room served before ViewJson: matchView's object, serialised whole. */
const expected = (
  s: ViewSource,
  key: ViewerKey,
  live: ClockPresenceSource,
  at: number,
  company: CompanySource,
): string => {
  const you = viewerOfKey(key).you;
  return JSON.stringify(
    matchView(
      s.match,
      {
        ...companyMeta(company, viewerOfKey(key)),
        id: s.id,
        status: s.status,
        players: seatViews(s.seats, s.rated.standing),
        you,
        hint: hintNow(s.seats, s.match, you),
        analysable: analysableNow(s.status, s.match.settings),
        ...clockPresenceOf(live, you, at),
        ...ratedMeta(s.rated, s.status, s.match.winner, you),
      },
      [...s.actions],
    ),
  );
};

/** Every kind of viewer a frame is written for (company/view.ts ViewerKey). */
const VIEWERS: readonly ViewerKey[] = [0, 1, 'account', 'guest'];

const hex64 = fc.stringMatching(/^[0-9a-f]{64}$/);
const clientSeed = fc.stringMatching(/^[\x21-\x7e]{1,64}$/);
/** The company fields of a room beyond its seats and status: any fair dice, watchers, tournament. */
const COMPANY = fc.record({
  rated: fc.boolean(),
  fair: fc.option(
    fc.record({
      commitment: hex64,
      clientSeeds: fc.tuple(fc.option(clientSeed, { nil: null }), fc.option(clientSeed, { nil: null })),
      serverSeed: fc.option(hex64, { nil: null }),
    }),
    { nil: null },
  ),
  noSpectators: fc.tuple(fc.boolean(), fc.boolean()),
  spectators: fc.nat(500),
  tournament: fc.option(
    fc.record({ id: fc.constant('tour01'), name: fc.string({ maxLength: 20 }), round: fc.integer({ min: 1, max: 9 }) }),
    { nil: null },
  ),
});

const rating = fc.double({ min: 0, max: 3000, noNaN: true });
/** Any rating, rematch and series a room may show (ratings are unrounded, so any finite number). */
const RATED: fc.Arbitrary<RatedSource> = fc.record({
  rated: fc.boolean(),
  unrated: fc.constantFrom(null, 'pair-limit' as const),
  standing: fc.record({
    seats: fc.tuple(fc.option(rating, { nil: null }), fc.option(rating, { nil: null })),
    changes: fc.option(
      fc.tuple(fc.record({ before: rating, after: rating }), fc.record({ before: rating, after: rating })),
      { nil: null },
    ),
  }),
  series: fc.tuple(fc.nat(99), fc.nat(99)),
  rematch: fc.record({
    offered: fc.tuple(fc.boolean(), fc.boolean()),
    next: fc.option(fc.constant('next01'), { nil: null }),
  }),
});

/** A casual, untimed view's fields beyond the match, for views the test only acts from. */
const PLAIN = {
  ...ratedMeta(CASUAL, 'playing', null, null),
  fair: null,
  watch: { spectators: 0, allowed: true, forbidden: [false, false], canForbid: false },
  chat: { write: null, read: [] },
  tournament: null,
  clock: null,
  presence: [true, true],
  claim: null,
} as const;

describe('ViewJson', () => {
  it('writes, for every viewer, the same text as JSON.stringify(matchView(...)), through whole matches', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...GAME_IDS),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.constantFrom(1, 3),
        fc.string({ maxLength: 12 }),
        fc.boolean(),
        fc.tuple(fc.boolean(), fc.boolean()),
        RATED,
        COMPANY,
        (game, seed, length, name, timed, presence, later, extra) => {
          const json = new ViewJson();
          // Casual while waiting; the source the test drew once both sit; the match's end may bring a rematch.
          let rated: RatedSource = CASUAL;
          const random = seededRandom(seed);
          const dice = seededDice(`view-json:${seed}`);
          let state: MatchState = newMatch(settingsOf(game, length));
          const actions: GameAction[] = [];
          // A seat changing hands and the status moving on must show in the next view.
          let seats: GameRow['seats'] = [humanSeat('u1', name), humanSeat(null, 'Invited')];
          let status: GameRow['status'] = 'waiting';
          // The clock ticks with each action at a made-up time; each frame is read a moment later.
          let at = 1_000;
          let clock: Clock | null = newRoomClock(timed ? CLOCK_PRESETS.speed : CLOCK_PRESETS.untimed, state, at);
          const check = () => {
            const source: ViewSource = { id: `g"${seed}`, status, seats, match: state, actions, rated };
            const claim = {
              status,
              seats,
              timed,
              actor: state.winner === null ? actorOf(state.game) : null,
              since: at - 200_000,
              afterMs: 300_000,
            };
            const live: ClockPresenceSource = { clock, presence, claim };
            const readAt = at + (seed % 9_000);
            // The seats' kinds vary too: a bot seat means no chat, and no forbidding spectators.
            const company: CompanySource = { ...extra, seats, status };
            for (const key of VIEWERS) {
              const you = viewerOfKey(key).you;
              const own = companyJson(companyMeta(company, viewerOfKey(key)));
              const text = viewFor(
                json.halves(source),
                you,
                clockPresenceJson(clockPresenceOf(live, you, readAt)),
                own,
              );
              expect(text).toBe(expected(source, key, live, readAt, company));
              // Every view of every game fits the contract (the id here is odd on purpose, for the escaping).
              checkFrame(
                `{"t":"state","game":"g00001","v":0,"view":${text.replace(/^\{"id":"[^,]*",/, '{"id":"g00001",')}}`,
              );
            }
          };
          check();
          seats = [seats[0], seed % 3 === 0 ? botSeat('club') : humanSeat('u2', `${name}\u2603`)];
          status = 'playing';
          rated = { ...later, rematch: CASUAL.rematch };
          for (let step = 0; step < 400 && state.winner === null; step++) {
            check();
            const actor = actorOf(state.game);
            let action: GameAction;
            if (actor === null) {
              if (state.game.phase !== 'opening') break;
              action = { type: 'opening', dice: dice.openingRoll() };
            } else {
              const view = matchView(
                state,
                {
                  id: 'g',
                  status,
                  players: [seatView(seats[0]), seatView(seats[1])],
                  you: actor,
                  hint: false,
                  analysable: false,
                  ...PLAIN,
                },
                actions,
              );
              action = toAction(randomAction(view, random), actor, dice);
            }
            const r = matchReducer(state, action);
            if (!r.ok) throw new Error(r.error.message);
            state = r.value;
            actions.push(action);
            at += 1 + (seed % 7_000);
            clock = tickRoomClock(clock, state, at);
          }
          status = state.winner === null ? status : 'over';
          check();
          // A new standing for the same seats (the ratings read again once the match ended) shows too.
          const [a, b] = later.standing.seats;
          rated = { ...later, standing: { ...later.standing, seats: [b, a] } };
          check();
        },
      ),
      { numRuns: 25 },
    );
  });

  it('keeps a view’s text for the rest of the turn only, then writes the same text again', async () => {
    const json = new ViewJson();
    const source: ViewSource = {
      id: 'g1',
      status: 'playing',
      seats: [humanSeat('u1', 'Ana'), botSeat('club')],
      match: newMatch(settingsOf('backgammon', 3)),
      actions: [],
      rated: CASUAL,
    };
    const first = json.halves(source);
    // Within the turn, every watcher's frame is joined around the same text.
    expect(json.halves({ ...source })).toBe(first);
    await new Promise((settled) => setImmediate(settled));
    const next = json.halves(source);
    expect(next).not.toBe(first);
    expect(next).toEqual(first);
  });
});

describe('a room serialises its frames once', () => {
  it('a bot-against-bot match: every frame is the JSON of the ServerMessage the room would have built', async () => {
    const store = memoryStore();
    const log = { error: () => {}, warn: () => {} };
    const settings = settingsOf('backgammon', 1);
    const row = gameRowFor({
      settings,
      seats: [botSeat('beginner'), botSeat('beginner')],
      dice: { source: 'seeded', seed: 'frames' },
      createdAt: 1,
      updatedAt: 1,
      // Timed, so that every frame carries a clock (read at the room's time, which stands still here).
      clock: { kind: 'timed', delayMs: 5_000, perPointMs: 60_000 },
    });
    await store.createGame(row);
    const room = new Room(row, newMatch(settings), [], seededDice('frames'), {
      store,
      log,
      botDelayMs: 0,
      now: () => 1,
      pacer: new Pacer(),
    });
    const frames: string[] = [];
    const over = new Promise<void>((resolve) => {
      room.subscribe({
        userId: null,
        send: (frame) => {
          frames.push(frame);
          if ((JSON.parse(frame) as Extract<ServerMessage, { t: 'event' }>).view.status === 'over') resolve();
        },
      });
    });
    const first = frames[0];
    expect(first).toBe(JSON.stringify(room.stateMessage(null)));
    room.start();
    await over;
    await room.close();

    const actions = (await store.actions('game01')).map((s) => s.action);
    const states = replay({ ...row.record, actions });
    if (!states.ok) throw new Error(states.error.message);
    // The room's start sends its watchers the state again, once it has read the ratings (rating/view.ts).
    const events = frames.filter((f) => f.startsWith('{"t":"event"'));
    expect(events.length).toBe(actions.length);
    expect(frames.length - events.length).toBe(2);
    for (const frame of frames) checkFrame(frame);
    for (let v = 1; v <= actions.length; v++) {
      const status = v === actions.length ? 'over' : 'playing';
      const clock = roomClockOfRecord(row.clock, states.value.states.slice(0, v + 1), 1, Array(v).fill(1), []);
      const meta = {
        id: 'game01',
        status,
        players: [seatView(row.seats[0]), seatView(row.seats[1])],
        you: null,
        hint: false,
        analysable: v === actions.length,
        ...ratedMeta(CASUAL, status, (states.value.states[v] as MatchState).winner, null),
        clock: clockView(clock, 1),
        presence: [true, true],
        claim: null,
        fair: null,
        // The room's one subscriber is an anonymous spectator; a game of bots has no chat.
        watch: { spectators: 1, allowed: true, forbidden: [false, false], canForbid: false },
        chat: { write: null, read: [] },
        tournament: null,
      } as const;
      const view = matchView(states.value.states[v] as MatchState, meta, actions.slice(0, v));
      const action = eventAction(actions[v - 1] as GameAction);
      const message: ServerMessage = { t: 'event', game: 'game01', v, action, view };
      expect(events[v - 1]).toBe(JSON.stringify(message));
    }
    expect(room.stateFrame(null)).toBe(JSON.stringify(room.stateMessage(null)));
    expect(room.stateFrame('someone')).toBe(JSON.stringify(room.stateMessage('someone')));
    await store.close();
  });
});
