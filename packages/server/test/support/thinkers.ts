import { Worker } from 'node:worker_threads';
import { MATCH_DEFAULTS, newMatch } from '@zar/match';
import { afterEach } from 'vitest';
import { type AnalysisPiece, BotPool, type QueueWaits, type RunnerLog } from '../../src/bots/index.js';

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

/** A one-point match to decide in (the thinker reads none of it). */
export const match = newMatch({ ...MATCH_DEFAULTS, length: 1 });

const record = {
  version: 1 as const,
  settings: { ...MATCH_DEFAULTS, length: 1 },
  players: ['a', 'b'] as const,
  actions: [],
};

/** A piece of analysis the thinker takes `ms` over; one `from` -1 kills its worker. */
export const piece = (key: string, ms: number, from = 0): AnalysisPiece => ({
  key,
  record,
  from,
  plies: 1,
  cubePlies: 1,
  budgetMs: ms,
});

/** The board's share of a worker and its time limit, where a test sets them. */
interface Sharing {
  readonly boardShare?: number;
  readonly boardMs?: number;
}

/**
 * Pools of `size` thinkers (by default no rest after board work or analysis), told the queue
 * waits when given them, each closed after the test. Call it at the file's top level.
 */
export function thinkingPools(): (size: number, waits?: QueueWaits, sharing?: Sharing) => BotPool {
  const pools: BotPool[] = [];
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((p) => p.close()));
  });
  return (size, waits, sharing = { boardShare: 1 }) => {
    const pool = new BotPool({ size, log, waits, ...sharing, spawn: () => new Worker(thinker, { eval: true }) });
    pools.push(pool);
    return pool;
  };
}
