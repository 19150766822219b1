import { describe, expect, it } from 'vitest';
import { dealRuns, parseSuite, STANDARD_SUITES } from '../bench/suite-plan.js';

describe('bench suite plan', () => {
  it('reads seed:pairs lists in order', () => {
    expect(parseSuite('7:500, 8:1000')).toEqual({
      ok: true,
      runs: [
        { seed: 7, pairs: 500 },
        { seed: 8, pairs: 1000 },
      ],
    });
  });

  it.each([
    ['7', 'is not one'],
    ['7:500,,8:10', 'is not one'],
    ['7:0', 'has no pairs'],
    ['7:5,7:6', 'appears twice'],
    ['x:5', 'is not one'],
  ])('refuses %s', (text, message) => {
    const r = parseSuite(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toContain(message);
  });

  it('deals the standard 0-ply suite into two equal streams', () => {
    const streams = dealRuns(STANDARD_SUITES[0], 2);
    expect(streams.map((s) => s.reduce((n, r) => n + r.pairs, 0))).toEqual([1500, 1500]);
    expect(
      streams
        .flat()
        .map((r) => r.seed)
        .sort((a, b) => a - b),
    ).toEqual([7, 8, 9, 10]);
  });

  it('never makes more streams than runs, and keeps every run once', () => {
    expect(dealRuns(STANDARD_SUITES[1], 8)).toHaveLength(4);
    expect(dealRuns(STANDARD_SUITES[1], 1)).toEqual([[...STANDARD_SUITES[1]]]);
    expect(() => dealRuns(STANDARD_SUITES[1], 0)).toThrow();
  });
});
