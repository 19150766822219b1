import { OUTPUTS, type Random } from '@zar/bot';

/**
 * Comparison training (after Tesauro's comparison paradigm): a decision only needs the candidates'
 * equities right against each other, yet a squared error on each position alone spends the net's
 * effort on errors that all of a decision's candidates share. The compare term is
 *
 *   P = (λ / 2) · Σ_i (r_i − r̄)²,   r_i = net equity − label equity of candidate i,
 *
 * over the candidates of one decision (r̄ their mean): zero when every candidate is off by the same
 * amount, whatever that is. Its gradient at the output sums z of candidate i is
 * λ (r_i − r̄) · ∂E/∂y_k · y_k (1 − y_k), with E = 2w − 1 + wg + wbg − lg − lbg.
 */
const EQUITY_WEIGHTS = [2, 1, 1, -1, -1] as const;

/** Each candidate's equity error, reused across calls: a decision has a handful of candidates. */
let residual = new Float64Array(8);

/**
 * The targets that make the usual cross-entropy step (its signal at the output sums is
 * `y − target`) also take the compare term's step: `out = targets − dP/dz`, for the `m`
 * candidates of one decision, whose current outputs are `probs` and labels `targets` (five per
 * candidate, in order). Returns the compare term P itself.
 */
export function compareTargets(
  probs: ArrayLike<number>,
  targets: ArrayLike<number>,
  m: number,
  lambda: number,
  out: Float32Array,
): number {
  let mean = 0;
  if (residual.length < m) residual = new Float64Array(m);
  for (let i = 0; i < m; i++) {
    let r = 0;
    for (let k = 0; k < OUTPUTS; k++) {
      const c = EQUITY_WEIGHTS[k] as number;
      r += c * ((probs[i * OUTPUTS + k] as number) - (targets[i * OUTPUTS + k] as number));
    }
    residual[i] = r;
    mean += r;
  }
  mean /= Math.max(1, m);
  let penalty = 0;
  for (let i = 0; i < m; i++) {
    const d = (residual[i] as number) - mean;
    penalty += d * d;
    for (let k = 0; k < OUTPUTS; k++) {
      const y = probs[i * OUTPUTS + k] as number;
      const c = EQUITY_WEIGHTS[k] as number;
      out[i * OUTPUTS + k] = (targets[i * OUTPUTS + k] as number) - lambda * d * c * y * (1 - y);
    }
  }
  return (lambda / 2) * penalty;
}

/** Decisions as [start, end) ranges of `count` positions, from `groupStarts` (empty ones dropped). */
export function groupRanges(groupStarts: readonly number[], count: number): [number, number][] {
  const ranges: [number, number][] = [];
  for (let g = 0; g < groupStarts.length; g++) {
    const a = groupStarts[g] as number;
    const b = Math.min(count, g + 1 < groupStarts.length ? (groupStarts[g + 1] as number) : count);
    if (b > a) ranges.push([a, b]);
  }
  return ranges;
}

/** Fisher–Yates shuffle in place, with the round's stream. */
export function shuffle<T>(items: T[], random: Random): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
}
