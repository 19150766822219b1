import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sigmoid } from '../src/nn/forward.js';
import { fastSigmoid } from '../src/nn/sigmoid.js';

describe('the table sigmoid', () => {
  it('is within 2e-7 of the exact logistic function everywhere', () => {
    fc.assert(
      fc.property(fc.double({ min: -60, max: 60, noNaN: true }), (x) => {
        expect(Math.abs(fastSigmoid(x) - sigmoid(x))).toBeLessThan(2e-7);
      }),
      { numRuns: 5000 },
    );
    // Every table interval's midpoint, where linear interpolation is furthest off.
    let worst = 0;
    for (let x = -16 + 1 / 512; x < 16; x += 1 / 256) worst = Math.max(worst, Math.abs(fastSigmoid(x) - sigmoid(x)));
    expect(worst).toBeLessThan(2e-7);
    expect(worst).toBeGreaterThan(0);
  });

  it('never decreases, keeps 0.5 at 0 and stays inside [0, 1]', () => {
    let last = 0;
    for (let x = -20; x <= 20; x += 1 / 1000) {
      const y = fastSigmoid(x);
      expect(y).toBeGreaterThanOrEqual(last);
      last = y;
    }
    expect(fastSigmoid(0)).toBe(0.5);
    expect(fastSigmoid(-1e9)).toBe(0);
    expect(fastSigmoid(1e9)).toBe(1);
    expect(Number.isNaN(fastSigmoid(Number.NaN))).toBe(true);
  });
});
