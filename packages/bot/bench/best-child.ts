import { type BestPlay, equityOf, OUTPUTS } from '../src/evaluator.js';

/**
 * Fills `best` with the child of `n` (probabilities from the opponent's view at `probs[5k..]`)
 * that is best for the mover: what `Evaluator.bestPlay0ply` returns, for the evaluators that
 * wrap another one in the benchmarks.
 */
export function bestChild(probs: Float32Array, n: number, best: BestPlay): BestPlay {
  best.index = -1;
  best.count = n;
  best.equity = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    const e = -equityOf(probs, i * OUTPUTS);
    if (e > best.equity) {
      best.equity = e;
      best.index = i;
    }
  }
  return best;
}
