import { BOARD_LENGTH, FAST_MAX_PLAYS, fastPlaysBuffer, swapHalves } from '@zar/engine';
import { type BestPlay, classify, type Evaluator, equityOf, OUTPUTS, RACE } from './evaluator.js';

/** gnubg's "normal" move filter: at most 8 candidates, within 0.16 of the best at 0-ply. */
export const FILTER_COUNT = 8;
export const FILTER_WIDTH = 0.16;

/** The 21 distinct rolls and their weights out of 36. */
const ROLLS: readonly (readonly [number, number, number])[] = (() => {
  const r: [number, number, number][] = [];
  for (let a = 1; a <= 6; a++) for (let b = a; b <= 6; b++) r.push([a, b, a === b ? 1 : 2]);
  return r;
})();

export interface OnePlySearch {
  /**
   * The best play of `d1`-`d2` from `board` (side on roll's view) at 1-ply: the 0-ply
   * candidates that pass the filter are each scored by the average, over the opponent's 21
   * rolls, of the mover's equity after the opponent's best 0-ply reply. Play boards are left
   * in `plays` (from the mover's view, as the fast generator writes them).
   */
  bestPlay1ply(board: Int8Array, d1: number, d2: number, plays: Int8Array): BestPlay;
  /** The 1-ply cubeless equity of a position for the side on roll (its own view). */
  equity1ply(board: Int8Array): number;
  /**
   * The 1-ply probabilities of a position for the side on roll (its own view), at `out[at..]`:
   * over the 21 rolls, the probabilities after its best 0-ply play, weighted by the roll's chance.
   */
  probabilities1ply(board: Int8Array, out: Float32Array, at: number): void;
}

export function createOnePlySearch(ev: Evaluator): OnePlySearch {
  const probs = new Float32Array(FAST_MAX_PLAYS * OUTPUTS);
  const replyPlays = fastPlaysBuffer();
  const replyProbs = new Float32Array(FAST_MAX_PLAYS * OUTPUTS);
  const opp = new Int8Array(BOARD_LENGTH);
  const order = new Int32Array(FAST_MAX_PLAYS);
  const zeroPly = new Float64Array(FAST_MAX_PLAYS);
  const best: BestPlay = { index: -1, count: 0, equity: 0 };

  const view = new Int8Array(BOARD_LENGTH);
  const equity1ply = (board: Int8Array): number => {
    let sum = 0;
    for (const [a, b, w] of ROLLS) {
      const n = ev.evaluateChildren(board, a, b, replyPlays, replyProbs);
      let e = Number.NEGATIVE_INFINITY;
      if (n === 0) {
        opp.set(board);
        swapHalves(opp);
        ev.evaluate(opp, replyProbs, 0);
        e = -equityOf(replyProbs, 0);
      } else for (let k = 0; k < n; k++) e = Math.max(e, -equityOf(replyProbs, k * OUTPUTS));
      sum += w * e;
    }
    return sum / 36;
  };

  const acc = new Float64Array(OUTPUTS);
  const probabilities1ply = (board: Int8Array, out: Float32Array, at: number): void => {
    acc.fill(0);
    for (const [a, b, w] of ROLLS) {
      const n = ev.evaluateChildren(board, a, b, replyPlays, replyProbs);
      let at2 = 0;
      if (n === 0) {
        opp.set(board);
        swapHalves(opp);
        ev.evaluate(opp, replyProbs, 0);
      } else {
        let e = Number.NEGATIVE_INFINITY;
        for (let k = 0; k < n; k++) {
          const v = -equityOf(replyProbs, k * OUTPUTS);
          if (v > e) {
            e = v;
            at2 = k * OUTPUTS;
          }
        }
      }
      // The chosen child's probabilities are the opponent's; turn them round.
      acc[0] = (acc[0] as number) + w * (1 - (replyProbs[at2] as number));
      acc[1] = (acc[1] as number) + w * (replyProbs[at2 + 3] as number);
      acc[2] = (acc[2] as number) + w * (replyProbs[at2 + 4] as number);
      acc[3] = (acc[3] as number) + w * (replyProbs[at2 + 1] as number);
      acc[4] = (acc[4] as number) + w * (replyProbs[at2 + 2] as number);
    }
    for (let k = 0; k < OUTPUTS; k++) out[at + k] = (acc[k] as number) / 36;
  };

  return {
    probabilities1ply,
    bestPlay1ply(board, d1, d2, plays) {
      const count = ev.evaluateChildren(board, d1, d2, plays, probs);
      best.index = -1;
      best.count = count;
      best.equity = Number.NEGATIVE_INFINITY;
      if (count === 0) return best;
      let top = Number.NEGATIVE_INFINITY;
      for (let k = 0; k < count; k++) {
        zeroPly[k] = -equityOf(probs, k * OUTPUTS);
        order[k] = k;
        if ((zeroPly[k] as number) > top) top = zeroPly[k] as number;
      }
      const sorted = Array.from(order.subarray(0, count)).sort(
        (x, y) => (zeroPly[y] as number) - (zeroPly[x] as number),
      );
      for (let i = 0; i < sorted.length && i < FILTER_COUNT; i++) {
        const k = sorted[i] as number;
        if ((zeroPly[k] as number) < top - FILTER_WIDTH) break;
        const child = plays.subarray(k * BOARD_LENGTH, (k + 1) * BOARD_LENGTH);
        let e = zeroPly[k] as number;
        // Finished games and bearoffs are exact at 0-ply already.
        if (classify(child, 26) >= RACE) {
          view.set(child);
          swapHalves(view);
          e = -equity1ply(view);
        }
        if (e > best.equity) {
          best.equity = e;
          best.index = k;
        }
      }
      return best;
    },
    equity1ply,
  };
}
