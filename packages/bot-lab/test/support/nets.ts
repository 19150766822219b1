import { forwardDense, type Network } from '@zar/bot';
import fc from 'fast-check';
import { expect } from 'vitest';

/**
 * Asserts that `b` computes exactly what `a` does for any inputs in [0, 2]; `b` may take more
 * inputs than `a`, which then sees only the first of them.
 */
export function expectSameOutputs(a: Network, b: Network): void {
  fc.assert(
    fc.property(
      fc.array(fc.float({ min: 0, max: 2, noNaN: true }), { minLength: b.inputs, maxLength: b.inputs }),
      (x) => {
        const outA = new Float32Array(a.outputs);
        const outB = new Float32Array(b.outputs);
        forwardDense(a, x.slice(0, a.inputs), outA);
        forwardDense(b, x, outB);
        expect(Array.from(outB)).toEqual(Array.from(outA));
      },
    ),
    { numRuns: 30 },
  );
}
