import { EventEmitter } from 'node:events';
import type { Worker } from 'node:worker_threads';
import { MATCH_DEFAULTS, newMatch } from '@zar/match';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnalysisPiece, BotPool, QueueWaits, type RunnerLog } from '../src/bots/index.js';
import type { ToWorker } from '../src/bots/messages.js';

/*
 * The bot pool's scheduling beside a background analysis that never runs out of work, on a
 * clock of its own (fake timers): workers that answer after times drawn like those bench:bots
 * measured on a worker (bot moves, hints and the analysis's pieces), and games against the bot
 * played as its quiet players play them. What is left of the analysis's delay here is the
 * scheduling's alone; on a small machine the analysis also takes CPU from the others, which
 * no scheduling of whole pieces can give back (docs/analysis.md).
 */

const log: RunnerLog = { warn: () => undefined, error: () => undefined };
const match = newMatch({ ...MATCH_DEFAULTS, length: 1 });

/** A seeded generator of uniform numbers in [0, 1). */
function seeded(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

type Draw = (u: number) => number;

/** Times (ms) drawn between measured quantiles, log-linearly: [quantile (0..1), ms] pairs. */
const drawn =
  (knots: readonly (readonly [number, number])[]): Draw =>
  (u) => {
    for (let k = 1; k < knots.length; k++) {
      const [q1, ms1] = knots[k] as readonly [number, number];
      const [q0, ms0] = knots[k - 1] as readonly [number, number];
      if (u <= q1) return Math.exp(Math.log(ms0) + ((u - q0) / (q1 - q0)) * (Math.log(ms1) - Math.log(ms0)));
    }
    return (knots[knots.length - 1] as readonly [number, number])[1];
  };

/** Min, p50, p99 and max of a kind's times on a worker. */
const quantiles = (min: number, p50: number, p99: number, max: number): Draw =>
  drawn([
    [0, min],
    [0.5, p50],
    [0.99, p99],
    [1, max],
  ]);

/** What one run of bench:bots measured on a worker: expert bot moves, hints, 1-ply pieces of analysis. */
interface Measured {
  readonly players: number;
  readonly move: Draw;
  readonly hint: Draw;
  readonly piece: Draw;
}

/** The two runs of docs/analysis.md (the 2-core machine under load averages of 2.6 to 6.3). */
const RUNS: readonly Measured[] = [
  { players: 8, move: quantiles(1, 4, 172, 299), hint: quantiles(2, 9, 544, 758), piece: quantiles(10, 41, 288, 400) },
  { players: 10, move: quantiles(1, 3, 73, 303), hint: quantiles(2, 5, 219, 264), piece: quantiles(10, 34, 249, 451) },
];

/** A worker thread's stand-in: one job at a time, answered after a time drawn for its kind. */
function fakeWorker(random: () => number, times: Measured): Worker {
  const worker = new EventEmitter() as EventEmitter & { postMessage(m: ToWorker): void; terminate(): Promise<number> };
  const answer = (m: object, ms: number) => setTimeout(() => worker.emit('message', m), ms);
  worker.postMessage = (m) => {
    if (m.t === 'decide') answer({ t: 'decision', id: m.id, decision: {} }, times.move(random()));
    else if (m.t === 'hint') answer({ t: 'hint', id: m.id, answer: { ok: true, value: {} } }, times.hint(random()));
    else if (m.t === 'analyse')
      answer({ t: 'analysed', id: m.id, answer: { ok: true, value: [{}] } }, times.piece(random()));
  };
  worker.terminate = () => Promise.resolve(0);
  answer({ t: 'ready' }, 0);
  return worker as unknown as Worker;
}

const record = {
  version: 1 as const,
  settings: { ...MATCH_DEFAULTS, length: 1 },
  players: ['a', 'b'] as const,
  actions: [],
};
const piece: AnalysisPiece = { key: 'analysis:m', record, from: 0, plies: 1, cubePlies: 1, budgetMs: 20 };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * `seconds` of the measured run's games against the bot, played as bench:bots's quiet players
 * play them: the bot's move, its 400 ms pause, then the player's turn, where he asks a hint if
 * his last was 2.1 s ago or more, and acts 150 to 450 ms later. On a pool of two workers, with
 * or without an analysis always queued; the moves' and hints' waits for a worker (sorted).
 */
async function simulate(times: Measured, seed: number, analysing: boolean, seconds = 600) {
  const random = seeded(seed);
  const waits = new QueueWaits();
  const pool = new BotPool({ size: 2, log, waits, spawn: () => fakeWorker(random, times) });
  const until = Date.now() + seconds * 1000;
  const play = async (p: number) => {
    const owner = { address: `10.0.0.${p}` };
    let hinted = Number.NEGATIVE_INFINITY;
    await sleep(random() * 1000);
    while (Date.now() < until) {
      await pool.decide({ game: `g${p}`, seat: 0, level: 'expert', seed: p, owner }, match);
      await sleep(400);
      if (Date.now() - hinted >= 2_100) {
        hinted = Date.now();
        void pool.hint(`g${p}`, match, 1, owner);
      }
      await sleep(150 + 300 * random());
    }
  };
  const games = Array.from({ length: times.players }, (_, p) => play(p));
  const analysis = (async () => {
    while (analysing && Date.now() < until) await pool.analyse(piece);
  })();
  await vi.advanceTimersByTimeAsync(seconds * 1000 + 5_000);
  await Promise.all([...games, analysis]);
  await pool.close();
  return {
    moves: waits.waitsOf('decide').sorted,
    hints: waits.waitsOf('hint').sorted,
    pieces: waits.runsOf('analyse'),
  };
}

const p99 = (xs: Float64Array): number => xs[Math.floor(xs.length * 0.99)] ?? Number.NaN;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date', 'performance'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('bot moves and hints beside a busy background analysis (simulated time)', () => {
  it('wait at most 50 ms more at p99 than alone on a pool of two, over three draws of each measured run', async () => {
    for (const times of RUNS) {
      const extra = { moves: 0, hints: 0 };
      const seeds = [37, 101, 977];
      for (const seed of seeds) {
        const alone = await simulate(times, seed, false);
        const beside = await simulate(times, seed, true);
        // The analysis goes on: about a piece a second at the least.
        expect(beside.pieces.count).toBeGreaterThan(600);
        extra.moves += (p99(beside.moves) - p99(alone.moves)) / seeds.length;
        extra.hints += (p99(beside.hints) - p99(alone.hints)) / seeds.length;
      }
      expect(extra.moves).toBeLessThanOrEqual(50);
      expect(extra.hints).toBeLessThanOrEqual(50);
    }
  }, 60_000);
});
