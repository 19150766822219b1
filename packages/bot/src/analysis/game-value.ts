import type { Position, Rules } from '@zar/engine';
import type { CubeContext } from '../cube/context.js';
import { cubefulValue, outcomeValue, toEquity } from '../cube/janowski.js';

/**
 * The normalised equity, in `ctx`, of the side that played into `next`, whose five
 * probabilities for that side are `probs`: the game nets' games have no cube, so this is the
 * cubeless value weighed by the rules' scoring and the match score (the MET), the same scale
 * as backgammon's analysis. A mars or a mother pin is a 2-point "gammon", exact once the game
 * is over. A draw (plakoto, both mothers pinned) is exact too: the score stands, whether the
 * game counts nothing or is played again, so it is worth the match as it is now; the net's
 * encoding of a draw (an even chance of winning) would be the mean of winning and losing the
 * game instead, the same in money play but not at a match score.
 */
export function gameNetEquity(rules: Rules, ctx: CubeContext, probs: ArrayLike<number>, next: Position): number {
  const outcome = rules.outcome(next);
  const value = outcome !== null && outcome.winner === null ? outcomeValue(ctx, 0) : cubefulValue(probs, ctx, 0);
  return toEquity(ctx, value);
}
