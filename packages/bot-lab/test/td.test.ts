import {
  createBearoffDatabase,
  createEvaluator,
  DENSE_INPUTS,
  equityOf,
  FILTER_WIDTH,
  INPUTS,
  MAX_SPARSE,
  OUTPUTS,
  POINT_INPUTS,
  randomNetwork,
  seededRandom,
} from '@zar/bot';
import { BOARD_LENGTH, rulesFor } from '@zar/engine';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { trainScratch, trainStep } from '../training/backprop.js';
import { bestPlaysWithin, candidateSampler } from '../training/candidates.js';
import { initialNets } from '../training/nets.js';
import { playGame, selfPlayScratch } from '../training/selfplay.js';
import { createTdTrainer, lambdaReturns } from '../training/td.js';

describe('training', () => {
  it('gradient steps toward a fixed target lower the error', () => {
    const net = randomNetwork(INPUTS, 16, OUTPUTS, seededRandom(1));
    const idx = Int32Array.from([3, 50, 120, 199]);
    const val = Float32Array.from([1, 1, 0.5, 1]);
    const dense = new Float32Array(DENSE_INPUTS).fill(0.2);
    const target = [0.9, 0.3, 0.05, 0.02, 0];
    const s = trainScratch(net);
    const first = trainStep(net, idx, val, 4, POINT_INPUTS, dense, target, 0.5, s);
    let last = first;
    for (let i = 0; i < 200; i++) last = trainStep(net, idx, val, 4, POINT_INPUTS, dense, target, 0.5, s);
    expect(idx.length).toBeLessThanOrEqual(MAX_SPARSE);
    expect(last).toBeLessThan(first / 10);
  });

  it('λ = 1 makes every return the final result, turned to each side; λ = 0 the next value', () => {
    // Three positions: the last a finished game lost by its side on roll with a gammon.
    const values = new Float32Array(3 * OUTPUTS);
    values.set([0.3, 0.1, 0, 0.2, 0], OUTPUTS);
    values.set([0, 0, 0, 1, 0], 2 * OUTPUTS);
    const returns = new Float32Array(3 * OUTPUTS);
    lambdaReturns(values, 3, 1, returns);
    expect(Array.from(returns.subarray(OUTPUTS, 2 * OUTPUTS))).toEqual([1, 1, 0, 0, 0]);
    expect(Array.from(returns.subarray(0, OUTPUTS))).toEqual([0, 0, 0, 1, 0]);
    lambdaReturns(values, 3, 0, returns);
    expect(returns[0]).toBeCloseTo(0.7, 6);
    expect(returns[3]).toBeCloseTo(0.1, 6);
  });

  it('a few self-play games replay exactly from a seed', () => {
    const db = createBearoffDatabase();
    const run = (seed: number) => {
      const ev = createEvaluator(initialNets(seed, 16, 8), db);
      const trainer = createTdTrainer(ev);
      const random = seededRandom(seed);
      const scratch = selfPlayScratch();
      let steps = 0;
      for (let g = 0; g < 4; g++) {
        const n = playGame(ev, random, scratch);
        steps += trainer.trainGame(scratch.boards, 0, n, 0.05, 0.7).steps;
      }
      return { steps, w: ev.nets.contact.w1.slice() };
    };
    const a = run(9);
    const b = run(9);
    const c = run(10);
    expect(a.steps).toBeGreaterThan(0);
    expect(b.w).toEqual(a.w);
    expect(c.w).not.toEqual(a.w);
  });
});

describe('refinement positions', () => {
  it('are the positions left by the best 0-ply plays of a roll, best first, opponent on roll', () => {
    const ev = createEvaluator(initialNets(5, 16, 8), createBearoffDatabase());
    const rules = rulesFor('backgammon');
    const start = rules.start();
    const kept: Int8Array[] = [];
    const sample = candidateSampler(ev, 3, () => [3, 1]);
    sample(start.board.slice(0, BOARD_LENGTH), (b) => kept.push(b.slice()));
    const nexts = rules.legalPlays(start, [3, 1]).map((p) => p.next.board.slice(0, BOARD_LENGTH));
    const value = (b: Int8Array) => {
      const out = new Float32Array(OUTPUTS);
      ev.evaluate(b, out, 0);
      return equityOf(out, 0);
    };
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThanOrEqual(3);
    // Each is a legal play's result; the first is the one leaving the opponent least.
    for (const b of kept) expect(nexts.some((n) => n.every((c, i) => c === b[i]))).toBe(true);
    const best = Math.min(...nexts.map(value));
    expect(value(kept[0] as Int8Array)).toBeCloseTo(best, 5);
    expect(new Set(kept.map((b) => b.join())).size).toBe(kept.length);
  });

  it('keep only plays within the 1-ply filter width of the best, best first', () => {
    fc.assert(
      fc.property(fc.array(fc.float({ min: -1, max: 1, noNaN: true }), { minLength: 1, maxLength: 12 }), (wins) => {
        // One play per entry, valued by P(win) alone, from the opponent's view as evaluateChildren
        // writes it.
        const probs = new Float32Array(wins.length * OUTPUTS);
        wins.forEach((w, i) => {
          probs[i * OUTPUTS] = (w + 1) / 2;
        });
        const mover = (i: number) => -equityOf(probs, i * OUTPUTS);
        const top = Math.max(...wins.map((_, i) => mover(i)));
        const kept = bestPlaysWithin(probs, wins.length, 4);
        expect(kept.length).toBeGreaterThanOrEqual(1);
        expect(kept.length).toBeLessThanOrEqual(Math.min(4, wins.length));
        expect(mover(kept[0] as number)).toBe(top);
        for (const j of kept) expect(mover(j)).toBeGreaterThanOrEqual(top - FILTER_WIDTH);
        for (let i = 1; i < kept.length; i++)
          expect(mover(kept[i] as number)).toBeLessThanOrEqual(mover(kept[i - 1] as number));
        // Every play left out within the filter width is below the last one kept, or past k.
        const last = mover(kept[kept.length - 1] as number);
        const within = wins.map((_, i) => i).filter((i) => mover(i) >= top - FILTER_WIDTH);
        if (kept.length < 4) expect(within.length).toBe(kept.length);
        for (const i of within) if (!kept.includes(i)) expect(mover(i)).toBeLessThanOrEqual(last);
      }),
      { numRuns: 200 },
    );
  });
});
