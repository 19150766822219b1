import { equityOf, OUTPUTS } from '@zar/bot';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareTargets, groupRanges } from '../training/compare.js';

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** The compare term as its definition says: (λ/2) Σ (r_i − r̄)², r = net equity − label equity. */
function penalty(probs: number[], targets: number[], m: number, lambda: number): number {
  const r = Array.from({ length: m }, (_, i) => equityOf(probs, i * OUTPUTS) - equityOf(targets, i * OUTPUTS));
  const mean = r.reduce((a, b) => a + b, 0) / m;
  return (lambda / 2) * r.reduce((a, x) => a + (x - mean) ** 2, 0);
}

const group = fc.integer({ min: 1, max: 4 }).chain((m) =>
  fc.record({
    m: fc.constant(m),
    z: fc.array(fc.double({ min: -4, max: 4, noNaN: true }), { minLength: m * OUTPUTS, maxLength: m * OUTPUTS }),
    t: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: m * OUTPUTS, maxLength: m * OUTPUTS }),
    lambda: fc.double({ min: 0.1, max: 4, noNaN: true }),
  }),
);

describe('compare term', () => {
  it('moves each target by the gradient of the term at the output sums (checked by finite differences)', () => {
    fc.assert(
      fc.property(group, ({ m, z, t, lambda }) => {
        const y = z.map(sigmoid);
        const out = new Float32Array(m * OUTPUTS);
        const p = compareTargets(y, t, m, lambda, out);
        expect(p).toBeCloseTo(penalty(y, t, m, lambda), 9);
        const h = 1e-6;
        for (let j = 0; j < m * OUTPUTS; j++) {
          const up = z.slice();
          const down = z.slice();
          up[j] = (up[j] as number) + h;
          down[j] = (down[j] as number) - h;
          const numeric = (penalty(up.map(sigmoid), t, m, lambda) - penalty(down.map(sigmoid), t, m, lambda)) / (2 * h);
          // The cross-entropy's signal is y − target; the adjusted target adds dP/dz to it.
          expect((t[j] as number) - (out[j] as number)).toBeCloseTo(numeric, 4);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('leaves a lone candidate and errors that every candidate shares untouched', () => {
    const y = [0.6, 0.2, 0.01, 0.1, 0.005];
    const out = new Float32Array(OUTPUTS);
    expect(compareTargets(y, [0.5, 0.1, 0, 0.2, 0], 1, 2, out)).toBe(0);
    expect(Array.from(out)).toEqual(Array.from(Float32Array.from([0.5, 0.1, 0, 0.2, 0])));
    // Two candidates each 0.1 too high in win chance: the same equity error, so no compare step.
    const probs = [0.6, 0.2, 0.01, 0.1, 0.005, 0.4, 0.1, 0, 0.2, 0.01];
    const labels = probs.map((v, k) => (k % OUTPUTS === 0 ? v - 0.1 : v));
    const two = new Float32Array(2 * OUTPUTS);
    expect(compareTargets(probs, labels, 2, 2, two)).toBeCloseTo(0, 12);
    for (let k = 0; k < two.length; k++) expect(two[k]).toBeCloseTo(labels[k] as number, 6);
  });

  it('pulls the candidate the net overrates down and the one it underrates up', () => {
    // The labels say both are worth the same; the net rates the first higher.
    const probs = [0.6, 0, 0, 0.1, 0, 0.5, 0, 0, 0.1, 0];
    const labels = [0.55, 0, 0, 0.1, 0, 0.55, 0, 0, 0.1, 0];
    const out = new Float32Array(2 * OUTPUTS);
    compareTargets(probs, labels, 2, 1, out);
    expect(out[0]).toBeLessThan(0.55);
    expect(out[OUTPUTS]).toBeGreaterThan(0.55);
    // Lose-gammon counts against equity, so its target moves the other way.
    expect(out[3]).toBeGreaterThan(0.1);
    expect(out[OUTPUTS + 3]).toBeLessThan(0.1);
  });

  it('turns group starts into decisions, dropping empty ones and clipping the last to the count', () => {
    expect(groupRanges([0, 3, 3, 4, 9], 7)).toEqual([
      [0, 3],
      [3, 4],
      [4, 7],
    ]);
    expect(groupRanges([], 5)).toEqual([]);
  });
});
