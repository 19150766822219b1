import { describe, expect, it } from 'vitest';
import { diceSumTable, directShotsByDistance, distancesCovered } from '../src/index.js';

const SEED = 'seed 004 (Romanian rules text), table';

/** The seed prints percentages with two decimals and a decimal comma. */
const percent = (p: number): string => (p * 100).toFixed(2).replace('.', ',');

describe('diceSumTable', () => {
  // [sum, ways of 36, probability as printed, source]
  const rows: [number, number, string, string][] = [
    [2, 1, '2,78', `${SEED} "Suma"`],
    [3, 2, '5,56', `${SEED} "Suma"`],
    [4, 3, '8,33', `${SEED} "Suma"`],
    [5, 4, '11,11', `${SEED} "Suma"`],
    [6, 5, '13,89', `${SEED} "Suma"`],
    [7, 6, '16,67', `${SEED} "Suma"`],
    [8, 5, '13,89', `${SEED} "Suma"`],
    [9, 4, '11,11', `${SEED} "Suma"`],
    [10, 3, '8,33', `${SEED} "Suma"`],
    [11, 2, '5,56', `${SEED} "Suma"`],
    [12, 1, '2,78', `${SEED} "Suma"`],
  ];
  const table = diceSumTable();

  it('lists the sums 2..12 in order and accounts for all 36 rolls', () => {
    expect(table.map((r) => r.sum)).toEqual(rows.map(([sum]) => sum));
    expect(table.reduce((n, r) => n + r.ways, 0)).toBe(36);
  });

  it.each(rows)('sum %i comes up %i ways in 36 (%s%%; %s)', (sum, ways, printed) => {
    const row = table.find((r) => r.sum === sum);
    expect(row?.ways).toBe(ways);
    expect(percent(row?.probability ?? Number.NaN)).toBe(printed);
  });
});

describe('directShotsByDistance', () => {
  // [distance, rolls of 36, probability as printed, source]
  const rows: [number, number, string, string][] = [
    [1, 11, '30,56', `${SEED} "Distanța"`],
    [2, 12, '33,33', `${SEED} "Distanța"`],
    [3, 14, '38,89', `${SEED} "Distanța"`],
    [4, 15, '41,67', `${SEED} "Distanța"`],
    [5, 15, '41,67', `${SEED} "Distanța"`],
    [6, 17, '47,22', `${SEED} "Distanța"`],
    [7, 6, '16,67', `${SEED} "Distanța"`],
    [8, 6, '16,67', `${SEED} "Distanța"`],
    [9, 5, '13,89', `${SEED} "Distanța"`],
    [10, 3, '8,33', `${SEED} "Distanța"`],
    [11, 2, '5,56', `${SEED} "Distanța"`],
    [12, 3, '8,33', `${SEED} "Distanța"`],
    [15, 1, '2,78', `${SEED} "Distanța"`],
    [16, 1, '2,78', `${SEED} "Distanța"`],
    [18, 1, '2,78', `${SEED} "Distanța"`],
    [20, 1, '2,78', `${SEED} "Distanța"`],
    [24, 1, '2,78', `${SEED} "Distanța"`],
  ];
  const table = directShotsByDistance();

  it('lists exactly the distances of the seed, in order', () => {
    expect(table.map((r) => r.distance)).toEqual(rows.map(([d]) => d));
  });

  it.each(rows)('distance %i: %i rolls of 36 (%s%%; %s)', (distance, rolls, printed) => {
    const row = table.find((r) => r.distance === distance);
    expect(row?.rolls).toBe(rolls);
    expect(percent(row?.probability ?? Number.NaN)).toBe(printed);
  });

  it('cannot reach 13 or 14 in one roll (seed: "13 sau 14 nu pot fi acoperite")', () => {
    expect(table.some((r) => r.distance === 13 || r.distance === 14)).toBe(false);
  });

  it('has its maximum at distance 6 (seed: "cea mai mare din tabel")', () => {
    const best = table.reduce((a, b) => (b.rolls > a.rolls ? b : a));
    expect(best.distance).toBe(6);
  });
});

describe('distancesCovered', () => {
  it('a non-double covers each die and the sum (hand-checked: 5-2 → 2, 5, 7)', () => {
    expect([...distancesCovered(5, 2)].sort((a, b) => a - b)).toEqual([2, 5, 7]);
  });
  it('a double covers one to four times the die (hand-checked: 3-3 → 3, 6, 9, 12)', () => {
    expect([...distancesCovered(3, 3)].sort((a, b) => a - b)).toEqual([3, 6, 9, 12]);
  });
});
