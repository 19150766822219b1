import { beforeAll, describe, expect, it } from 'vitest';
import { type BearoffDatabase, createBearoffDatabase, MAX_ROLLS } from '../src/backgammon-net/bearoff/database.js';
import { BEAROFF_POSITIONS, bearoffRank, bearoffUnrank } from '../src/backgammon-net/bearoff/index.js';
import { bearoffProbabilities, expectedRolls } from '../src/backgammon-net/bearoff/race.js';

let db: BearoffDatabase;
beforeAll(() => {
  db = createBearoffDatabase();
});

/** A board with the side on roll's points 1..6 from `mine` and the opponent's from `theirs`. */
function board(mine: number[], theirs: number[]): Int8Array {
  const b = new Int8Array(52);
  mine.forEach((n, i) => {
    b[i + 1] = n;
  });
  theirs.forEach((n, i) => {
    b[27 + i] = n;
  });
  b[0] = 15 - mine.reduce((a, n) => a + n, 0);
  b[26] = 15 - theirs.reduce((a, n) => a + n, 0);
  return b;
}

describe('one-sided bearoff database', () => {
  it('numbers C(21, 6) = 54,264 positions, rank and unrank inverse', () => {
    expect(BEAROFF_POSITIONS).toBe(54_264);
    const c = new Int8Array(7);
    for (let r = 0; r < BEAROFF_POSITIONS; r += 97) {
      bearoffUnrank(r, c);
      expect(bearoffRank(c, 0)).toBe(r);
    }
  });

  it.each([
    // hand-checked: any roll bears off one or two checkers on the 1 point
    [[1], 1],
    [[2], 1],
    // hand-checked: one checker on the 6 point fails only with 1-1, 2-1, 3-1, 4-1, 3-2 (9 of 36): 1 + 9/36
    [[0, 0, 0, 0, 0, 1], 1.25],
    // hand-checked: one checker on the 2 point fails only with 1-1? no, 1-1 moves 2 pips twice: never fails
    [[0, 1], 1],
    // hand-checked: three on the 1 point: 1 roll with doubles (6/36), else 2 rolls
    [[3], 1 + 30 / 36],
  ])('expected rolls of %j is %f', (mine, rolls) => {
    expect(expectedRolls(db, board(mine, [1]), 0)).toBeCloseTo(rolls, 6);
  });

  const checkers = (r: number) => {
    const c = new Int8Array(7);
    bearoffUnrank(r, c);
    return c.reduce((a, n) => a + n, 0);
  };

  it('every distribution sums to 1', () => {
    for (let r = 0; r < BEAROFF_POSITIONS; r += 211) {
      if (checkers(r) > 8) continue;
      db.ensure(r);
      let s = 0;
      for (let n = 0; n < MAX_ROLLS; n++) s += db.rolls[r * MAX_ROLLS + n] as number;
      expect(s).toBeCloseTo(1, 5);
    }
  });

  it('both on their 6 point with one checker: 3/4 + 1/4 * 1/4 = 0.8125 for the side on roll', () => {
    const p = new Float32Array(5);
    bearoffProbabilities(db, board([0, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 1]), p, 0);
    expect(p[0]).toBeCloseTo(0.8125, 6);
    expect(p[1]).toBe(0);
  });

  it('a sure win against 15 checkers still on the board is a sure gammon', () => {
    const p = new Float32Array(5);
    bearoffProbabilities(db, board([1], [0, 0, 0, 0, 0, 15]), p, 0);
    expect(p[0]).toBeCloseTo(1, 6);
    expect(p[1]).toBeCloseTo(1, 6);
  });

  it('15 on the 6 point against one checker to go: gammoned unless a checker comes off now (19 of 36)', () => {
    // hand-checked: a checker leaves the 6 point only with exactly 6 pips on one checker:
    // any 6 (11), 5-1 (2), 4-2 (2), 3-3 (1), 2-2 (1) = 17 of 36.
    const p = new Float32Array(5);
    bearoffProbabilities(db, board([0, 0, 0, 0, 0, 15], [1]), p, 0);
    expect(p[0]).toBeCloseTo(0, 6);
    expect(p[3]).toBeCloseTo(19 / 36, 5);
  });

  it('probabilities are coherent over many positions', () => {
    const p = new Float32Array(5);
    const c = new Int8Array(7);
    const d = new Int8Array(7);
    for (let r = 1; r < BEAROFF_POSITIONS; r += 1013) {
      if (checkers(r) > 8 || checkers(BEAROFF_POSITIONS - r) > 8) continue;
      bearoffUnrank(r, c);
      bearoffUnrank(BEAROFF_POSITIONS - r, d);
      bearoffProbabilities(db, board(Array.from(c.subarray(1)), Array.from(d.subarray(1))), p, 0);
      expect(p[0]).toBeGreaterThanOrEqual(0);
      expect(p[0]).toBeLessThanOrEqual(1);
      expect(p[1]).toBeLessThanOrEqual(p[0] as number);
      expect(p[3]).toBeLessThanOrEqual(1 - (p[0] as number) + 1e-6);
    }
  });
});
