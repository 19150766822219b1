import { type BestPlay, bestChild, type Evaluator, OUTPUTS } from '@zar/bot';
import { FAST_MAX_PLAYS, fastPlaysBuffer } from '@zar/engine';

/**
 * An evaluator that averages the five probabilities of several evaluators (an ensemble of nets).
 * The first one's nets and bearoff database stand for it; every evaluator generates the same
 * plays in the same order, so children line up.
 */
export function ensemble(evs: readonly Evaluator[]): Evaluator {
  const first = evs[0];
  if (!first) throw new Error('an ensemble needs at least one evaluator');
  const one = new Float32Array(OUTPUTS);
  const plays = fastPlaysBuffer();
  const probs = new Float32Array(FAST_MAX_PLAYS * OUTPUTS);
  const best: BestPlay = { index: -1, count: 0, equity: 0 };
  const m = evs.length;
  const evaluateChildren = (board: Int8Array, d1: number, d2: number, out: Int8Array, p: Float32Array) => {
    const n = first.evaluateChildren(board, d1, d2, out, p);
    for (let e = 1; e < m; e++) {
      (evs[e] as Evaluator).evaluateChildren(board, d1, d2, plays, probs);
      for (let i = 0; i < n * OUTPUTS; i++) p[i] = (p[i] as number) + (probs[i] as number);
    }
    for (let i = 0; i < n * OUTPUTS; i++) p[i] = (p[i] as number) / m;
    return n;
  };
  const average = (run: (ev: Evaluator, out: Float32Array, at: number) => void, out: Float32Array, at: number) => {
    run(first, out, at);
    for (let e = 1; e < m; e++) {
      run(evs[e] as Evaluator, one, 0);
      for (let k = 0; k < OUTPUTS; k++) out[at + k] = (out[at + k] as number) + (one[k] as number);
    }
    for (let k = 0; k < OUTPUTS; k++) out[at + k] = (out[at + k] as number) / m;
  };
  return {
    nets: first.nets,
    bearoff: first.bearoff,
    evaluate(board, out, at = 0) {
      average((ev, o, a) => ev.evaluate(board, o, a), out, at);
    },
    evaluateRot(board, rot, out, at) {
      average((ev, o, a) => ev.evaluateRot(board, rot, o, a), out, at);
    },
    evaluateChildren,
    bestPlay0ply: (board, d1, d2, out, p) => bestChild(p, evaluateChildren(board, d1, d2, out, p), best),
  };
}
