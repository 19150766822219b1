import { rulesFor } from '@zar/engine';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildBearoffDatabase } from '../src/backgammon-net/bearoff/database.js';
import { createEvaluator, type Evaluator } from '../src/backgammon-net/evaluator.js';
import { INPUTS } from '../src/backgammon-net/inputs.js';
import { addSums, createRollout, emptySums, summarise } from '../src/backgammon-net/rollout.js';
import { createPlySearch } from '../src/backgammon-net/search.js';
import { randomNetwork } from '../src/nn/network.js';
import { equityOf, OUTPUTS } from '../src/probabilities.js';
import { seededRandom } from '../src/random.js';

let ev: Evaluator;
beforeAll(() => {
  const random = seededRandom(3);
  const nets = { contact: randomNetwork(INPUTS, 8, OUTPUTS, random), race: randomNetwork(INPUTS, 8, OUTPUTS, random) };
  ev = createEvaluator(nets, buildBearoffDatabase());
}, 60_000);

const START = rulesFor('backgammon').start().board.slice(0, 52);

describe('rollouts', () => {
  it('truncated at 1 ply over 36 quasi-random trials: exactly the 1-ply value', () => {
    // Every ordered first roll comes once, so the mean is the 1-ply average over the 21 rolls.
    const one = new Float64Array(OUTPUTS);
    createPlySearch(ev).evaluatePosition(START, 1, one);
    const r = summarise(createRollout(ev).run(START, { trials: 36, truncate: 1, varianceReduction: false, seed: 1 }));
    expect(r.equity).toBeCloseTo(equityOf(one), 5);
    for (let i = 0; i < OUTPUTS; i++) expect(r.probs[i]).toBeCloseTo(one[i] as number, 5);
  });

  it('luck cancellation removes all the variance of a 1-ply truncated trial', () => {
    // Each trial is value(roll) − (value(roll) − mean) = the 1-ply mean.
    const r = summarise(createRollout(ev).run(START, { trials: 7, truncate: 1, varianceReduction: true, seed: 9 }));
    expect(r.stdError).toBeLessThan(1e-6);
    const plain = summarise(
      createRollout(ev).run(START, { trials: 7, truncate: 1, varianceReduction: false, seed: 9 }),
    );
    expect(plain.stdError).toBeGreaterThan(1e-3);
  });

  it('trials split into ranges add up to the same rollout', () => {
    const o = { trials: 12, truncate: 6, varianceReduction: true, seed: 4 };
    const whole = createRollout(ev).run(START, o);
    const parts = emptySums();
    addSums(parts, createRollout(ev).run(START, { ...o, trials: 5 }));
    addSums(parts, createRollout(ev).run(START, { ...o, trials: 7, firstTrial: 5 }));
    expect(parts.trials).toBe(12);
    expect(parts.equity).toBeCloseTo(whole.equity, 9);
    expect(parts.equitySquares).toBeCloseTo(whole.equitySquares, 9);
  });

  it('untruncated trials run to the bearoff database or the end and stay coherent', () => {
    const r = summarise(createRollout(ev).run(START, { trials: 4, truncate: 0, varianceReduction: false, seed: 2 }));
    expect(r.trials).toBe(4);
    const [win, wg, wbg, lg, lbg] = Array.from(r.probs);
    expect(win).toBeGreaterThanOrEqual(0);
    expect(win).toBeLessThanOrEqual(1);
    expect(wg).toBeLessThanOrEqual(win as number);
    expect(wbg).toBeLessThanOrEqual(wg as number);
    expect(lg).toBeLessThanOrEqual(1 - (win as number) + 1e-9);
    expect(lbg).toBeLessThanOrEqual(lg as number);
  });
});
