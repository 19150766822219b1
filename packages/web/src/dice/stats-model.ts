import { DICE_ROLLS, ROLL_PROBABILITIES } from '@zar/match';
import type { DiceStats, MatchLuck } from '@zar/protocol';

/*
 * What the dice statistics pages draw, computed from the server's counts: each face and each of
 * the 21 rolls against what fair dice give for the same number of throws, the doubles' share,
 * and the plain-language reading of a chi-square test.
 */

type ChiSquare = NonNullable<DiceStats['faceTest']>;

export interface Bar {
  readonly label: string;
  readonly observed: number;
  /** What fair dice give for as many throws. */
  readonly expected: number;
}

const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);

export function faceBars(stats: DiceStats): Bar[] {
  const total = sum(stats.faces);
  return stats.faces.map((observed, i) => ({ label: String(i + 1), observed, expected: total / 6 }));
}

export function rollBars(stats: DiceStats): Bar[] {
  const total = sum(stats.rolls);
  // The server counts the rolls in @zar/match's order (1-1, 1-2, …, 6-6), with its chances.
  return DICE_ROLLS.map(([a, b], i) => ({
    label: `${a}-${b}`,
    observed: stats.rolls[i] ?? 0,
    expected: total * (ROLL_PROBABILITIES[i] ?? 0),
  }));
}

/** Rolls counted in the 21 (the opening's single dice are not rolls). */
export const rollCount = (stats: DiceStats): number => sum(stats.rolls);

/** What a test says to a reader: nothing to test, too few to be sure, fair, or unusual. */
export type Reading = 'none' | 'small' | 'consistent' | 'unusual';

/** Below this p-value the page calls the dice unusual (one fair site in a hundred would be). */
export const UNUSUAL_P = 0.01;

export function reading(test: ChiSquare | null): Reading {
  if (test === null || test.observations === 0) return 'none';
  if (!test.reliable) return 'small';
  return test.pValue < UNUSUAL_P ? 'unusual' : 'consistent';
}

/** The bar with the most throws (the chart's description names it); null for no bars. */
export function largest(bars: readonly Bar[]): Bar | null {
  return bars.reduce<Bar | null>((best, b) => (best === null || b.observed > best.observed ? b : best), null);
}

/**
 * The least top an axis gets: a finer range shows nothing a reader could tell from zero, and
 * far below it the power of ten underflows (10 ** -324 is 0), which would leave the value above the top.
 */
const LEAST_TOP = 1e-6;

/**
 * A round top for a chart's axis at or above `max`: 1, 2 or 5 times a power of ten, so the
 * middle tick is a round number too.
 */
export function niceTop(max: number): number {
  if (!(max > 0)) return 1;
  if (max <= LEAST_TOP) return LEAST_TOP;
  const power = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 5, 10].find((m) => m * power >= max) ?? 10;
  return step * power;
}

/** The luck chart's matches, oldest first (time runs left to right), and its symmetric range. */
export function luckSeries(luck: readonly MatchLuck[]): { matches: MatchLuck[]; bound: number } {
  const matches = [...luck].sort((a, b) => a.at - b.at);
  const extreme = Math.max(0, ...matches.flatMap((m) => m.luck.map(Math.abs)));
  return { matches, bound: niceTop(extreme) };
}
