import {
  type BearoffDatabase,
  createBearoffDatabase,
  createEvaluator,
  DENSE_INPUTS,
  encodeDense,
  encodePoints,
  INPUTS,
  MAX_SPARSE,
  OUTPUTS,
  POINT_INPUTS,
  randomNetwork,
  seededRandom,
} from '@zar/bot';
import { BOARD_LENGTH, fastPlaysBuffer } from '@zar/engine';
import { beforeAll, describe, expect, it } from 'vitest';
import { adamTrainer } from '../training/adam.js';
import { growHidden } from '../training/nets.js';
import { playGame, selfPlayScratch } from '../training/selfplay.js';
import { expectSameOutputs } from './support/nets.js';

let db: BearoffDatabase;
beforeAll(() => {
  db = createBearoffDatabase();
});

describe('growHidden', () => {
  it('computes exactly what the smaller net did, whatever the inputs', () => {
    const small = randomNetwork(INPUTS, 12, OUTPUTS, seededRandom(5));
    const grown = growHidden(small, 20, seededRandom(6));
    expect(grown.hidden).toBe(20);
    expectSameOutputs(small, grown);
    // The old units keep their weights; the new ones start with first-layer weights to learn from.
    for (let i = 0; i < INPUTS; i++)
      for (let h = 0; h < 12; h++) expect(grown.w1[i * 20 + h]).toBe(small.w1[i * 12 + h]);
    const fresh = Array.from({ length: INPUTS * 8 }, (_, j) => grown.w1[Math.floor(j / 8) * 20 + 12 + (j % 8)]);
    expect(fresh.filter((w) => w !== 0).length).toBe(fresh.length);
    expect(() => growHidden(grown, 12, seededRandom(1))).toThrow(/shrink/);
  });

  it('gives the evaluator the same results for positions and all their children', () => {
    const random = seededRandom(9);
    const small = {
      contact: randomNetwork(INPUTS, 24, OUTPUTS, random),
      race: randomNetwork(INPUTS, 16, OUTPUTS, random),
    };
    const grown = { contact: growHidden(small.contact, 40, random), race: small.race };
    const a = createEvaluator(small, db);
    const b = createEvaluator(grown, db);
    const scratch = selfPlayScratch();
    const plays = fastPlaysBuffer();
    const pa = new Float32Array(4096 * OUTPUTS);
    const pb = new Float32Array(4096 * OUTPUTS);
    const n = playGame(a, random, scratch);
    let children = 0;
    for (let t = 0; t < n; t += 2) {
      const board = scratch.boards.slice(t * BOARD_LENGTH, (t + 1) * BOARD_LENGTH);
      const count = a.evaluateChildren(board, 1 + (t % 6), 1 + ((t * 5) % 6), plays, pa);
      expect(b.evaluateChildren(board, 1 + (t % 6), 1 + ((t * 5) % 6), plays, pb)).toBe(count);
      expect(Array.from(pb.subarray(0, count * OUTPUTS))).toEqual(Array.from(pa.subarray(0, count * OUTPUTS)));
      children += count;
    }
    expect(children).toBeGreaterThan(100);
  });

  it('lets training move the new units: first their output weights, then their inputs', () => {
    const random = seededRandom(13);
    const net = growHidden(randomNetwork(INPUTS, 8, OUTPUTS, random), 12, random);
    const adam = adamTrainer(net);
    const idx = new Int32Array(MAX_SPARSE);
    const val = new Float32Array(MAX_SPARSE);
    const dense = new Float32Array(DENSE_INPUTS);
    const board = new Int8Array(BOARD_LENGTH);
    board[6] = 5;
    board[13] = 5;
    board[26 + 6] = 5;
    board[26 + 13] = 5;
    const n = encodePoints(board, 0, idx, val);
    encodeDense(board, 0, dense);
    const newColumns = () => Array.from({ length: 4 }, (_, h) => net.w1[(idx[0] as number) * 12 + 8 + h]);
    const before = newColumns();
    const target = [0.9, 0.3, 0.05, 0.1, 0.01];
    adam.add(idx, val, n, POINT_INPUTS, dense, target);
    adam.step(0.01);
    for (let h = 8; h < 12; h++) expect(net.w2[h]).not.toBe(0);
    expect(newColumns()).toEqual(before);
    adam.add(idx, val, n, POINT_INPUTS, dense, target);
    adam.step(0.01);
    expect(newColumns()).not.toEqual(before);
  });
});
