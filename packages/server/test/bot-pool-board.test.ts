import { Worker } from 'node:worker_threads';
import { MATCH_DEFAULTS, newMatch, readPositionText } from '@zar/match';
import { afterEach, describe, expect, it } from 'vitest';
import { FairQueue } from '../src/bots/fair-queue.js';
import { type BoardAnswer, type BoardWork, BotPool, type RunnerLog } from '../src/bots/index.js';

const log: RunnerLog = { warn: () => undefined, error: () => undefined };

/**
 * A worker that thinks `req.seed` ms a decision and `work.plies` ms a piece of board work, and
 * answers each with its name, so a test reads the order the pool ran them in.
 */
const thinker = `const { parentPort } = require('node:worker_threads');
  parentPort.postMessage({ t: 'ready' });
  parentPort.on('message', (m) => {
    if (m.t !== 'decide' && m.t !== 'board') return;
    const until = Date.now() + (m.t === 'board' ? m.work.plies : m.req.seed);
    while (Date.now() < until) {}
    if (m.t === 'board') parentPort.postMessage({ t: 'board', id: m.id, answer: { ok: true, value: { t: 'evaluate', analysis: m.work.name } } });
    else parentPort.postMessage({ t: 'decision', id: m.id, decision: { thought: m.req.game } });
  });`;

/** Board work the thinker above takes `ms` over, named `name`. */
const work = (name: string, ms: number): BoardWork => ({ t: 'evaluate', name, plies: ms }) as unknown as BoardWork;

const match = newMatch({ ...MATCH_DEFAULTS, length: 1 });

const pools: BotPool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

function poolOf(size: number, boardMs?: number): BotPool {
  const pool = new BotPool({ size, log, boardMs, spawn: () => new Worker(thinker, { eval: true }) });
  pools.push(pool);
  return pool;
}

describe("the analysis board's work in the bot pool", () => {
  it("never runs while a game's bot move waits, whoever asked first", async () => {
    const pool = poolOf(1);
    const order: string[] = [];
    const decide = (game: string, ms: number) =>
      pool.decide({ game, seat: 0, level: 'master', seed: ms, owner: { person: game } }, match).then(() => {
        order.push(game);
      });
    const board = (name: string) =>
      pool.board(work(name, 20), { address: `192.0.2.${name.length}` }).then((a: BoardAnswer) => {
        expect(a.ok).toBe(true);
        order.push(name);
      });
    // The first decision holds the only worker while the board's work and more decisions arrive.
    const running = decide('first', 100);
    const boards = ['b1', 'b22', 'b333'].map(board);
    const moves = ['m1', 'm2', 'm3'].map((g) => decide(g, 10));
    await Promise.all([running, ...boards, ...moves]);
    expect(order).toEqual(['first', 'm1', 'm2', 'm3', 'b1', 'b22', 'b333']);
  }, 30_000);

  it('never holds every worker: a bot move finds one free beside a flood of board work', async () => {
    const pool = poolOf(2);
    const order: string[] = [];
    // Four askers, each with slow work: one owner at a time could not take both workers, nor can all of them.
    const boards = ['a', 'b', 'c', 'd'].map((name) =>
      pool.board(work(name, 300), { address: name }).then(() => order.push(name)),
    );
    await new Promise((r) => setTimeout(r, 50));
    const move = pool
      .decide({ game: 'quick', seat: 0, level: 'master', seed: 1, owner: { person: 'p' } }, match)
      .then(() => order.push('quick'));
    await Promise.all([...boards, move]);
    expect(order[0]).toBe('quick');
  }, 30_000);

  it("a rollout's pieces wait for the board's evaluations, which a person waits for", async () => {
    const pool = poolOf(1);
    const order: string[] = [];
    const busy = pool.decide({ game: 'first', seat: 0, level: 'master', seed: 100 }, match);
    const piece = { t: 'rollout', name: 'piece', plies: 10 } as unknown as BoardWork;
    const rollout = pool.board(piece, { address: 'r' }).then(() => order.push('piece'));
    const evaluation = pool.board(work('evaluation', 10), { address: 'e' }).then(() => order.push('evaluation'));
    await Promise.all([busy, rollout, evaluation]);
    expect(order).toEqual(['evaluation', 'piece']);
  }, 30_000);

  it('work that waits past its time is answered unavailable and leaves the queue', async () => {
    const pool = poolOf(1, 50);
    const busy = pool.decide({ game: 'slow', seat: 0, level: 'master', seed: 300 }, match);
    const late = await pool.board(work('late', 1), { address: 'x' });
    expect(late).toMatchObject({ ok: false, error: { code: 'ERR_BOARD_UNAVAILABLE' } });
    expect(await busy).toEqual({ thought: 'slow' });
  }, 30_000);

  it('a real worker values a position sent to it, as this thread would', async () => {
    const pool = new BotPool({ size: 1, log });
    pools.push(pool);
    const setup = readPositionText('backgammon:24x2,13x5,8x3,6x5/24x2,13x5,8x3,6x5:dice=31');
    if (!setup.ok) throw new Error(setup.error.message);
    const a = await pool.board({ t: 'evaluate', setup: setup.value, dice: [3, 1], plies: 0 }, { address: 'w' });
    if (!a.ok || a.value.t !== 'evaluate') throw new Error(JSON.stringify(a));
    expect(a.value.analysis.plays?.[0]?.play).toBe('8/5 6/5');
    const map = await pool.board({ t: 'temperature', setup: setup.value, rolls: [[6, 6]], plies: 0 }, { address: 'w' });
    expect(map).toMatchObject({ ok: true, value: { t: 'temperature', rolls: [{ dice: [6, 6], weight: 1 }] } });
    const piece = { t: 'rollout', boards: [setup.value.position.board], firstTrial: 0, trials: 3 } as const;
    const rolled = await pool.board({ ...piece, truncate: 2, varianceReduction: false, seed: 1 }, { address: 'w' });
    if (!rolled.ok || rolled.value.t !== 'rollout') throw new Error(JSON.stringify(rolled));
    expect(rolled.value.sums[0]?.trials).toBe(3);
    expect(rolled.value.sums[0]?.probs).toBeInstanceOf(Float64Array);
  }, 60_000);
});

describe('FairQueue.take below a class', () => {
  it('looks only at the classes above it, and at all of them without it', () => {
    const q = new FairQueue<string>(3);
    q.push('a', 'board', 1);
    q.push('b', 'rollout', 2);
    expect(q.take(Number.POSITIVE_INFINITY, 1)).toBeNull();
    expect(q.take(Number.POSITIVE_INFINITY, 2)?.job).toBe('board');
    q.push('c', 'move', 0);
    expect(q.take(Number.POSITIVE_INFINITY, 1)?.job).toBe('move');
    expect(q.take()?.job).toBe('rollout');
    expect(q.size).toBe(0);
  });
});
