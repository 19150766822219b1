/**
 * Pearson's chi-square goodness of fit and its p-value, for the dice statistics.
 *
 * The p-value is the upper regularized incomplete gamma function Q(k/2, x/2), computed as in
 * Numerical Recipes (3rd ed., §6.1–6.2): a series for P when x < a + 1, Lentz's continued
 * fraction for Q otherwise, and ln Γ by Lanczos' approximation. It is written here rather than
 * imported: the one well-kept library that has it (@stdlib/math-base-special-gammainc) brings
 * about forty packages on caret ranges and a native-addon manifest into a layer that also runs
 * in the browser, and the others (jstat, chi-squared) ship no types or are unmaintained. Fifty
 * lines, checked against a standard table to 1e-6 in the tests, are the smaller risk.
 */

/** Lanczos' coefficients for γ = 5, n = 6 (Numerical Recipes' gammln): |error| < 2e-10. */
const LANCZOS = [
  76.18009172947146, -86.50532032941678, 24.01409824083091, -1.231739572450155, 0.1208650973866179e-2,
  -0.5395239384953e-5,
];

/** ln Γ(x) for x > 0. */
export function lnGamma(x: number): number {
  let y = x;
  const t = x + 5.5 - (x + 0.5) * Math.log(x + 5.5);
  let series = 1.000000000190015;
  for (const c of LANCZOS) series += c / ++y;
  return -t + Math.log((2.5066282746310007 * series) / x);
}

const EPS = 1e-15;
const TINY = 1e-300;
const MAX_ITERATIONS = 10_000;

/** P(a, x) by its series; converges fast for x < a + 1. */
function lowerSeries(a: number, x: number): number {
  let ap = a;
  let term = 1 / a;
  let sum = term;
  for (let n = 0; n < MAX_ITERATIONS; n++) {
    term *= x / ++ap;
    sum += term;
    if (Math.abs(term) < Math.abs(sum) * EPS) break;
  }
  return sum * Math.exp(-x + a * Math.log(x) - lnGamma(a));
}

/** Q(a, x) by its continued fraction (modified Lentz); converges fast for x ≥ a + 1. */
function upperFraction(a: number, x: number): number {
  let b = x + 1 - a;
  let c = 1 / TINY;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < MAX_ITERATIONS; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < TINY) d = TINY;
    c = b + an / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < EPS) break;
  }
  return Math.exp(-x + a * Math.log(x) - lnGamma(a)) * h;
}

/**
 * The upper regularized incomplete gamma function Q(a, x) = Γ(a, x) / Γ(a), for a > 0 and
 * x ≥ 0; NaN outside that domain. Clamped to [0, 1] against rounding.
 */
export function upperGammaQ(a: number, x: number): number {
  if (!(a > 0) || !(x >= 0) || !Number.isFinite(a)) return Number.NaN;
  if (x === 0) return 1;
  if (x === Number.POSITIVE_INFINITY) return 0;
  const q = x < a + 1 ? 1 - lowerSeries(a, x) : upperFraction(a, x);
  return Math.min(1, Math.max(0, q));
}

/** P(X ≥ statistic) for X chi-square with `degreesOfFreedom` (a positive integer). */
export function chiSquarePValue(statistic: number, degreesOfFreedom: number): number {
  if (!Number.isInteger(degreesOfFreedom) || degreesOfFreedom < 1 || Number.isNaN(statistic)) return Number.NaN;
  if (statistic <= 0) return 1;
  return upperGammaQ(degreesOfFreedom / 2, statistic / 2);
}

export interface ChiSquareTest {
  /** Σ (observed − expected)² / expected. */
  readonly statistic: number;
  readonly degreesOfFreedom: number;
  /** The chance of a statistic at least this large from fair dice. */
  readonly pValue: number;
  /** How many observations the test was run on. */
  readonly observations: number;
  /**
   * Whether every category expects at least 5 observations, the usual condition for the
   * chi-square approximation to hold; below it the p-value is only indicative.
   */
  readonly reliable: boolean;
}

/**
 * Goodness of fit of `observed` counts to the category `probabilities` (which sum to 1, one per
 * category, each > 0). Null when there is nothing to test: no observations, or the lists differ
 * in length, or fewer than two categories.
 */
export function chiSquareTest(observed: readonly number[], probabilities: readonly number[]): ChiSquareTest | null {
  if (observed.length !== probabilities.length || observed.length < 2) return null;
  const n = observed.reduce((s, o) => s + o, 0);
  if (!(n > 0)) return null;
  let statistic = 0;
  let minExpected = Number.POSITIVE_INFINITY;
  for (let i = 0; i < observed.length; i++) {
    const expected = n * (probabilities[i] as number);
    const diff = (observed[i] as number) - expected;
    statistic += (diff * diff) / expected;
    minExpected = Math.min(minExpected, expected);
  }
  const degreesOfFreedom = observed.length - 1;
  return {
    statistic,
    degreesOfFreedom,
    pValue: chiSquarePValue(statistic, degreesOfFreedom),
    observations: n,
    reliable: minExpected >= 5,
  };
}
