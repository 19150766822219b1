import { BOARD_LENGTH, FAST_MAX_PLAYS, fastPlaysBuffer, type Scoring, swapHalves } from '@zar/engine';
import { equityUnder, flipProbabilities, OUTPUTS, STANDARD_SCORING } from '../probabilities.js';
import { ROLLS } from '../rolls.js';
import { createNplySearch, type PlyFilter } from '../search/n-ply.js';
import type { Expansion, PlyEvaluator } from '../search/ply-evaluator.js';
import { BEAROFF, classify, type Evaluator } from './evaluator.js';

/** gnubg's "normal" move filter: at most 8 candidates, within 0.16 of the best at 0-ply. */
export const FILTER_COUNT = 8;
export const FILTER_WIDTH = 0.16;
/** Then for 2-ply the 1-ply best 2 within 0.04 (gnubg's "world class" filter). */
export const FILTER2_COUNT = 2;
export const FILTER2_WIDTH = 0.04;
/** The deepest search the levels and the analysis use. */
export const MAX_PLIES = 2;

/** The filter into each depth: index 0 leads from 0-ply to 1-ply. */
const FILTERS: readonly PlyFilter[] = [
  { count: FILTER_COUNT, width: FILTER_WIDTH },
  { count: FILTER2_COUNT, width: FILTER2_WIDTH },
];

export interface RankedPlay {
  /** The board after the play, from the mover's view (as the fast generator writes it). */
  readonly board: Int8Array;
  /** The five probabilities after the play, from the mover's view. */
  readonly probs: Float64Array;
  /** Cubeless equity for the mover, under the search's scoring. */
  readonly equity: number;
  /** The depth the play was valued at (filtered-out plays keep a shallower value). */
  readonly plies: number;
}

export interface PlySearch {
  readonly evaluator: Evaluator;
  /** The scoring plays are ranked by. */
  readonly scoring: Scoring;
  /**
   * Every play of `d1`-`d2` from `board` (side on roll's view), best first. The plays that pass
   * the filters are valued at `plies` (0, 1 or 2), the others keep the depth they were dropped
   * at. Empty when the roll cannot be played.
   */
  rankPlays(board: Int8Array, d1: number, d2: number, plies: number): RankedPlay[];
  /** The probabilities of a position for its side on roll, at `plies`, into `out[0..5]`. */
  evaluatePosition(board: Int8Array, plies: number, out: Float64Array): void;
  /** The probabilities, for the mover, of the board a play left (mover's view), at `plies`. */
  evaluatePlay(after: Int8Array, plies: number, out: Float64Array): void;
}

/** The plays of a roll as the fast generator writes them: the boards after them from the mover's view. */
interface BoardExpansion extends Expansion<Int8Array> {
  readonly plays: Int8Array;
  parent: Int8Array;
}

/** A board swapped to the other side's view, as a new array. */
function turned(board: Int8Array): Int8Array {
  const b = board.slice(0, BOARD_LENGTH);
  swapHalves(b);
  return b;
}

/**
 * The backgammon evaluator as the n-ply search sees it: 52-byte boards, 21 rolls, bearoffs exact,
 * plays ranked by the equity of `scoring` (the net's win, gammon and backgammon chances weighed
 * by what each is worth).
 */
export function backgammonPlyEvaluator(ev: Evaluator, scoring: Scoring): PlyEvaluator<Int8Array> {
  return {
    equity: equityUnder(scoring),
    evaluate: (board, out, at) => ev.evaluate(board, out, at),
    isExact: (board) => classify(board) <= BEAROFF,
    rollsOf: () => ROLLS,
    expansion(): BoardExpansion {
      const plays = fastPlaysBuffer();
      const e: BoardExpansion = {
        plays,
        parent: plays,
        probs: new Float32Array(FAST_MAX_PLAYS * OUTPUTS),
        sameSide: () => false,
        next: (k) => turned(plays.subarray(k * BOARD_LENGTH, (k + 1) * BOARD_LENGTH)),
        passed: () => turned(e.parent),
      };
      return e;
    },
    expand(board, d1, d2, into) {
      const e = into as BoardExpansion;
      e.parent = board;
      return ev.evaluateChildren(board, d1, d2, e.plays, e.probs);
    },
  };
}

/** The search of `ev` under `scoring` (standard unless given: a portes or tabla game gives its own). */
export function createPlySearch(ev: Evaluator, scoring: Scoring = STANDARD_SCORING): PlySearch {
  const search = createNplySearch(backgammonPlyEvaluator(ev, scoring));
  const root = search.evaluator.expansion();

  const evaluatePlay = (after: Int8Array, plies: number, out: Float64Array): void => {
    search.evaluatePosition(turned(after), plies, out);
    flipProbabilities(out);
  };

  const rankPlays = (board: Int8Array, d1: number, d2: number, plies: number): RankedPlay[] => {
    const depth = Math.max(0, Math.min(MAX_PLIES, Math.floor(plies)));
    const n = search.evaluator.expand(board, d1, d2, root);
    let ranked = search.rank(root, n);
    if (n > 1) for (let d = 1; d <= depth; d++) ranked = search.deepen(ranked, d, FILTERS[d - 1] as PlyFilter);
    // The board the play left, from the mover's view, as the generator wrote it.
    return ranked.map((r) => ({ board: turned(r.next), probs: r.probs, equity: r.equity, plies: r.plies }));
  };

  return { evaluator: ev, scoring, rankPlays, evaluatePosition: search.evaluatePosition, evaluatePlay };
}
