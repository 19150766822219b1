import { OUTPUTS, POINT_INPUTS, randomNetwork, seededRandom } from '@zar/bot';
import { describe, expect, it } from 'vitest';
import { growHidden } from '../training/nets.js';
import { expectSameOutputs } from './support/nets.js';

describe('growing a net to more hidden units', () => {
  it('changes nothing the net computes, and the new units can learn', () => {
    const small = randomNetwork(POINT_INPUTS + 4, 16, OUTPUTS, seededRandom(5));
    const grown = growHidden(small, 40, seededRandom(6));
    expect(grown.hidden).toBe(40);
    expectSameOutputs(small, grown);
    // The new units' first-layer weights are not all zero: a unit that sees nothing never learns.
    const fresh = Array.from({ length: grown.inputs }, (_, i) => grown.w1[i * 40 + 30] as number);
    expect(fresh.some((w) => w !== 0)).toBe(true);
    expect(() => growHidden(grown, 20, seededRandom(7))).toThrow();
  });
});
