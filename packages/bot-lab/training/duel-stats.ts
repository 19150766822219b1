/** The result of a duplicate-dice duel, from the first-named side. */
export interface DuelStats {
  readonly games: number;
  readonly ppg: number;
  /** Half-width of the 95% interval of ppg, from the spread of the duplicate pairs. */
  readonly ci95: number;
  readonly winRate: number;
}

/** The dice seed of duplicate pair `i` of a duel seeded `seed`: both games of the pair use it. */
export const pairSeed = (seed: number, i: number): number =>
  (Math.imul(seed, 0x9e3779b1) ^ Math.imul(i + 1, 0x85ebca6b)) >>> 0;

/**
 * Sums duplicate pairs: `x` is what the first side scored moving first, `y` what it scored
 * on the same dice moving second, so the luck of the dice mostly cancels within a pair.
 */
export class PairTally {
  private pairs = 0;
  private sum = 0;
  private sumSq = 0;
  private wins = 0;

  add(x: number, y: number): void {
    const pair = (x + y) / 2;
    this.pairs++;
    this.sum += pair;
    this.sumSq += pair * pair;
    this.wins += (x > 0 ? 1 : 0) + (y > 0 ? 1 : 0);
  }

  stats(): DuelStats {
    const n = this.pairs;
    const mean = this.sum / Math.max(1, n);
    const variance = Math.max(0, this.sumSq / Math.max(1, n) - mean * mean) * (n / Math.max(1, n - 1));
    return {
      games: 2 * n,
      ppg: mean,
      ci95: (1.96 * Math.sqrt(variance)) / Math.sqrt(Math.max(1, n)),
      winRate: this.wins / Math.max(1, 2 * n),
    };
  }
}

/** Mean and 95% interval half-width of a sample (normal approximation). */
export function meanCi(xs: readonly number[]): { mean: number; ci95: number } {
  const n = xs.length;
  const mean = xs.reduce((s, x) => s + x, 0) / Math.max(1, n);
  const v = n > 1 ? xs.reduce((s, x) => s + (x - mean) ** 2, 0) / (n - 1) : 0;
  return { mean, ci95: (1.96 * Math.sqrt(v)) / Math.sqrt(Math.max(1, n)) };
}
