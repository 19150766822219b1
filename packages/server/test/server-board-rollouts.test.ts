import { createRollout, emptySums, type RolloutSums, summarise, trainedBackgammonEvaluator } from '@zar/bot';
import { rulesFor } from '@zar/engine';
import { type BoardRollout, type RolloutStatus, RolloutStatusSchema } from '@zar/protocol';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Rollouts } from '../src/board/rollouts.js';
import type { BoardAnswer, BoardRunner, BoardWork } from '../src/bots/index.js';
import { Caller, type Running, startServer } from './support/harness.js';

type Refusal = { error: { code: string; message: string } };

const OPENING = 'backgammon:24x2,13x5,8x3,6x5/24x2,13x5,8x3,6x5';

let server: Running;
beforeAll(async () => {
  // Rollouts run in the bot workers only.
  server = await startServer({ botWorkers: 1 });
});
afterAll(async () => {
  await server.close();
});

async function finished(caller: Caller, id: string): Promise<RolloutStatus> {
  for (let i = 0; i < 600; i++) {
    const r = await caller.call<RolloutStatus>('GET', `/api/board/rollouts/${id}`);
    if (r.body.state !== 'running') return r.body;
    await new Promise((go) => setTimeout(go, 20));
  }
  throw new Error('the rollout never ended');
}

describe('rollouts on the analysis board', () => {
  it('adds its pieces up to the rollout done at once, with the same seed', async () => {
    const visitor = new Caller(server.base);
    const options = { trials: 36, truncate: 2, varianceReduction: true, seed: 7 };
    const started = await visitor.call<RolloutStatus>('POST', '/api/board/rollouts', { position: OPENING, ...options });
    expect(started.status).toBe(200);
    expect(started.setCookie).toEqual([]);
    const done = await finished(visitor, started.body.id);
    expect(v.is(RolloutStatusSchema, done)).toBe(true);
    expect(done).toMatchObject({ state: 'done', done: 36, trials: 36 });
    const line = done.lines[0];
    if (line === undefined) throw new Error('no line');
    const whole = summarise(
      createRollout(await trainedBackgammonEvaluator()).run(rulesFor('backgammon').start().board, options),
    );
    expect(line.play).toBeNull();
    expect(line.equity).toBeCloseTo(whole.equity, 9);
    expect(line.stdError).toBeCloseTo(whole.stdError, 9);
    expect(line.chances.win).toBeCloseTo(whole.probs[0] as number, 9);
  }, 60_000);

  it('rolls out plays of the dice side by side, from the mover’s side', async () => {
    const visitor = new Caller(server.base);
    const started = await visitor.call<RolloutStatus>('POST', '/api/board/rollouts', {
      position: `${OPENING}:dice=31`,
      plays: ['8/5 6/5', '24/21 24/23'],
      trials: 72,
      truncate: 4,
      varianceReduction: false,
    });
    expect(started.status).toBe(200);
    const done = await finished(visitor, started.body.id);
    // Each play is named as the engine writes it.
    expect(done.lines.map((l) => l.play)).toEqual(['8/5 6/5', '24/23 24/21']);
    for (const l of done.lines) {
      expect(l.chances.win).toBeGreaterThan(0.3);
      expect(l.chances.win).toBeLessThan(0.7);
      expect(l.stdError).toBeGreaterThan(0);
    }
  }, 60_000);

  it('stops when asked, and lets its asker run one at a time', async () => {
    const visitor = new Caller(server.base);
    const long = { position: OPENING, trials: 1296, truncate: 10, varianceReduction: true };
    const started = await visitor.call<RolloutStatus>('POST', '/api/board/rollouts', long);
    const second = await visitor.call<Refusal>('POST', '/api/board/rollouts', long);
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe('ERR_TOO_MANY');
    const stopped = await visitor.call<RolloutStatus>('POST', `/api/board/rollouts/${started.body.id}/stop`, {});
    expect(stopped.body.state).toBe('stopped');
    await new Promise((go) => setTimeout(go, 300));
    const later = await visitor.call<RolloutStatus>('GET', `/api/board/rollouts/${started.body.id}`);
    expect(later.body.state).toBe('stopped');
    expect(later.body.done).toBeLessThan(1296);
    expect(later.body.done).toBe(
      (await visitor.call<RolloutStatus>('GET', `/api/board/rollouts/${started.body.id}`)).body.done,
    );
  }, 60_000);

  it('refuses other games, plays without dice or not of them, and unknown rollouts', async () => {
    // A server of its own: the others' rollouts have used this address's burst (limits/board.ts).
    const fresh = await startServer();
    const visitor = new Caller(fresh.base);
    const refused: [unknown, string][] = [
      [{ position: 'plakoto:24x15/24x15' }, 'ERR_BOARD_ROLLOUT'],
      [{ position: OPENING, plays: ['8/5 6/5'] }, 'ERR_BOARD_ROLLOUT'],
      [{ position: `${OPENING}:dice=31`, plays: ['6/1'] }, 'ERR_BOARD_ROLLOUT'],
      [{ position: 'nonsense' }, 'ERR_BOARD_POSITION'],
    ];
    for (const [body, code] of refused) {
      const r = await visitor.call<Refusal>('POST', '/api/board/rollouts', body);
      expect(r.status, JSON.stringify(body)).toBe(422);
      expect(r.body.error.code).toBe(code);
    }
    const tooMany = await visitor.call<Refusal>('POST', '/api/board/rollouts', { position: OPENING, trials: 5000 });
    expect(tooMany.body.error.code).toBe('ERR_BODY');
    expect((await visitor.call('GET', '/api/board/rollouts/AAAAAAAAAAAA')).status).toBe(404);
    expect((await visitor.call('POST', '/api/board/rollouts/AAAAAAAAAAAA/stop', {})).status).toBe(404);
    // A server without workers (its bots on its own thread) runs none, and says why.
    const started = await visitor.call<RolloutStatus>('POST', '/api/board/rollouts', { position: OPENING });
    const failed = await finished(visitor, started.body.id);
    expect(failed).toMatchObject({ state: 'failed', done: 0 });
    expect(failed.message).toMatch(/ZAR_BOT_WORKERS=0/);
    await fresh.close();
  });
});

/** Bots that answer each piece with sums counting its trials, or as `answer` says; they keep what they were asked. */
class FakeBots implements BoardRunner {
  readonly asked: BoardWork[] = [];
  answer: ((work: BoardWork) => BoardAnswer) | null = null;
  async board(work: BoardWork): Promise<BoardAnswer> {
    this.asked.push(work);
    if (this.answer !== null) return this.answer(work);
    if (work.t !== 'rollout') throw new Error('not a rollout');
    const sums = work.boards.map((): RolloutSums => ({ ...emptySums(), trials: work.trials }));
    return { ok: true, value: { t: 'rollout', sums } };
  }
}

const request: BoardRollout = { position: OPENING, trials: 30, truncate: 10, varianceReduction: true, seed: 1 };
const settle = () => new Promise((go) => setTimeout(go, 10));

describe('Rollouts', () => {
  it('asks for one piece at a time, each starting where the last ended, until the trials are done', async () => {
    const bots = new FakeBots();
    const rollouts = new Rollouts(bots, () => 0);
    const r = rollouts.start(request, { address: 'a' }, 'address:a');
    if (!r.ok) throw new Error(r.error.message);
    await settle();
    const pieces = bots.asked.map((w) => (w.t === 'rollout' ? [w.firstTrial, w.trials] : []));
    // 120 ms a trial with luck cancellation at 10 plies: a piece is one trial.
    expect(pieces).toEqual(Array.from({ length: 30 }, (_, i) => [i, 1]));
    expect(rollouts.status(r.value.id)).toMatchObject({ state: 'done', done: 30 });
  });

  it('only its asker stops it; a stopped one asks for no more', async () => {
    const bots = new FakeBots();
    const rollouts = new Rollouts(bots, () => 0);
    const r = rollouts.start({ ...request, trials: 1000 }, { address: 'a' }, 'address:a');
    if (!r.ok) throw new Error(r.error.message);
    const other = rollouts.stop(r.value.id, 'address:b');
    expect(other?.ok ? 'ok' : other?.error.code).toBe('ERR_NOT_ALLOWED');
    const stopped = rollouts.stop(r.value.id, 'address:a');
    expect(stopped?.ok && stopped.value.state).toBe('stopped');
    await settle();
    const asked = bots.asked.length;
    await settle();
    expect(bots.asked.length).toBe(asked);
    expect(asked).toBeLessThan(5);
  });

  it('fails with the reason once the bots refuse, and keeps no more than its bound running', async () => {
    const bots = new FakeBots();
    bots.answer = () => ({ ok: false, error: { code: 'ERR_GAME_OVER', message: 'over' } });
    const rollouts = new Rollouts(bots, () => 0);
    const r = rollouts.start(request, { address: 'a' }, 'address:a');
    if (!r.ok) throw new Error(r.error.message);
    await settle();
    expect(rollouts.status(r.value.id)).toMatchObject({ state: 'failed', message: 'over', done: 0 });
    // Pieces that never come back keep their rollouts running: eight in all, then a ninth is refused.
    bots.answer = null;
    const held = new Rollouts({ board: () => new Promise(() => undefined) }, () => 0);
    for (let i = 0; i < 8; i++) expect(held.start(request, { address: `${i}` }, `address:${i}`).ok).toBe(true);
    const ninth = held.start(request, { address: '9' }, 'address:9');
    expect(ninth.ok ? 'ok' : ninth.error.code).toBe('ERR_BOARD_UNAVAILABLE');
  });
});
