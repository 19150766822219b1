import { actorOf, type MatchState, matchReducer, newMatch, type Player } from '@zar/match';
import { describe, expect, it } from 'vitest';
import { dueStep, openingOnSeeds, retried, stillDue } from '../src/game/automatic.js';
import { afterStep, retryNotice } from '../src/game/retry.js';
import { fail, RETRY } from '../src/game/room-result.js';
import { ONE_POINT } from './support/game-row.js';

/*
 * The automatic actions' deciders (automatic.ts, retry.ts) on plain values: what is due and
 * after what wait, whether a step still applies at the version the game is at, the opening roll
 * that goes as soon as the seeds are in, and the retries of a step the store refused.
 */

const START: MatchState = newMatch(ONE_POINT);
const OPENED = (() => {
  const r = matchReducer(START, { type: 'opening', dice: [3, 1] });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
})();
const ACTOR = actorOf(OPENED.game) as Player;
const BOT = {};
const botsAt = (seat: Player): readonly [unknown, unknown] => (seat === 0 ? [BOT, null] : [null, BOT]);

describe('what is due without a person', () => {
  it('is the opening roll at once when no seeds are awaited', () => {
    expect(dueStep('playing', START, 0, [null, null], 0, 500)).toEqual({
      bot: null,
      at: 0,
      waitMs: 0,
      forSeeds: false,
    });
  });

  it('is the opening roll after what is left of the wait for the seeds', () => {
    expect(dueStep('playing', START, 0, [null, null], 3200, 500)).toEqual({
      bot: null,
      at: 0,
      waitMs: 3200,
      forSeeds: true,
    });
  });

  it("is a bot's turn after the bot's pause, at the version it was decided", () => {
    expect(dueStep('playing', OPENED, 1, botsAt(ACTOR), 0, 500)).toEqual({
      bot: ACTOR,
      at: 1,
      waitMs: 500,
      forSeeds: false,
    });
  });

  it("is nothing on a person's turn, nor while the game waits or is over", () => {
    expect(dueStep('playing', OPENED, 1, botsAt((1 - ACTOR) as Player), 0, 0)).toBeNull();
    expect(dueStep('waiting', START, 0, [BOT, BOT], 0, 0)).toBeNull();
    expect(dueStep('over', OPENED, 1, [BOT, BOT], 0, 0)).toBeNull();
  });
});

describe('a scheduled step', () => {
  const step = { bot: null, at: 4, waitMs: 0, forSeeds: false };

  it('applies only at the version it was decided at (a stale one looks again)', () => {
    expect(stillDue(step, 4)).toBe(true);
    expect(stillDue(step, 5)).toBe(false);
  });

  it('goes early when the seeds arrive while its wait runs, and only then', () => {
    const waiting = { ...step, waitMs: 5000, forSeeds: true };
    expect(openingOnSeeds(waiting, true)).toBe(true);
    expect(openingOnSeeds(waiting, false)).toBe(false);
    expect(openingOnSeeds(step, true)).toBe(false);
    expect(openingOnSeeds(null, true)).toBe(false);
  });

  it('tried again no longer waits for seeds', () => {
    expect(retried({ ...step, forSeeds: true }).forSeeds).toBe(false);
    expect(retried(step)).toBe(step);
  });
});

describe('after a step has run', () => {
  const away = fail('ERR_STORE_UNAVAILABLE', 'away');

  it('is tried again after a wait that doubles with each refusal, up to the policy`s longest', () => {
    let refusals = 0;
    const waits: (number | null)[] = [];
    for (let i = 0; i < 10; i++) {
      const after = afterStep(away, refusals, RETRY);
      waits.push(after.retryMs);
      refusals = after.refusals;
    }
    expect(waits).toEqual([250, 500, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
    expect(refusals).toBe(10);
    expect(afterStep(away, 0, { firstMs: 10, maxMs: 15 }).retryMs).toBe(10);
    expect(afterStep(away, 1, { firstMs: 10, maxMs: 15 }).retryMs).toBe(15);
  });

  it('starts counting again once a step is stored', () => {
    expect(afterStep({ ok: true, value: 7 }, 6)).toEqual({ refusals: 0, retryMs: null, fault: false });
  });

  it('is not tried again by a room that is closing or replaced', () => {
    expect(afterStep(away, 3, RETRY, true)).toEqual({ refusals: 3, retryMs: null, fault: false });
  });

  it('is a fault to log for a refusal but closing and a flag fallen first', () => {
    expect(afterStep(fail('ERR_CLOSED', 'closing'), 2)).toEqual({ refusals: 2, retryMs: null, fault: false });
    expect(afterStep(fail('ERR_MATCH_OVER', 'time'), 0).fault).toBe(false);
    expect(afterStep(fail('ERR_INTERNAL', 'bug'), 0)).toEqual({ refusals: 0, retryMs: null, fault: true });
  });

  it('tells the players in whole seconds when the server tries again', () => {
    expect(JSON.parse(retryNotice('g1', 1500))).toEqual({
      t: 'error',
      game: 'g1',
      code: 'ERR_STORE_UNAVAILABLE',
      message: 'the game could not be saved; the server is recovering and tries again in 2 s',
    });
  });
});
