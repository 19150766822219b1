import { INPUTS, OUTPUTS, POINT_INPUTS, randomNetwork, seededRandom } from '@zar/bot';
import { describe, expect, it } from 'vitest';
import { widenNetwork } from '../training/nets.js';
import { expectSameOutputs } from './support/nets.js';

describe('widening a net to more dense inputs', () => {
  it('changes nothing the net computes, whatever the new inputs are', () => {
    const random = seededRandom(3);
    const narrow = randomNetwork(POINT_INPUTS + 4, 16, OUTPUTS, random);
    const wide = widenNetwork(narrow, INPUTS);
    expectSameOutputs(narrow, wide);
    expect(() => widenNetwork(wide, narrow.inputs)).toThrow();
  });
});
