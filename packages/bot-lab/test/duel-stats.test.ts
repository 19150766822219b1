import { describe, expect, it } from 'vitest';
import { meanCi, PairTally, pairSeed } from '../training/duel-stats.js';

describe('duplicate-pair statistics', () => {
  it('averages pairs, counts wins per game and takes the interval from the pairs’ spread', () => {
    const t = new PairTally();
    // Pairs (x, y): means 1, 0 and -0.5 (hand-computed below).
    t.add(2, 0);
    t.add(1, -1);
    t.add(-1, 0);
    const s = t.stats();
    expect(s.games).toBe(6);
    expect(s.ppg).toBeCloseTo(1 / 6, 12);
    // Wins: 2 (first pair, one game), 1 (second), 0 (third) → 2 of 6 games.
    expect(s.winRate).toBeCloseTo(2 / 6, 12);
    // Sample variance of {1, 0, -0.5} with mean 1/6: (25/36 + 1/36 + 4/9) / 2 = 7/12.
    expect(s.ci95).toBeCloseTo((1.96 * Math.sqrt(7 / 12)) / Math.sqrt(3), 12);
  });

  it('has no interval and no games before the first pair', () => {
    expect(new PairTally().stats()).toEqual({ games: 0, ppg: 0, ci95: 0, winRate: 0 });
  });

  it('gives each pair of a duel its own seed, the same on every run', () => {
    const seeds = Array.from({ length: 1000 }, (_, i) => pairSeed(7, i));
    expect(new Set(seeds).size).toBe(1000);
    expect(pairSeed(7, 3)).toBe(seeds[3]);
    expect(pairSeed(8, 3)).not.toBe(seeds[3]);
  });
});

describe('mean with a 95% interval', () => {
  it('takes the half-width from the sample standard deviation', () => {
    // 1, 2, 3, 4: mean 2.5, sample variance 5/3, half-width 1.96 × √(5/3) / 2.
    const { mean, ci95 } = meanCi([1, 2, 3, 4]);
    expect(mean).toBe(2.5);
    expect(ci95).toBeCloseTo((1.96 * Math.sqrt(5 / 3)) / 2, 10);
    expect(meanCi([7])).toEqual({ mean: 7, ci95: 0 });
  });
});
