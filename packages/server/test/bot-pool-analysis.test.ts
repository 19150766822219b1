import { Worker } from 'node:worker_threads';
import { MATCH_DEFAULTS, newMatch } from '@zar/match';
import { afterEach, describe, expect, it } from 'vitest';
import { type AnalysisPiece, type BoardWork, BotPool, type RunnerLog } from '../src/bots/index.js';

const log: RunnerLog = { warn: () => undefined, error: () => undefined };

/**
 * A worker that thinks `req.seed` ms a decision, `work.plies` ms board work and `piece.budgetMs`
 * ms a piece of analysis (and dies on a piece from -1), answering each so the test reads the order.
 */
const thinker = `const { parentPort } = require('node:worker_threads');
  parentPort.postMessage({ t: 'ready' });
  parentPort.on('message', (m) => {
    if (m.t === 'analyse' && m.piece.from < 0) process.exit(3);
    const ms = m.t === 'board' ? m.work.plies : m.t === 'analyse' ? m.piece.budgetMs : m.t === 'decide' ? m.req.seed : -1;
    if (ms < 0) return;
    const until = Date.now() + ms;
    while (Date.now() < until) {}
    if (m.t === 'board') parentPort.postMessage({ t: 'board', id: m.id, answer: { ok: true, value: { t: 'evaluate' } } });
    else if (m.t === 'analyse') parentPort.postMessage({ t: 'analysed', id: m.id, answer: { ok: true, value: [] } });
    else parentPort.postMessage({ t: 'decision', id: m.id, decision: {} });
  });`;

const match = newMatch({ ...MATCH_DEFAULTS, length: 1 });
const record = {
  version: 1 as const,
  settings: { ...MATCH_DEFAULTS, length: 1 },
  players: ['a', 'b'] as const,
  actions: [],
};
const piece = (key: string, ms: number, from = 0): AnalysisPiece => ({
  key,
  record,
  from,
  plies: 1,
  cubePlies: 1,
  budgetMs: ms,
});

const pools: BotPool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

function poolOf(size: number): BotPool {
  const pool = new BotPool({ size, log, boardShare: 1, spawn: () => new Worker(thinker, { eval: true }) });
  pools.push(pool);
  return pool;
}

describe("the background analysis's pieces in the bot pool", () => {
  it('never run while a bot move or board work waits, whoever asked first', async () => {
    const pool = poolOf(1);
    const order: string[] = [];
    const running = pool.decide({ game: 'first', seat: 0, level: 'master', seed: 100 }, match).then(() => {
      order.push('first');
    });
    const pieces = ['p1', 'p2'].map((k) => pool.analyse(piece(k, 5)).then(() => order.push(k)));
    const board = pool
      .board({ t: 'evaluate', plies: 5 } as unknown as BoardWork, { address: 'b' })
      .then(() => order.push('board'));
    const move = pool.decide({ game: 'm1', seat: 0, level: 'master', seed: 5 }, match).then(() => {
      order.push('m1');
    });
    await Promise.all([running, ...pieces, board, move]);
    expect(order).toEqual(['first', 'm1', 'board', 'p1', 'p2']);
  }, 30_000);

  it('never holds every worker, and a worker dying under a piece answers ERR_ANALYSIS_CRASHED', async () => {
    const pool = poolOf(2);
    const slow = pool.analyse(piece('slow', 300));
    const other = pool.analyse(piece('other', 300));
    await new Promise((r) => setTimeout(r, 30));
    const started = Date.now();
    await pool.decide({ game: 'quick', seat: 0, level: 'master', seed: 1 }, match);
    expect(Date.now() - started).toBeLessThan(250);
    await Promise.all([slow, other]);
    const died = await pool.analyse(piece('dies', 1, -1));
    expect(died.ok ? null : died.error.code).toBe('ERR_ANALYSIS_CRASHED');
  }, 30_000);
});
