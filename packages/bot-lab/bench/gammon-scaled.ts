import { BEAROFF, type BestPlay, bestChild, classify, type Evaluator, OUTPUTS } from '@zar/bot';
import { BOARD_LENGTH } from '@zar/engine';

/**
 * An evaluator whose gammon chances (for either side; backgammons as they are) are `k` times the
 * net's, capped by the win or loss chance. Exact classes (bearoff, finished games) are left
 * alone. For measuring how far a gammon bias of the nets costs choices (`bench:choices`).
 */
export function gammonScaled(ev: Evaluator, k: number): Evaluator {
  const scale = (p: Float32Array, at: number): void => {
    const win = p[at] as number;
    p[at + 1] = Math.min(win, k * (p[at + 1] as number));
    p[at + 3] = Math.min(1 - win, k * (p[at + 3] as number));
  };
  const best: BestPlay = { index: -1, count: 0, equity: 0 };
  const evaluateChildren = (board: Int8Array, d1: number, d2: number, plays: Int8Array, probs: Float32Array) => {
    const n = ev.evaluateChildren(board, d1, d2, plays, probs);
    for (let i = 0; i < n; i++)
      if (classify(plays.subarray(i * BOARD_LENGTH, (i + 1) * BOARD_LENGTH), 26) > BEAROFF) scale(probs, i * OUTPUTS);
    return n;
  };
  return {
    nets: ev.nets,
    bearoff: ev.bearoff,
    evaluate(board, out, at = 0) {
      ev.evaluate(board, out, at);
      if (classify(board) > BEAROFF) scale(out, at);
    },
    evaluateRot(board, rot, out, at) {
      ev.evaluateRot(board, rot, out, at);
      if (classify(board, rot) > BEAROFF) scale(out, at);
    },
    evaluateChildren,
    bestPlay0ply: (board, d1, d2, plays, probs) =>
      bestChild(probs, evaluateChildren(board, d1, d2, plays, probs), best),
  };
}
