import {
  CONTACT,
  classify,
  createBearoffDatabase,
  createEvaluator,
  type Evaluator,
  INPUTS,
  OUTPUTS,
  RACE,
  randomNetwork,
  seededRandom,
} from '@zar/bot';
import { BOARD_LENGTH, createFastPlayGenerator, fastPlaysBuffer, rulesFor, swapHalves } from '@zar/engine';
import { describe, expect, it } from 'vitest';
import { boardSet, drawPositions } from '../training/label-draw.js';

const evaluator = (): Evaluator => {
  const random = seededRandom(5);
  return createEvaluator(
    { contact: randomNetwork(INPUTS, 16, OUTPUTS, random), race: randomNetwork(INPUTS, 8, OUTPUTS, random) },
    createBearoffDatabase(),
  );
};

const keyOf = (boards: Int8Array, i: number) => boards.subarray(i * BOARD_LENGTH, (i + 1) * BOARD_LENGTH).join(',');
const START = rulesFor('backgammon').start().board.slice(0, BOARD_LENGTH);

describe('drawing positions to label', () => {
  const ev = evaluator();
  const options = { positions: 600, seed: 3, childrenShare: 0.2, explore: 0 };
  const drawn = drawPositions(ev, options);

  it('draws the same positions from the same seed, and others from another', () => {
    const again = drawPositions(ev, options);
    expect(again.count).toBe(600);
    expect(Buffer.from(again.boards).equals(Buffer.from(drawn.boards))).toBe(true);
    const other = drawPositions(ev, { ...options, seed: 4 });
    expect(Buffer.from(other.boards).equals(Buffer.from(drawn.boards))).toBe(false);
  });

  it('keeps each board once, and only those the nets judge', () => {
    const keys = new Set(Array.from({ length: drawn.count }, (_, i) => keyOf(drawn.boards, i)));
    expect(keys.size).toBe(drawn.count);
    expect(drawn.duplicates).toBeGreaterThan(0);
    for (let i = 0; i < drawn.count; i++) {
      const cls = classify(drawn.boards.subarray(i * BOARD_LENGTH, (i + 1) * BOARD_LENGTH));
      expect(cls === CONTACT || cls === RACE).toBe(true);
    }
    expect(drawn.fromGames + drawn.children).toBe(drawn.count);
  });

  it('holds every legal child of a roll from sampled positions: what a decision compares', () => {
    expect(drawn.children).toBeGreaterThan(drawn.count / 4);
    // With every position sampled, the opening's children for its first roll are all there.
    const all = drawPositions(ev, { ...options, positions: 200, childrenShare: 1 });
    const keys = new Set(Array.from({ length: all.count }, (_, i) => keyOf(all.boards, i)));
    const gen = createFastPlayGenerator();
    const plays = fastPlaysBuffer();
    const rollsWithAll: string[] = [];
    for (let d1 = 1; d1 <= 6; d1++)
      for (let d2 = d1; d2 <= 6; d2++) {
        const n = gen.generate(START, d1, d2, plays);
        const children = Array.from({ length: n }, (_, j) => {
          const c = plays.slice(j * BOARD_LENGTH, (j + 1) * BOARD_LENGTH);
          swapHalves(c);
          return c.join(',');
        });
        if (children.every((c) => keys.has(c))) rollsWithAll.push(`${d1}-${d2}`);
      }
    expect(rollsWithAll.length).toBeGreaterThan(0);
    expect(drawPositions(ev, { ...options, positions: 100, childrenShare: 0 }).children).toBe(0);
  });
});

describe('a set of boards', () => {
  it('adds a board once, keeps the order added, and stops when full', () => {
    const set = boardSet(3);
    const a = START.slice();
    const b = START.slice();
    b[6] = 4;
    b[5] = 1;
    const c = b.slice();
    swapHalves(c);
    expect([set.add(a), set.add(b), set.add(a.slice()), set.add(c)]).toEqual([true, true, false, true]);
    expect(set.count).toBe(3);
    expect(keyOf(set.boards, 1)).toBe(b.join(','));
    const d = a.slice();
    d[1] = 1;
    expect(set.add(d)).toBe(false);
    expect(set.count).toBe(3);
  });
});
