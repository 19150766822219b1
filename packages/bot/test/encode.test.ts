import { directShotsByDistance, rulesFor } from '@zar/engine';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DENSE_INPUTS,
  encodeDense,
  encodePoints,
  INPUTS,
  MAX_SPARSE,
  slotInput,
  UNITS,
  unitValue,
} from '../src/backgammon-net/inputs.js';
import { hittingRolls } from '../src/backgammon-net/shots.js';

function dense(board: Int8Array, rot: number): number[] {
  const idx = new Int32Array(MAX_SPARSE);
  const val = new Float32Array(MAX_SPARSE);
  const n = encodePoints(board, rot, idx, val);
  const x = new Array<number>(INPUTS).fill(0);
  for (let j = 0; j < n; j++) x[idx[j] as number] = val[j] as number;
  return x;
}

describe('point units', () => {
  // gnubg's encoding (lib/inputs.c): 1 checker, 2 checkers, 3 or more, (n - 3) / 2 past 3.
  it.each([
    [1, [1, 0, 0, 0]],
    [2, [0, 1, 0, 0]],
    [3, [0, 0, 1, 0]],
    [4, [0, 0, 1, 0.5]],
    [7, [0, 0, 1, 2]],
  ])('%i checkers on a point give units %j', (count, units) => {
    const b = new Int8Array(52);
    b[8] = count;
    expect(dense(b, 0).slice(slotInput(0, 8), slotInput(0, 8) + 4)).toEqual(units);
  });

  it('rotation 26 reads the halves swapped', () => {
    const start = rulesFor('backgammon').start().board.slice(0, 52);
    const swapped = start.slice();
    for (let i = 0; i < 26; i++) [swapped[i], swapped[i + 26]] = [swapped[i + 26] as number, swapped[i] as number];
    start[5] = 3; // make the sides differ
    swapped[31] = 3;
    expect(dense(start, 26)).toEqual(dense(swapped, 0));
  });
});

describe('hitting rolls', () => {
  const table = directShotsByDistance();
  it.each(table.map((r) => [r.distance, r.rolls]))(
    'one checker, a blot %i away, nothing between: %i rolls',
    (d, rolls) => {
      // Attacker on the bar (point 25), the blot on the attacker's point 25 - d (its own point d).
      const b = new Int8Array(52);
      const p = 25;
      b[p] = 1;
      b[26 + 25 - (p - d)] = 1;
      expect(hittingRolls(b, 0, 26)).toBe(rolls);
    },
  );

  it('a point in the way blocks combination shots (hand-checked: 8 away, their point 4 away)', () => {
    const b = new Int8Array(52);
    b[20] = 1;
    b[26 + 25 - 12] = 1; // blot 8 away
    b[26 + 25 - 16] = 2; // their point 4 away: 4-4 and 2-2 land there; 6-2, 5-3 still hit, via 14/18 or 15/17
    // 8 = 6-2 (2), 5-3 (2), 4-4 blocked at 16, 2-2 blocked at 16 (18, 16): 4 rolls
    expect(hittingRolls(b, 0, 26)).toBe(4);
  });

  it('the off and shot inputs stay in [0, 1]', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 52, maxLength: 52 }), (cells) => {
        const out = new Float32Array(DENSE_INPUTS);
        encodeDense(Int8Array.from(cells), 0, out);
        return Array.from(out.subarray(0, 4)).every((v) => v >= 0 && v <= 1.0000001 * (cells[0] ?? 0) + 1);
      }),
    );
  });
});

describe('point units one slot at a time', () => {
  it('gives each count of checkers the units encodePoints writes for it', () => {
    for (let count = 0; count <= 15; count++) {
      const board = new Int8Array(52);
      board[6] = count;
      const idx = new Int32Array(MAX_SPARSE);
      const val = new Float32Array(MAX_SPARSE);
      const n = encodePoints(board, 0, idx, val);
      const written = new Map<number, number>();
      for (let j = 0; j < n; j++) written.set(idx[j] as number, val[j] as number);
      for (let u = 0; u < UNITS; u++) expect(unitValue(count, u)).toBe(written.get(slotInput(0, 6) + u) ?? 0);
    }
    expect([1, 2, 3, 4].map((u) => unitValue(5, u - 1))).toEqual([0, 0, 1, 1]);
  });
});
