import { type Evaluator, equityOf, FILTER_WIDTH, OUTPUTS } from '@zar/bot';
import { BOARD_LENGTH, FAST_MAX_PLAYS, fastPlaysBuffer, swapHalves } from '@zar/engine';

/**
 * The indices of the `k` best of `count` plays, best first, keeping only those within the 1-ply
 * filter's FILTER_WIDTH of the best. `probs` holds each play's five
 * probabilities as the evaluator's `evaluateChildren` writes them: from the opponent's view, so
 * the mover's best have the lowest equity. Ties keep the generator's order.
 */
export function bestPlaysWithin(probs: Float32Array, count: number, k: number): number[] {
  const order = Array.from({ length: count }, (_, i) => i).sort(
    (a, b) => equityOf(probs, a * OUTPUTS) - equityOf(probs, b * OUTPUTS),
  );
  const top = count > 0 ? -equityOf(probs, (order[0] as number) * OUTPUTS) : 0;
  const best: number[] = [];
  for (let i = 0; i < Math.min(k, count); i++) {
    const j = order[i] as number;
    if (-equityOf(probs, j * OUTPUTS) < top - FILTER_WIDTH) break;
    best.push(j);
  }
  return best;
}

/**
 * Calls `keep` with the positions (opponent on roll) left by the `k` best 0-ply plays of a
 * roll from `board`, those within the 1-ply filter's width of the best: the positions whose
 * values decide which play 1-ply chooses.
 */
export function candidateSampler(
  ev: Evaluator,
  k: number,
  roll: () => readonly [number, number],
): (board: Int8Array, keep: (b: Int8Array) => void) => void {
  const plays = fastPlaysBuffer();
  const probs = new Float32Array(FAST_MAX_PLAYS * OUTPUTS);
  const child = new Int8Array(BOARD_LENGTH);
  return (board, keep) => {
    const [d1, d2] = roll();
    const n = ev.evaluateChildren(board, d1, d2, plays, probs);
    for (const j of bestPlaysWithin(probs, n, k)) {
      child.set(plays.subarray(j * BOARD_LENGTH, (j + 1) * BOARD_LENGTH));
      swapHalves(child);
      keep(child);
    }
  };
}
