import {
  CONTACT,
  classify,
  createBearoffDatabase,
  createEvaluator,
  OUTPUTS,
  RACE,
  seededRandom,
  trainedBackgammonEvaluator,
} from '@zar/bot';
import { BOARD_LENGTH } from '@zar/engine';
import { describe, expect, it } from 'vitest';
import { gameErrors } from '../training/calibrate.js';
import { initialNets } from '../training/nets.js';
import { MAX_PLIES, playGame, selfPlayScratch } from '../training/selfplay.js';
import { lambdaReturns } from '../training/td.js';

describe('calibration against self-play outcomes', () => {
  it('compares each position with its game’s result as the λ = 1 return gives it', async () => {
    // An untrained net never finishes a game; the committed nets do.
    const ev = await trainedBackgammonEvaluator();
    const random = seededRandom(3);
    const scratch = selfPlayScratch();
    const probs = new Float32Array(OUTPUTS);
    let checked = 0;
    for (let g = 0; g < 3; g++) {
      const n = playGame(ev, random, scratch);
      const sums = gameErrors(ev, scratch.boards, n);
      if (!sums) throw new Error('the trained nets left a game unfinished');
      // The same sums the other way: the TD trainer's λ = 1 returns are each position's result.
      const values = new Float32Array(n * OUTPUTS);
      const returns = new Float32Array(n * OUTPUTS);
      for (let t = 1; t < n; t++) ev.evaluate(scratch.boards.subarray(t * BOARD_LENGTH), values, t * OUTPUTS);
      lambdaReturns(values, n, 1, returns);
      const expected = {
        contact: { n: 0, d: new Float64Array(OUTPUTS) },
        race: { n: 0, d: new Float64Array(OUTPUTS) },
      };
      for (let t = 0; t < n - 1; t++) {
        const board = scratch.boards.subarray(t * BOARD_LENGTH, (t + 1) * BOARD_LENGTH);
        const cls = classify(board);
        if (cls !== CONTACT && cls !== RACE) continue;
        ev.evaluate(board, probs, 0);
        const e = cls === CONTACT ? expected.contact : expected.race;
        e.n++;
        for (let k = 0; k < OUTPUTS; k++)
          e.d[k] = (e.d[k] as number) + (probs[k] as number) - (returns[t * OUTPUTS + k] as number);
      }
      for (const cls of ['contact', 'race'] as const) {
        expect(sums[cls].n).toBe(expected[cls].n);
        for (let k = 0; k < OUTPUTS; k++) expect(sums[cls].d[k]).toBeCloseTo(expected[cls].d[k] as number, 4);
      }
      checked += sums.contact.n;
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('has no outcome for a game cut off unfinished', () => {
    const ev = createEvaluator(initialNets(3, 16, 8), createBearoffDatabase());
    const scratch = selfPlayScratch();
    const n = playGame(ev, seededRandom(3), scratch);
    expect(n).toBe(MAX_PLIES + 1);
    expect(gameErrors(ev, scratch.boards, n)).toBeNull();
  });
});
