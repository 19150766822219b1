import { actorOf, type Clock, type GameAction, type MatchState, matchReducer, newMatch, type Player } from '@zar/match';
import { describe, expect, it, vi } from 'vitest';
import type { BotRunner } from '../src/bots/index.js';
import { Pacer } from '../src/bots/pacer.js';
import { diceOfRow } from '../src/dice/dice.js';
import { decideAbandon } from '../src/game/abandon.js';
import type { AutoStep } from '../src/game/automatic.js';
import { Autopilot } from '../src/game/autopilot.js';
import { flagWaitMs, newRoomClock, tickRoomClock } from '../src/game/clock.js';
import { LATE_ACTION, LATE_STEP } from '../src/game/flag.js';
import { decideAct, decideClaim } from '../src/game/player-check.js';
import { GameProxy } from '../src/game/proxy.js';
import { CommandQueue } from '../src/game/queue.js';
import { fail, type RoomResult } from '../src/game/room-result.js';
import { botSeat, humanSeat } from '../src/game/seats.js';
import type { GameRow } from '../src/store/types.js';
import { gameRowFor, ONE_POINT } from './support/game-row.js';

/*
 * What a command or a timer brings to the match (decision.ts ActionDecision), decided with no
 * room and no store on a GameProxy built by hand: a player's action (player-check.ts decideAct),
 * a claim (player-check.ts decideClaim), an abandonment (abandon.ts decideAbandon) and the autopilot's
 * steps (autopilot.ts stepAt); and the room's queue (queue.ts) on plain tasks.
 */

const START = newMatch(ONE_POINT);
const OPENING: GameAction = { type: 'opening', dice: [3, 1] };
const OPENED = (() => {
  const r = matchReducer(START, OPENING);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
})();
const ACTOR = actorOf(OPENED.game) as Player;
const OTHER = (1 - ACTOR) as Player;
const PEOPLE = [humanSeat('ann', 'Ann'), humanSeat('bob', 'Bob')] as const;
const NAMES = ['ann', 'bob'] as const;
/** A timed clock started at 0 and ticked by the opening at 1 000: the actor's flag falls at FALL. */
const CLOCK = tickRoomClock(newRoomClock({ kind: 'timed', delayMs: 3000, perPointMs: 20_000 }, START, 0), OPENED, 1000);
const FALL = 1000 + (flagWaitMs(CLOCK, 1000) as number);

const runner = { decide: async () => ({}), forget: () => undefined } as unknown as BotRunner;
const store = { userById: async () => null, tournamentById: async () => null } as never;
const log = { error: () => undefined, warn: () => undefined };

/** A game after its opening roll (version 1), untimed unless `clock` is given. */
function opened(row: GameRow, clock: Clock | null = null, match: MatchState = OPENED): GameProxy {
  return new GameProxy(row, match, [OPENING], diceOfRow(row, []), runner, { store, log, now: () => 0 }, clock);
}

describe('a player’s action (decideAct)', () => {
  const game = opened(gameRowFor({ seats: [...PEOPLE] }), CLOCK);

  it('is refused at a version he did not see, and from someone not playing', () => {
    expect(decideAct(game, NAMES[ACTOR], { type: 'play', play: '8/5 6/5' }, 0, 1500)).toMatchObject({
      ok: false,
      error: { code: 'ERR_STALE' },
    });
    expect(decideAct(game, 'eve', { type: 'play', play: '8/5 6/5' }, 1, 1500)).toMatchObject({
      error: { code: 'ERR_NOT_A_PLAYER' },
    });
    expect(decideAct(game, NAMES[OTHER], { type: 'play', play: '8/5 6/5' }, 1, 1500)).toMatchObject({
      error: { code: 'ERR_NOT_YOUR_TURN' },
    });
  });

  it('is the action to store, answered as it is, before the flag falls', () => {
    expect(decideAct(game, NAMES[ACTOR], { type: 'play', play: '8/5 6/5' }, 1, FALL - 1)).toEqual({
      type: 'play',
      player: ACTOR,
      play: '8/5 6/5',
    });
  });

  it('is the flag that fell first, at or after the fall, even from the other player', () => {
    const flagged = game.flagged(FALL);
    expect(flagged).toMatchObject({ player: ACTOR });
    expect(decideAct(game, NAMES[ACTOR], { type: 'play', play: '8/5 6/5' }, 1, FALL)).toEqual(flagged);
    expect(decideAct(game, NAMES[OTHER], { type: 'play', play: '8/5 6/5' }, 1, FALL + 1)).toEqual(flagged);
  });
});

describe('a claim (decideClaim)', () => {
  const row = gameRowFor({ seats: [...PEOPLE], updatedAt: 1000 });
  const game = opened(row);
  const situation = { ...game.claimSituation(), afterMs: 60_000 };

  it('times the absent actor out as abandoned once he has been idle long enough', () => {
    expect(decideClaim(situation, 1, NAMES[OTHER], 1, 61_000)).toEqual({ player: ACTOR, abandonedBy: ACTOR });
  });

  it('is refused too early, on his own turn, at a stale version and from a spectator', () => {
    expect(decideClaim(situation, 1, NAMES[OTHER], 1, 60_999)).toMatchObject({ error: { code: 'ERR_CLAIM_EARLY' } });
    expect(decideClaim(situation, 1, NAMES[ACTOR], 1, 61_000)).toMatchObject({ error: { code: 'ERR_NO_CLAIM' } });
    expect(decideClaim(situation, 1, NAMES[OTHER], 0, 61_000)).toMatchObject({ error: { code: 'ERR_STALE' } });
    expect(decideClaim(situation, 1, 'eve', 1, 61_000)).toMatchObject({ error: { code: 'ERR_NOT_A_PLAYER' } });
  });
});

describe('an abandonment (decideAbandon)', () => {
  const row = gameRowFor({ seats: [humanSeat('ann', 'Ann'), botSeat('club')], updatedAt: 1000 });

  it('times the person out (not as abandoned) when nothing happened since', () => {
    expect(decideAbandon(row, 1000)).toEqual({ player: 0 });
  });

  it('is refused for a game that went on, or one between two people', () => {
    expect(decideAbandon(row, 999)).toMatchObject({ error: { code: 'ERR_STALE' } });
    expect(decideAbandon(gameRowFor({ seats: [...PEOPLE] }), 1000)).toMatchObject({
      error: { code: 'ERR_NOT_A_PLAYER' },
    });
  });
});

describe('an automatic step (Autopilot.stepAt)', () => {
  const autopilotOf = (game: GameProxy) =>
    new Autopilot(game, { log, now: () => 0, botDelayMs: 0, pacer: new Pacer() }, async () => undefined);
  const bot = (at: number): AutoStep => ({ bot: ACTOR, at, waitMs: 0, forSeeds: false });

  it('is the bot’s action at the version it was decided, and nothing once the game moved on', () => {
    const game = opened(gameRowFor());
    const pilot = autopilotOf(game);
    expect(pilot.stepAt(bot(1), { type: 'roll' } as never, 1, 0)).toMatchObject({ type: 'roll', player: ACTOR });
    expect(pilot.stepAt(bot(0), { type: 'roll' } as never, 1, 0)).toBeNull();
  });

  it('is the opening roll, drawn by the room, for a step without a bot', () => {
    const game = new GameProxy(
      gameRowFor(),
      START,
      [],
      diceOfRow(gameRowFor(), []),
      runner,
      { store, log, now: () => 0 },
      null,
    );
    const step: AutoStep = { bot: null, at: 0, waitMs: 0, forSeeds: false };
    expect(autopilotOf(game).stepAt(step, null, 0, 0)).toBe('opening');
  });

  it('is the timeout for a flag fallen, before a bot’s action too, and nothing before the fall', () => {
    const game = opened(gameRowFor({ seats: [...PEOPLE] }), CLOCK);
    const pilot = autopilotOf(game);
    expect(pilot.stepAt('flag', null, 1, FALL - 1)).toBeNull();
    expect(pilot.stepAt('flag', null, 1, FALL)).toEqual(game.flagged(FALL));
    expect(pilot.stepAt(bot(1), { type: 'roll' } as never, 1, FALL)).toEqual(game.flagged(FALL));
  });

  it('refuses a late action with the words it always had', () => {
    expect(LATE_ACTION).toBe('time ran out before this action arrived: the match is over');
    expect(LATE_STEP).toBe('time ran out before this action: the match is over');
  });
});

describe("the room's queue", () => {
  const queueOf = () => {
    const touched = vi.fn();
    const errors = { error: vi.fn(), warn: vi.fn() };
    return { queue: new CommandQueue('game01', { log: errors }, touched), touched, errors };
  };
  const ok = (value: number): RoomResult<number> => ({ ok: true, value });

  it('runs one command at a time, in the order they came, counting those not yet answered', async () => {
    const { queue, touched } = queueOf();
    const order: string[] = [];
    let release: () => void = () => undefined;
    const first = queue.run(
      () =>
        new Promise<RoomResult<number>>((resolve) => {
          order.push('first starts');
          release = () => resolve(ok(1));
        }),
    );
    const second = queue.run(async () => {
      order.push('second starts');
      return ok(2);
    });
    expect(queue.pending).toBe(2);
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(['first starts']);
    release();
    expect(await first).toEqual(ok(1));
    expect(await second).toEqual(ok(2));
    expect(order).toEqual(['first starts', 'second starts']);
    expect(queue.pending).toBe(0);
    expect(touched).toHaveBeenCalledTimes(4);
  });

  it('answers a failure as a refusal, the store away as unavailable, and runs nothing once closed', async () => {
    const { queue, errors } = queueOf();
    expect(
      await queue.run(async () => {
        throw new Error('bug');
      }),
    ).toEqual(fail('ERR_INTERNAL', 'the server could not do that'));
    expect(errors.error).toHaveBeenCalledTimes(1);
    expect(
      await queue.run(async () => {
        throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
      }),
    ).toMatchObject({ error: { code: 'ERR_STORE_UNAVAILABLE' } });
    expect(errors.warn).toHaveBeenCalledTimes(1);
    const task = vi.fn(async () => ok(3));
    await queue.close();
    expect(await queue.run(task)).toMatchObject({ error: { code: 'ERR_CLOSED' } });
    expect(task).not.toHaveBeenCalled();
  });
});
