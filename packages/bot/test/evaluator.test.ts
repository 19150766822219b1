import { fastPlaysBuffer, rulesFor } from '@zar/engine';
import { beforeAll, describe, expect, it } from 'vitest';
import { type BearoffDatabase, createBearoffDatabase } from '../src/backgammon-net/bearoff/database.js';
import {
  BEAROFF,
  CONTACT,
  classify,
  createEvaluator,
  OVER,
  outcomeProbabilities,
  RACE,
} from '../src/backgammon-net/evaluator.js';
import { INPUTS } from '../src/backgammon-net/inputs.js';
import { createPlySearch } from '../src/backgammon-net/search.js';
import { randomNetwork } from '../src/nn/network.js';
import { equityOf, flipProbabilities, OUTPUTS } from '../src/probabilities.js';
import { seededRandom } from '../src/random.js';
import { board } from './support/board.js';
import { greedyGame } from './support/greedy-game.js';
import { oneplyEquity } from './support/one-ply.js';

let db: BearoffDatabase;
beforeAll(() => {
  db = createBearoffDatabase();
});

const nets = () => {
  const random = seededRandom(21);
  return { contact: randomNetwork(INPUTS, 16, OUTPUTS, random), race: randomNetwork(INPUTS, 8, OUTPUTS, random) };
};

describe('classification', () => {
  it.each([
    ['the start', rulesFor('backgammon').start().board.slice(0, 52), CONTACT],
    // hand-checked: my back checker on 10 faces their point 15; theirs is on 14, already past
    ['a race', board({ 10: 5, 3: 10 }, { 14: 5, 2: 10 }), RACE],
    ['their checker on 15 facing mine on 10', board({ 10: 5, 3: 10 }, { 15: 5, 2: 10 }), CONTACT],
    ['a checker on the bar', board({ 25: 1, 3: 14 }, { 2: 15 }), CONTACT],
    ['both sides home', board({ 6: 5, 3: 10 }, { 5: 5, 2: 10 }), BEAROFF],
    ['a finished game', board({}, { 2: 15 }), OVER],
  ])('%s', (_, b, cls) => {
    expect(classify(b)).toBe(cls);
  });
});

describe('outcomes and equity', () => {
  it.each([
    // side on roll has borne off all 15 (it cannot be on roll then, but the reading is defined)
    ['single win', board({}, { 2: 5 }), [1, 0, 0, 0, 0], 1],
    ['gammon loss', { ...board({ 5: 15 }, {}) }, [0, 0, 0, 1, 0], -2],
    ['backgammon loss: a checker in the winner home board', board({ 20: 1, 5: 14 }, {}), [0, 0, 0, 1, 1], -3],
    ['backgammon loss: a checker on the bar', board({ 25: 1, 5: 14 }, {}), [0, 0, 0, 1, 1], -3],
  ])('%s', (_, b, probs, equity) => {
    const out = new Float32Array(OUTPUTS);
    outcomeProbabilities(b as Int8Array, 0, out, 0);
    expect(Array.from(out)).toEqual(probs);
    expect(equityOf(out)).toBe(equity);
  });

  it('flipping twice is the identity, and flips the equity', () => {
    const p = Float32Array.from([0.6, 0.2, 0.05, 0.1, 0.01]);
    const q = p.slice();
    flipProbabilities(q);
    expect(equityOf(q)).toBeCloseTo(-equityOf(p), 6);
    flipProbabilities(q);
    expect(q).toEqual(p);
  });
});

describe('evaluator', () => {
  it('gives coherent probabilities on self-play positions', () => {
    const ev = createEvaluator(nets(), db);
    const p = new Float32Array(OUTPUTS);
    for (const b of greedyGame(ev, seededRandom(4))) {
      ev.evaluate(b, p, 0);
      const [w, wg, wbg, lg, lbg] = Array.from(p) as [number, number, number, number, number];
      expect(w).toBeGreaterThanOrEqual(0);
      expect(w).toBeLessThanOrEqual(1);
      expect(wg).toBeLessThanOrEqual(w);
      expect(wbg).toBeLessThanOrEqual(wg);
      expect(lg).toBeLessThanOrEqual(1 - w + 1e-7);
      expect(lbg).toBeLessThanOrEqual(lg);
    }
  });

  it('bears off the last checker when it can', () => {
    const ev = createEvaluator(nets(), db);
    const plays = fastPlaysBuffer();
    const probs = new Float32Array(4096 * OUTPUTS);
    const best = ev.bestPlay0ply(board({ 2: 1, 1: 1 }, { 1: 15 }), 2, 1, plays, probs);
    expect(best.count).toBeGreaterThan(1);
    // Bearing off both wins a gammon: the opponent has all 15 on its ace point.
    expect(best.equity).toBe(2);
    expect(plays[best.index * 52]).toBe(15);
  });

  it('1-ply agrees with the exact bearoff values in a bearoff', () => {
    const ev = createEvaluator(nets(), db);
    const b = board({ 6: 3, 5: 2, 2: 4 }, { 4: 3, 3: 3, 1: 2 });
    const p = new Float32Array(OUTPUTS);
    ev.evaluate(b, p, 0);
    // The database plays for the fewest rolls, not the most wins, so the two differ a little.
    expect(oneplyEquity(ev, b)).toBeCloseTo(equityOf(p), 2);
    const ranked = createPlySearch(ev).rankPlays(b, 6, 5, 1);
    expect(ranked.length).toBeGreaterThan(0);
  });

  it('1-ply probabilities give the 1-ply equity, on contact positions too', () => {
    const ev = createEvaluator(nets(), db);
    const start = rulesFor('backgammon').start().board.slice(0, 52);
    const p = new Float64Array(OUTPUTS);
    createPlySearch(ev).evaluatePosition(start, 1, p);
    expect(equityOf(p)).toBeCloseTo(oneplyEquity(ev, start), 5);
    expect(p[1]).toBeLessThanOrEqual(p[0] as number);
  });
});
