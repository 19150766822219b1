import { describe, expect, it } from 'vitest';
import { netsId, parsePool, setTag } from '../training/refine-sets.js';

describe('refinement position sets', () => {
  const options = { nets: '0ed53bfa91', wanted: 400_000, candidates: 4, plies: 1, sample: 0.125 };

  it('names a set by the nets that label it and by every choice that changes its positions', () => {
    expect(setTag(options, { seed: 26, explore: 0 })).toBe('refine-0ed53bfa91-26-400000-c4-s0.125');
    expect(setTag(options, { seed: 27, explore: 0.1 })).toBe('refine-0ed53bfa91-27-400000-c4-s0.125-e0.1');
    expect(setTag({ ...options, plies: 2, sample: 1, candidates: 0 }, { seed: 7, explore: 0 })).toBe(
      'refine-0ed53bfa91-7-400000-p2',
    );
  });

  it('fingerprints nets by their weights, so two refinements of one TD run never share a cache', () => {
    const a = { contact: { w1: 'AAAA' }, race: { w1: 'AAAA' } };
    const b = { contact: { w1: 'AAAB' }, race: { w1: 'AAAA' } };
    expect(netsId(a)).toMatch(/^[0-9a-f]{10}$/);
    expect(netsId(a)).toBe(netsId(structuredClone(a)));
    expect(netsId(a)).not.toBe(netsId(b));
  });

  it('reads a pool of seeds with optional explore rates', () => {
    expect(parsePool(undefined)).toEqual([]);
    expect(parsePool('27:0.1,29,30:0.25')).toEqual([
      { seed: 27, explore: 0.1 },
      { seed: 29, explore: 0 },
      { seed: 30, explore: 0.25 },
    ]);
    expect(() => parsePool('x')).toThrow(/integer seed/);
    expect(() => parsePool('27:2')).toThrow(/not in \[0, 1\]/);
    expect(() => parsePool('27,,29')).toThrow(/integer seed/);
    expect(() => parsePool('27:')).toThrow(/not in \[0, 1\]/);
  });
});
