import { type CubelessEquity, flipProbabilities, OUTPUTS } from '../probabilities.js';
import type { Expansion, PlyEvaluator } from './ply-evaluator.js';

/**
 * n-ply search in gnubg's sense, for every player. A position is worth, at n plies, the average
 * over its rolls of the position after the best play (chosen at 0-ply, as gnubg's lookahead
 * does) valued at n − 1 plies; 0-ply is the evaluator, and exact positions stop the search.
 * Probabilities are averaged, not equities, so that a caller can put a cube or a match score on
 * top of them. A play is valued by the position it leaves, so a "1-ply play" averages over the
 * replies.
 *
 * Candidate plays go through gnubg-style filters, one per depth: the 0-ply best `count` within
 * `width` of the best go on to 1-ply, the 1-ply best of those to 2-ply, and so on.
 */
export interface PlyFilter {
  readonly count: number;
  readonly width: number;
}

/** A play as the search ranks it. */
export interface SearchedPlay<P> {
  /** Its index among the plays of the expansion it came from. */
  readonly index: number;
  /** The position after it, for the side then on roll. */
  readonly next: P;
  /** Whether the side that made it is still on roll in `next`. */
  readonly sameSide: boolean;
  /** The five probabilities after it, for the side that made it. */
  readonly probs: Float64Array;
  /** Cubeless equity for the side that made it (the evaluator's `equity`). */
  readonly equity: number;
  /** The depth it was valued at (plays dropped by a filter keep a shallower value). */
  readonly plies: number;
}

export interface NplySearch<P> {
  readonly evaluator: PlyEvaluator<P>;
  /** The probabilities of `pos` for its side on roll, at `plies`, into `out[0..5]`. */
  evaluatePosition(pos: P, plies: number, out: Float64Array): void;
  /** The plays `expansion` holds (`count` of them), valued at 0-ply, best first; ties keep their order. */
  rank(expansion: Expansion<P>, count: number): SearchedPlay<P>[];
  /** The 0-ply equity of each of those plays for its mover, as `rank` values them, into `out[0..count]`. */
  equities(expansion: Expansion<P>, count: number, out: Float64Array): void;
  /**
   * Values the plays of `ranked` valued at `plies` − 1 that pass `filter` (the first `count`
   * within `width` of the best) at `plies`, and ranks them first: a value of one depth does not
   * compare with one of another.
   */
  deepen(ranked: readonly SearchedPlay<P>[], plies: number, filter: PlyFilter): SearchedPlay<P>[];
}

/** Cubeless equity, by `equity`, of play k of `e` for the side that made it. */
export function moverEquity<P>(e: Expansion<P>, k: number, equity: CubelessEquity): number {
  const v = equity(e.probs, k * OUTPUTS);
  return e.sameSide(k) ? v : -v;
}

/** The index of the best of the `count` plays of `e` for their mover, the first of equals. */
function bestOf<P>(e: Expansion<P>, count: number, equity: CubelessEquity): number {
  let best = 0;
  let top = Number.NEGATIVE_INFINITY;
  for (let k = 0; k < count; k++) {
    const v = moverEquity(e, k, equity);
    if (v > top) {
      top = v;
      best = k;
    }
  }
  return best;
}

export function createNplySearch<P>(ev: PlyEvaluator<P>): NplySearch<P> {
  const equity = ev.equity;
  // One scratch per depth: a deeper level must not overwrite a shallower one.
  const levels: { expansion: Expansion<P>; sub: Float64Array }[] = [];
  const levelAt = (plies: number) => {
    while (levels.length <= plies) levels.push({ expansion: ev.expansion(), sub: new Float64Array(OUTPUTS) });
    return levels[plies] as (typeof levels)[number];
  };
  const leaf = new Float32Array(OUTPUTS);

  const evaluatePosition = (pos: P, plies: number, out: Float64Array): void => {
    if (plies <= 0 || ev.isExact(pos)) {
      ev.evaluate(pos, leaf, 0);
      for (let i = 0; i < OUTPUTS; i++) out[i] = leaf[i] as number;
      return;
    }
    const { expansion: e, sub } = levelAt(plies);
    out.fill(0);
    for (const [d1, d2, w] of ev.rollsOf(pos)) {
      const n = ev.expand(pos, d1, d2, e);
      let handsOver = true;
      if (n === 0) evaluatePosition(e.passed(), plies - 1, sub);
      else {
        const best = bestOf(e, n, equity);
        handsOver = !e.sameSide(best);
        if (plies === 1) for (let i = 0; i < OUTPUTS; i++) sub[i] = e.probs[best * OUTPUTS + i] as number;
        else evaluatePosition(e.next(best), plies - 1, sub);
      }
      // `sub` is seen by the side on roll after the play: turn it round when that is the opponent.
      if (handsOver) flipProbabilities(sub);
      for (let i = 0; i < OUTPUTS; i++) out[i] = (out[i] as number) + (w * (sub[i] as number)) / 36;
    }
  };

  const mover = new Float64Array(OUTPUTS);
  const equities = (e: Expansion<P>, count: number, out: Float64Array): void => {
    for (let k = 0; k < count; k++) {
      for (let i = 0; i < OUTPUTS; i++) mover[i] = e.probs[k * OUTPUTS + i] as number;
      if (!e.sameSide(k)) flipProbabilities(mover);
      out[k] = equity(mover);
    }
  };

  const rank = (e: Expansion<P>, count: number): SearchedPlay<P>[] => {
    const ranked: SearchedPlay<P>[] = [];
    for (let k = 0; k < count; k++) {
      const probs = new Float64Array(OUTPUTS);
      for (let i = 0; i < OUTPUTS; i++) probs[i] = e.probs[k * OUTPUTS + i] as number;
      const sameSide = e.sameSide(k);
      if (!sameSide) flipProbabilities(probs);
      ranked.push({ index: k, next: e.next(k), sameSide, probs, equity: equity(probs), plies: 0 });
    }
    return ranked.sort((x, y) => y.equity - x.equity);
  };

  const deepen = (ranked: readonly SearchedPlay<P>[], plies: number, filter: PlyFilter): SearchedPlay<P>[] => {
    const top = ranked[0]?.equity ?? 0;
    const next: SearchedPlay<P>[] = [];
    for (let i = 0; i < ranked.length; i++) {
      const r = ranked[i] as SearchedPlay<P>;
      // Only plays valued one ply shallower compete: values of different depths do not compare.
      if (i < filter.count && r.plies === plies - 1 && r.equity >= top - filter.width) {
        const probs = new Float64Array(OUTPUTS);
        evaluatePosition(r.next, plies, probs);
        if (!r.sameSide) flipProbabilities(probs);
        next.push({ ...r, probs, equity: equity(probs), plies });
      } else next.push(r);
    }
    // Deeper values first, then by equity; ties keep their order.
    return next.sort((x, y) => y.plies - x.plies || y.equity - x.equity);
  };

  return { evaluator: ev, evaluatePosition, rank, equities, deepen };
}
