import { BOARD_LENGTH, fastPlaysBuffer } from '@zar/engine';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { type BearoffDatabase, createBearoffDatabase } from '../src/backgammon-net/bearoff/database.js';
import { createEvaluator } from '../src/backgammon-net/evaluator.js';
import {
  DENSE_INPUTS,
  encodeDense,
  encodePoints,
  INPUTS,
  MAX_SPARSE,
  POINT_INPUTS,
} from '../src/backgammon-net/inputs.js';
import { accumulateSparse, finishForward, forwardDense } from '../src/nn/forward.js';
import { randomNetwork } from '../src/nn/network.js';
import { OUTPUTS } from '../src/probabilities.js';
import { seededRandom } from '../src/random.js';
import { greedyGame } from './support/greedy-game.js';

let db: BearoffDatabase;
beforeAll(() => {
  db = createBearoffDatabase();
});

describe('forward pass', () => {
  it('sparse first layer plus dense inputs equals the naive dense pass', () => {
    const random = seededRandom(7);
    const net = randomNetwork(INPUTS, 32, OUTPUTS, random);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 15 }), { minLength: 52, maxLength: 52 }), (cells) => {
        const b = Int8Array.from(cells);
        const idx = new Int32Array(MAX_SPARSE * 4);
        const val = new Float32Array(MAX_SPARSE * 4);
        const n = encodePoints(b, 0, idx, val);
        const d = new Float32Array(DENSE_INPUTS);
        encodeDense(b, 0, d);
        const pre = new Float32Array(32);
        const hid = new Float32Array(32);
        const fast = new Float32Array(OUTPUTS);
        accumulateSparse(net, idx, val, n, pre);
        finishForward(net, pre, POINT_INPUTS, d, hid, fast, 0);
        const x = new Float64Array(INPUTS);
        for (let j = 0; j < n; j++) x[idx[j] as number] = val[j] as number;
        for (let j = 0; j < DENSE_INPUTS; j++) x[POINT_INPUTS + j] = d[j] as number;
        const slow = new Float32Array(OUTPUTS);
        forwardDense(net, x, slow);
        for (let k = 0; k < OUTPUTS; k++) expect(fast[k]).toBeCloseTo(slow[k] as number, 5);
      }),
      { numRuns: 50 },
    );
  });

  it('the incremental first layer of every child equals a full recomputation', () => {
    const random = seededRandom(11);
    const nets = {
      contact: randomNetwork(INPUTS, 48, OUTPUTS, random),
      race: randomNetwork(INPUTS, 24, OUTPUTS, random),
    };
    const ev = createEvaluator(nets, db);
    const plays = fastPlaysBuffer();
    const probs = new Float32Array(4096 * OUTPUTS);
    const full = new Float32Array(OUTPUTS);
    let children = 0;
    let worst = 0;
    for (let g = 0; g < 2; g++) {
      const boards = greedyGame(ev, random);
      for (let t = 0; t < boards.length; t += 3) {
        const board = boards[t] as Int8Array;
        const count = ev.evaluateChildren(board, 1 + (t % 6), 1 + ((t * 5) % 6), plays, probs);
        for (let k = 0; k < count; k++) {
          ev.evaluateRot(plays.subarray(k * BOARD_LENGTH, (k + 1) * BOARD_LENGTH), 26, full, 0);
          for (let j = 0; j < OUTPUTS; j++)
            worst = Math.max(worst, Math.abs((full[j] as number) - (probs[k * OUTPUTS + j] as number)));
          children++;
        }
      }
    }
    expect(children).toBeGreaterThan(1000);
    expect(worst).toBeLessThan(1e-5);
  });
});
