import type { Evaluator } from '@zar/bot';
import { BOARD_LENGTH } from '@zar/engine';
import { describe, expect, it } from 'vitest';
import { freshScore, runFresh } from '../training/fresh.js';

/** Five probabilities whose cubeless equity is 2w − 1 (no gammons). */
const withWin = (w: number) => [w, 0, 0, 0, 0];

describe('fresh score', () => {
  // Three groups: [0, 1, 2], [3] (one candidate, no decision) and [4, 5]. Board i is marked by
  // its first byte; the stand-in evaluator answers the net's win chance for it.
  const netWin = [0.5, 0.3, 0.4, 0.6, 0.2, 0.25];
  const labelWin = [0.5, 0.35, 0.3, 0.6, 0.25, 0.2];
  const count = netWin.length;
  const boards = new Int8Array(count * BOARD_LENGTH);
  for (let i = 0; i < count; i++) boards[i * BOARD_LENGTH] = i;
  const targets = Float32Array.from(labelWin.flatMap(withWin));
  const ev = {
    evaluate(board: Int8Array, out: Float32Array, at: number) {
      out.set(withWin(netWin[board[0] as number] as number), at);
    },
  } as unknown as Evaluator;

  it("scores the net's choice in each group by the labels", () => {
    const s = freshScore(ev, boards, targets, count, [0, 3, 4]);
    expect(s.decisions).toBe(2);
    // Group 1: the net picks board 1 (lowest equity for the opponent), the labels board 2:
    // lost 2 × (0.35 − 0.3). Group 3: the net picks board 4, the labels board 5: 2 × 0.05.
    expect(s.agreement).toBe(0);
    expect(s.equityLost).toBeCloseTo((0.1 + 0.1) / 2, 6);
    // Squared error: only the win output differs.
    const sq = netWin.reduce((e, w, i) => e + (w - (labelWin[i] as number)) ** 2, 0) / count;
    expect(s.squaredError).toBeCloseTo(sq, 6);
  });

  it('finds no loss when the net orders each group as the labels do', () => {
    const agreeing = Float32Array.from(netWin.flatMap(withWin));
    const s = freshScore(ev, boards, agreeing, count, [0, 3, 4]);
    expect(s.agreement).toBe(1);
    expect(s.equityLost).toBe(0);
    expect(s.squaredError).toBeCloseTo(0, 10);
  });
});

describe('fresh command', () => {
  it('takes labels at 1 or 2 plies only, before it reads any checkpoint', async () => {
    await expect(runFresh(['--plies', '3', '--from', 'no/such/checkpoint.json'])).rejects.toThrow(
      '--plies is 1 or 2, not 3',
    );
    await expect(runFresh(['--plies', '2', '--from', 'no/such/checkpoint.json'])).rejects.toThrow(
      'no checkpoint at no/such/checkpoint.json',
    );
  });
});
