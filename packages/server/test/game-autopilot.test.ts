import { actorOf, type Clock, type Decision, type MatchState, matchReducer, newMatch } from '@zar/match';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BotRunner } from '../src/bots/index.js';
import { Pacer } from '../src/bots/pacer.js';
import { diceOfRow } from '../src/dice/dice.js';
import type { AutoStep } from '../src/game/automatic.js';
import { Autopilot, type Due } from '../src/game/autopilot.js';
import { newRoomClock, tickRoomClock } from '../src/game/clock.js';
import { GameProxy } from '../src/game/proxy.js';
import { fail, type RoomResult, unavailable } from '../src/game/room-result.js';
import { botSeat, humanSeat } from '../src/game/seats.js';
import type { GameRow } from '../src/store/types.js';
import { gameRowFor, ONE_POINT } from './support/game-row.js';

/*
 * The room's timers (autopilot.ts) on a GameProxy built by hand, with no room and no store: the
 * steps it hands the room through its one function, when, and what follows the room's answer
 * (a retry and the players' notice, nothing once closed or broken). The bot is a fake runner.
 */

const DECISION: Decision = { type: 'roll' } as Decision;

interface Ran {
  readonly due: Due;
  readonly decision: Decision | null;
}

interface Pilot {
  readonly match?: MatchState;
  readonly botDelayMs?: number;
  readonly now?: () => number;
  readonly clock?: Clock | null;
}

function pilot(
  row: GameRow,
  { match = newMatch(ONE_POINT), botDelayMs = 0, now = Date.now, clock }: Pilot = {},
  pacer = new Pacer(),
) {
  const ran: Ran[] = [];
  const decide = vi.fn(async () => DECISION);
  const runner = { decide, forget: () => undefined } as unknown as BotRunner;
  const store = { userById: async () => null, tournamentById: async () => null } as never;
  const log = { error: vi.fn(), warn: vi.fn() };
  const base = { store, log, now };
  const game = new GameProxy(row, match, [], diceOfRow(row, []), runner, base, clock);
  const autopilot = new Autopilot(
    game,
    { ...base, botDelayMs, pacer, retry: { firstMs: 100, maxMs: 400 } },
    async (due, decision) => void ran.push({ due, decision }),
  );
  return { game, autopilot, ran, decide, log };
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A real pacer that also records, for each step queued, whether it went first. */
function recordingPacer() {
  const firsts: boolean[] = [];
  const pacer = new Pacer();
  const recording = Object.assign(Object.create(pacer) as Pacer, {
    enqueue: (task: () => Promise<unknown>, first = false) => {
      firsts.push(first);
      pacer.enqueue(task, first);
    },
  });
  return { firsts, recording };
}
const OPENED = (() => {
  const r = matchReducer(newMatch(ONE_POINT), { type: 'opening', dice: [3, 1] });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
})();
const REVERSED = (() => {
  const r = matchReducer(newMatch(ONE_POINT), { type: 'opening', dice: [1, 3] });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
})();
const people = gameRowFor({ seats: [humanSeat('ann', 'Ann'), humanSeat('bob', 'Bob')] });

afterEach(() => {
  vi.useRealTimers();
});

describe('the autopilot', () => {
  it('hands the room the opening roll, through the pacer, and is busy until the room takes it', async () => {
    const { autopilot, ran } = pilot(people);
    autopilot.next();
    expect(autopilot.busy).toBe(true);
    expect(ran).toEqual([]);
    await turn();
    expect(ran).toEqual([{ due: { bot: null, at: 0, waitMs: 0, forSeeds: false }, decision: null }]);
    expect(autopilot.taken(ran[0]?.due as AutoStep, 0)).toBe(true);
    expect(autopilot.busy).toBe(false);
  });

  it("asks the bot outside the queue and hands the room its decision, after the bot's pause", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { autopilot, ran, decide } = pilot(gameRowFor(), { match: OPENED, botDelayMs: 500 });
    autopilot.next();
    await vi.advanceTimersByTimeAsync(499);
    expect(decide).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await turn();
    expect(decide).toHaveBeenCalledTimes(1);
    expect(ran).toMatchObject([{ due: { bot: expect.any(Number), at: 0 }, decision: DECISION }]);
  });

  it('schedules nothing on a person’s turn, and nothing twice', async () => {
    const { autopilot, ran } = pilot(people, { match: OPENED });
    autopilot.next();
    expect(autopilot.busy).toBe(false);
    const opening = pilot(people);
    opening.autopilot.next();
    opening.autopilot.next();
    await turn();
    expect(opening.ran).toHaveLength(1);
    expect(ran).toEqual([]);
  });

  it('looks again when the game moved on before the step’s turn came', async () => {
    const { autopilot, ran } = pilot(people);
    autopilot.next();
    await turn();
    expect(autopilot.taken(ran[0]?.due as AutoStep, 3)).toBe(false);
    await turn();
    // Nothing else moved the proxy's match: the opening roll is due again, at the proxy's version.
    expect(ran).toHaveLength(2);
  });

  it('tries a step the store refused again, after a wait that doubles, and says so to the players', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { autopilot, ran, log } = pilot(people);
    autopilot.next();
    await turn();
    const step = ran[0]?.due as AutoStep;
    autopilot.taken(step, 0);
    const notice = autopilot.after(step, null, unavailable());
    expect(JSON.parse(notice as string)).toMatchObject({ t: 'error', game: 'game01', code: 'ERR_STORE_UNAVAILABLE' });
    expect(autopilot.busy).toBe(true);
    expect(log.warn).toHaveBeenCalledWith(
      { game: 'game01', refusals: 1, waitMs: 100 },
      'the store refused an automatic action: retrying',
    );
    await vi.advanceTimersByTimeAsync(100);
    await turn();
    expect(ran).toHaveLength(2);
    expect(autopilot.after(step, null, unavailable())).not.toBeNull();
    expect(log.warn).toHaveBeenLastCalledWith(
      { game: 'game01', refusals: 2, waitMs: 200 },
      'the store refused an automatic action: retrying',
    );
    expect(autopilot.after(step, null, { ok: true, value: 1 })).toBeNull();
  });

  it('logs a refusal that is a fault, and retries nothing once closed', async () => {
    const { autopilot, log } = pilot(people);
    const step: AutoStep = { bot: null, at: 0, waitMs: 0, forSeeds: false };
    const refused: RoomResult<number> = fail('ERR_INTERNAL', 'no');
    expect(autopilot.after(step, null, refused)).toBeNull();
    expect(log.error).toHaveBeenCalledWith(
      { game: 'game01', error: refused.ok ? null : refused.error },
      'automatic action refused',
    );
    autopilot.close();
    expect(autopilot.after(step, null, unavailable())).toBeNull();
    autopilot.next();
    expect(autopilot.busy).toBe(false);
  });

  it('waits for a running clock’s flag, tries a refused timeout again without a notice, and stops once broken', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const start = newMatch(ONE_POINT);
    const clock = tickRoomClock(
      newRoomClock({ kind: 'timed', delayMs: 3000, perPointMs: 20_000 }, start, 0),
      OPENED,
      1000,
    );
    const { autopilot, ran } = pilot(people, { match: OPENED, now: () => 1000, clock });
    expect(autopilot.busy).toBe(false);
    autopilot.clockChanged();
    expect(autopilot.busy).toBe(true);
    expect(autopilot.after('flag', null, unavailable())).toBeNull();
    expect(autopilot.busy).toBe(true);
    autopilot.broke();
    expect(autopilot.busy).toBe(false);
    autopilot.next();
    expect(autopilot.busy).toBe(false);
    expect(ran).toEqual([]);
  });

  it('hands the room the flag when it falls', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const start = newMatch(ONE_POINT);
    const clock = tickRoomClock(newRoomClock({ kind: 'timed', delayMs: 0, perPointMs: 1000 }, start, 0), OPENED, 0);
    const { autopilot, ran } = pilot(people, { match: OPENED, now: () => 0, clock });
    autopilot.clockChanged();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(ran).toEqual([{ due: 'flag', decision: null }]);
  });

  it('lets the opening roll waiting for the seeds go as soon as both are in', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const fair = gameRowFor({ seats: [humanSeat('ann', 'Ann'), humanSeat('bob', 'Bob')], dice: { source: 'crypto' } });
    const { autopilot, ran } = pilot(fair, { now: () => 0 });
    autopilot.next();
    await turn();
    expect(ran).toEqual([]);
    autopilot.seedsIn();
    await turn();
    expect(ran).toEqual([{ due: { bot: null, at: 0, waitMs: 5000, forSeeds: true }, decision: null }]);
  });

  it('queues the first step of a room built from the store ahead of the moving games, and only that one', async () => {
    const { firsts, recording } = recordingPacer();
    const { autopilot, ran } = pilot(gameRowFor(), { match: OPENED }, recording);
    autopilot.start(true);
    await vi.waitFor(() => expect(ran).toHaveLength(1));
    const step = ran[0]?.due as AutoStep;
    expect(autopilot.taken(step, step.at)).toBe(true);
    autopilot.next();
    await vi.waitFor(() => expect(ran).toHaveLength(2));
    expect(firsts).toEqual([true, false]);
  });

  it('keeps no place ahead for a room built on a person’s turn', async () => {
    const { firsts, recording } = recordingPacer();
    // The same opening the other way round gives the other seat the move.
    const [ann, bot] = actorOf(OPENED.game) === 0 ? [OPENED, REVERSED] : [REVERSED, OPENED];
    const { game, autopilot, ran } = pilot(
      gameRowFor({ seats: [humanSeat('ann', 'Ann'), botSeat('club')] }),
      { match: ann },
      recording,
    );
    autopilot.start(true);
    await turn();
    expect(ran).toEqual([]);
    game.match = bot;
    autopilot.next();
    await vi.waitFor(() => expect(ran).toHaveLength(1));
    expect(firsts).toEqual([false]);
  });
});
