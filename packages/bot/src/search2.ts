import { BOARD_LENGTH, FAST_MAX_PLAYS, fastPlaysBuffer, swapHalves } from '@zar/engine';
import { BEAROFF, classify, type Evaluator, equityOf, flipProbabilities, OUTPUTS } from './evaluator.js';
import { FILTER_COUNT, FILTER_WIDTH } from './search.js';

/**
 * n-ply search in gnubg's sense, up to 2-ply. A position is worth, at n plies, the average over
 * the 21 rolls of the position after the best reply (chosen at 0-ply, as gnubg's lookahead
 * does) valued at n − 1 plies; 0-ply is the evaluator. Probabilities are averaged, not
 * equities, so that a caller can put a cube or a match score on top of them. A play is valued
 * by the position it leaves, so a "1-ply play" averages over the opponent's replies.
 *
 * Candidate plays go through gnubg-style filters: the 0-ply best 8 within 0.16, then for 2-ply
 * the 1-ply best 2 within 0.04 (gnubg's "world class" filter).
 */
export const MAX_PLIES = 2;
export const FILTER2_COUNT = 2;
export const FILTER2_WIDTH = 0.04;

/** The 21 distinct rolls and their weights out of 36. */
export const ROLLS: readonly (readonly [number, number, number])[] = (() => {
  const r: [number, number, number][] = [];
  for (let a = 1; a <= 6; a++) for (let b = a; b <= 6; b++) r.push([a, b, a === b ? 1 : 2]);
  return r;
})();

export interface RankedPlay {
  /** The board after the play, from the mover's view (as the fast generator writes it). */
  readonly board: Int8Array;
  /** The five probabilities after the play, from the mover's view. */
  readonly probs: Float64Array;
  /** Cubeless equity for the mover. */
  readonly equity: number;
  /** The depth the play was valued at (filtered-out plays keep a shallower value). */
  readonly plies: number;
}

export interface PlySearch {
  readonly evaluator: Evaluator;
  /**
   * Every play of `d1`-`d2` from `board` (side on roll's view), best first. The plays that pass
   * the filters are valued at `plies`, the others keep the depth they were dropped at. Empty
   * when the roll cannot be played.
   */
  rankPlays(board: Int8Array, d1: number, d2: number, plies: number): RankedPlay[];
  /** The probabilities of a position for its side on roll, at `plies`, into `out[0..5]`. */
  evaluatePosition(board: Int8Array, plies: number, out: Float64Array): void;
  /** The probabilities, for the mover, of the board a play left (mover's view), at `plies`. */
  evaluatePlay(after: Int8Array, plies: number, out: Float64Array): void;
}

export function createPlySearch(ev: Evaluator): PlySearch {
  // One set of scratch buffers per depth: a deeper level must not overwrite a shallower one.
  const levels = Array.from({ length: MAX_PLIES + 1 }, () => ({
    plays: fastPlaysBuffer(),
    probs: new Float32Array(FAST_MAX_PLAYS * OUTPUTS),
    view: new Int8Array(BOARD_LENGTH),
    sub: new Float64Array(OUTPUTS),
  }));
  const leaf = new Float32Array(OUTPUTS);

  /** Probabilities for the side on roll of `board`, at `plies`; exact classes stop early. */
  const evaluatePosition = (board: Int8Array, plies: number, out: Float64Array): void => {
    if (plies <= 0 || classify(board) <= BEAROFF) {
      ev.evaluate(board, leaf, 0);
      for (let i = 0; i < OUTPUTS; i++) out[i] = leaf[i] as number;
      return;
    }
    const lv = levels[plies] as (typeof levels)[number];
    out.fill(0);
    for (const [a, b, w] of ROLLS) {
      const n = ev.evaluateChildren(board, a, b, lv.plays, lv.probs);
      if (n === 0) {
        // No play: the opponent is on roll in the same position.
        lv.view.set(board.subarray(0, BOARD_LENGTH));
        swapHalves(lv.view);
        evaluatePosition(lv.view, plies - 1, lv.sub);
      } else {
        let best = 0;
        let top = Number.NEGATIVE_INFINITY;
        for (let k = 0; k < n; k++) {
          const e = -equityOf(lv.probs, k * OUTPUTS);
          if (e > top) {
            top = e;
            best = k;
          }
        }
        if (plies === 1) for (let i = 0; i < OUTPUTS; i++) lv.sub[i] = lv.probs[best * OUTPUTS + i] as number;
        else {
          lv.view.set(lv.plays.subarray(best * BOARD_LENGTH, (best + 1) * BOARD_LENGTH));
          swapHalves(lv.view);
          evaluatePosition(lv.view, plies - 1, lv.sub);
        }
      }
      // lv.sub is the opponent's view: turn it round to the side on roll here.
      flipProbabilities(lv.sub);
      for (let i = 0; i < OUTPUTS; i++) out[i] = (out[i] as number) + (w * (lv.sub[i] as number)) / 36;
    }
  };

  const playView = new Int8Array(BOARD_LENGTH);
  const evaluatePlay = (after: Int8Array, plies: number, out: Float64Array): void => {
    playView.set(after.subarray(0, BOARD_LENGTH));
    swapHalves(playView);
    evaluatePosition(playView, plies, out);
    flipProbabilities(out);
  };

  const rootPlays = fastPlaysBuffer();
  const rootProbs = new Float32Array(FAST_MAX_PLAYS * OUTPUTS);

  const rankPlays = (board: Int8Array, d1: number, d2: number, plies: number): RankedPlay[] => {
    const depth = Math.max(0, Math.min(MAX_PLIES, Math.floor(plies)));
    const n = ev.evaluateChildren(board, d1, d2, rootPlays, rootProbs);
    let ranked: RankedPlay[] = [];
    for (let k = 0; k < n; k++) {
      const probs = new Float64Array(OUTPUTS);
      for (let i = 0; i < OUTPUTS; i++) probs[i] = rootProbs[k * OUTPUTS + i] as number;
      flipProbabilities(probs);
      const after = rootPlays.slice(k * BOARD_LENGTH, (k + 1) * BOARD_LENGTH);
      ranked.push({ board: after, probs, equity: equityOf(probs), plies: 0 });
    }
    ranked.sort(byEquity);
    const deepen = (to: number, count: number, width: number): void => {
      const top = ranked[0]?.equity ?? 0;
      const next: RankedPlay[] = [];
      for (let i = 0; i < ranked.length; i++) {
        const r = ranked[i] as RankedPlay;
        // Only plays valued one ply shallower compete: values of different depths do not compare.
        if (i < count && r.plies === to - 1 && r.equity >= top - width) {
          const probs = new Float64Array(OUTPUTS);
          evaluatePlay(r.board, to, probs);
          next.push({ board: r.board, probs, equity: equityOf(probs), plies: to });
        } else next.push(r);
      }
      // Deeper values first: a shallow value is not comparable with a deep one.
      next.sort((x, y) => y.plies - x.plies || y.equity - x.equity);
      ranked = next;
    };
    if (depth >= 1 && n > 1) deepen(1, FILTER_COUNT, FILTER_WIDTH);
    if (depth >= 2 && n > 1) deepen(2, FILTER2_COUNT, FILTER2_WIDTH);
    return ranked;
  };

  return { evaluator: ev, rankPlays, evaluatePosition, evaluatePlay };
}

const byEquity = (x: RankedPlay, y: RankedPlay): number => y.equity - x.equity;
