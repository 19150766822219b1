import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chiSquarePValue, chiSquareTest, lnGamma, upperGammaQ } from '../src/chi-square.js';

describe('lnGamma', () => {
  it('matches factorials and Γ(1/2) = √π', () => {
    expect(lnGamma(1)).toBeCloseTo(0, 9);
    expect(lnGamma(5)).toBeCloseTo(Math.log(24), 9);
    expect(lnGamma(11)).toBeCloseTo(Math.log(3628800), 9);
    expect(lnGamma(0.5)).toBeCloseTo(0.5 * Math.log(Math.PI), 9);
  });
});

describe('chiSquarePValue', () => {
  // Critical values from a standard chi-square table (NIST/SEMATECH e-Handbook, table 1.3.6.7.4):
  // the probability of exceeding each is the column's, to the table's rounding (< 1e-6 here).
  const table: readonly [df: number, x: number, p: number][] = [
    [5, 11.0705, 0.05],
    [20, 31.4104, 0.05],
    [5, 15.0863, 0.01],
    [20, 37.5662, 0.01],
    [5, 9.23636, 0.1],
    [20, 28.412, 0.1],
    [5, 1.14548, 0.95],
    [20, 10.8508, 0.95],
    [1, 3.84146, 0.05],
    [1, 6.6349, 0.01],
    [2, 5.99146, 0.05],
  ];
  it.each(table)('%i d.f.: P(X > %f) is the table value', (df, x, p) => {
    expect(Math.abs(chiSquarePValue(x, df) - p)).toBeLessThan(1e-6);
  });

  // The same points and some far from them, computed to 15 digits with mpmath's gammainc.
  const exact: readonly [df: number, x: number, p: number][] = [
    [5, 11.0705, 0.0499999554280437],
    [20, 31.4104, 0.0500003975338282],
    [20, 10.8508, 0.95000028155001],
    [10, 18.307, 0.0500005890913981],
    [5, 0.5, 0.99212329323263],
    [1, 0.001, 0.97477287936996],
    [35, 40, 0.257781381253131],
  ];
  it.each(exact)('Q(%i/2, %f/2) to 1e-9', (df, x, p) => {
    expect(Math.abs(chiSquarePValue(x, df) - p)).toBeLessThan(1e-9);
  });

  it('is exp(-x/2) for 2 d.f. and exp(-x/2)(1 + x/2) for 4', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 200, noNaN: true }), (x) => {
        expect(chiSquarePValue(x, 2)).toBeCloseTo(Math.exp(-x / 2), 12);
        expect(chiSquarePValue(x, 4)).toBeCloseTo(Math.exp(-x / 2) * (1 + x / 2), 12);
      }),
    );
  });

  it('far in the tail is tiny but not negative', () => {
    const p = chiSquarePValue(100, 20);
    expect(p).toBeGreaterThan(0);
    expect(Math.abs(p - 1.25960845916609e-12) / 1.25960845916609e-12).toBeLessThan(1e-6);
    expect(chiSquarePValue(1e6, 5)).toBe(0);
  });

  it('is in [0, 1] and never increases as the statistic grows', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.double({ min: 0, max: 500, noNaN: true }),
        fc.double({ min: 0, max: 500, noNaN: true }),
        (df, x, y) => {
          const [lo, hi] = x <= y ? [x, y] : [y, x];
          const pLo = chiSquarePValue(lo, df);
          const pHi = chiSquarePValue(hi, df);
          expect(pLo).toBeGreaterThanOrEqual(0);
          expect(pLo).toBeLessThanOrEqual(1);
          // Rounding where the series hands over to the continued fraction is far below 1e-12.
          expect(pHi).toBeLessThanOrEqual(pLo + 1e-12);
        },
      ),
    );
  });

  it('is 1 at 0 and NaN outside its domain', () => {
    expect(chiSquarePValue(0, 5)).toBe(1);
    expect(chiSquarePValue(-3, 5)).toBe(1);
    expect(chiSquarePValue(3, 0)).toBeNaN();
    expect(chiSquarePValue(3, 2.5)).toBeNaN();
    expect(chiSquarePValue(Number.NaN, 5)).toBeNaN();
    expect(upperGammaQ(-1, 2)).toBeNaN();
    expect(upperGammaQ(2, Number.POSITIVE_INFINITY)).toBe(0);
  });
});

describe('chiSquareTest', () => {
  it('computes the statistic of a worked example', () => {
    // 60 dice: expected 10 each; (5² + 0 + 0 + 0 + 5² + 0) / 10 = 5.
    const t = chiSquareTest(
      [5, 10, 10, 10, 15, 10],
      [1, 1, 1, 1, 1, 1].map((x) => x / 6),
    );
    expect(t?.statistic).toBeCloseTo(5, 12);
    expect(t?.degreesOfFreedom).toBe(5);
    expect(t?.observations).toBe(60);
    expect(t?.reliable).toBe(true);
    expect(t?.pValue).toBeCloseTo(0.415880186995508, 9);
  });

  it('has nothing to test without observations or with mismatched lists', () => {
    expect(chiSquareTest([0, 0], [0.5, 0.5])).toBeNull();
    expect(chiSquareTest([1, 2, 3], [0.5, 0.5])).toBeNull();
    expect(chiSquareTest([4], [1])).toBeNull();
  });

  it('is marked unreliable when a category expects fewer than 5', () => {
    expect(
      chiSquareTest(
        [3, 4, 5, 6, 7, 4],
        [1, 1, 1, 1, 1, 1].map((x) => x / 6),
      )?.reliable,
    ).toBe(false);
  });
});
