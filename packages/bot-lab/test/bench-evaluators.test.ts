import { readFileSync } from 'node:fs';
import {
  BEAROFF,
  buildBearoffDatabase,
  classify,
  cloneNetwork,
  createEvaluator,
  type Evaluator,
  equityOf,
  OUTPUTS,
  parseEvaluatorWeights,
  seededRandom,
} from '@zar/bot';
import { BOARD_LENGTH, FAST_MAX_PLAYS, fastPlaysBuffer, rulesFor, swapHalves } from '@zar/engine';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ensemble } from '../bench/ensemble.js';
import { gammonScaled } from '../bench/gammon-scaled.js';
import { BACKGAMMON_WEIGHTS } from '../training/paths.js';
import { board } from './support/board.js';

const weights = parseEvaluatorWeights(JSON.parse(readFileSync(BACKGAMMON_WEIGHTS, 'utf8')));
if (!weights.ok) throw new Error(weights.error.message);
const db = buildBearoffDatabase();
const committed = createEvaluator(weights.value, db);
// A second, different evaluator: the same nets with their output biases moved.
const shifted = (() => {
  const contact = cloneNetwork(weights.value.contact);
  const race = cloneNetwork(weights.value.race);
  for (const net of [contact, race])
    for (let k = 0; k < net.outputs; k++) net.b2[k] = (net.b2[k] as number) + 0.3 - 0.2 * k;
  return createEvaluator({ contact, race }, db);
})();

/** A position a few random plays into a game, side on roll's view. */
function positionAfter(seed: number, plies: number): Int8Array {
  const random = seededRandom(seed);
  const plays = fastPlaysBuffer();
  const probs = new Float32Array(FAST_MAX_PLAYS * OUTPUTS);
  const b = rulesFor('backgammon').start().board.slice(0, BOARD_LENGTH);
  for (let i = 0; i < plies; i++) {
    const n = committed.evaluateChildren(b, 1 + Math.floor(random() * 6), 1 + Math.floor(random() * 6), plays, probs);
    if (n > 0) {
      const k = Math.floor(random() * n);
      b.set(plays.subarray(k * BOARD_LENGTH, (k + 1) * BOARD_LENGTH));
    }
    swapHalves(b);
    if (classify(b) <= BEAROFF) break;
  }
  return b;
}

function children(
  ev: Evaluator,
  b: Int8Array,
  d1: number,
  d2: number,
): { n: number; plays: Int8Array; probs: number[] } {
  const plays = fastPlaysBuffer();
  const probs = new Float32Array(FAST_MAX_PLAYS * OUTPUTS);
  const n = ev.evaluateChildren(b, d1, d2, plays, probs);
  return { n, plays: plays.slice(0, n * BOARD_LENGTH), probs: Array.from(probs.subarray(0, n * OUTPUTS)) };
}

const positions = fc.record({
  seed: fc.integer({ min: 1, max: 1_000_000 }),
  plies: fc.integer({ min: 0, max: 40 }),
  d1: fc.integer({ min: 1, max: 6 }),
  d2: fc.integer({ min: 1, max: 6 }),
});

describe('the ensemble of evaluators (bench:choices `A+B`)', () => {
  it('of one evaluator is that evaluator, and of two averages their probabilities', () => {
    const one = ensemble([committed]);
    const two = ensemble([committed, shifted]);
    fc.assert(
      fc.property(positions, ({ seed, plies, d1, d2 }) => {
        const b = positionAfter(seed, plies);
        const a = children(committed, b, d1, d2);
        const s = children(shifted, b, d1, d2);
        expect(children(one, b, d1, d2)).toEqual(a);
        const e = children(two, b, d1, d2);
        expect(e.n).toBe(a.n);
        expect(Array.from(e.plays)).toEqual(Array.from(a.plays));
        const best = two.bestPlay0ply(b, d1, d2, fastPlaysBuffer(), new Float32Array(FAST_MAX_PLAYS * OUTPUTS));
        const movers = Array.from({ length: e.n }, (_, k) => -equityOf(e.probs, k * OUTPUTS));
        expect(best.count).toBe(e.n);
        expect(best.index).toBe(e.n === 0 ? -1 : movers.indexOf(Math.max(...movers)));
        e.probs.forEach((p, i) => {
          expect(p).toBeCloseTo(((a.probs[i] as number) + (s.probs[i] as number)) / 2, 6);
        });
        const out = new Float32Array(OUTPUTS);
        const pa = new Float32Array(OUTPUTS);
        const ps = new Float32Array(OUTPUTS);
        two.evaluate(b, out);
        committed.evaluate(b, pa);
        shifted.evaluate(b, ps);
        out.forEach((p, k) => {
          expect(p).toBeCloseTo(((pa[k] as number) + (ps[k] as number)) / 2, 6);
        });
      }),
      { numRuns: 25 },
    );
  });
});

describe('gammon-scaled evaluation (bench:choices `1g1.1`)', () => {
  it('scales both sides’ gammon chances, capped by the win and loss chances, and keeps the rest', () => {
    const k = 1.5;
    const scaled = gammonScaled(committed, k);
    fc.assert(
      fc.property(positions, ({ seed, plies, d1, d2 }) => {
        const b = positionAfter(seed, plies);
        const a = children(committed, b, d1, d2);
        const s = children(scaled, b, d1, d2);
        for (let i = 0; i < a.n; i++) {
          const p = a.probs.slice(i * OUTPUTS, (i + 1) * OUTPUTS) as [number, number, number, number, number];
          const q = s.probs.slice(i * OUTPUTS, (i + 1) * OUTPUTS);
          const exact = classify(a.plays.subarray(i * BOARD_LENGTH, (i + 1) * BOARD_LENGTH), 26) <= BEAROFF;
          const want = exact ? p : [p[0], Math.min(p[0], k * p[1]), p[2], Math.min(1 - p[0], k * p[3]), p[4]];
          want.forEach((x, j) => {
            expect(q[j]).toBeCloseTo(x, 6);
          });
        }
      }),
      { numRuns: 25 },
    );
  });

  it('leaves exact bearoff values alone', () => {
    // Nobody has borne off on the far side yet, so the side on roll may win a gammon.
    const b = board({ 6: 2, 5: 2, 4: 2 }, { 6: 15 });
    expect(classify(b)).toBe(BEAROFF);
    const p = new Float32Array(OUTPUTS);
    const q = new Float32Array(OUTPUTS);
    committed.evaluate(b, p);
    // A chance scaling would have changed.
    expect(p[1]).toBeGreaterThan(0.01);
    expect(p[1]).toBeLessThan((p[0] as number) / 2);
    gammonScaled(committed, 2).evaluate(b, q);
    expect(Array.from(q)).toEqual(Array.from(p));
  });
});
