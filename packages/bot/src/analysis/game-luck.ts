import type { Rules } from '@zar/engine';
import type { gameNetPlyEvaluator } from '../game-net/search.js';
import { flipProbabilities, OUTPUTS } from '../probabilities.js';
import { ROLLS } from '../rolls.js';
import { gameNetEquity } from './game-value.js';
import type { RollEquities } from './luck.js';

/**
 * A game net's roll equities for the luck of the dice (luck.ts, docs/luck.md): for each of the
 * 21 rolls, the mover's equity after his best play at 0-ply, best by the analysis' own equity
 * (game-value.ts); a roll that cannot be played passes the turn. A gul bara double is valued
 * after its first block, the rest of the run still to come: the net sees the run's next die,
 * so that value carries the whole run. Its scratch is its own: one caller at a time.
 */
export function gameRollEquities(evaluator: ReturnType<typeof gameNetPlyEvaluator>, rules: Rules): RollEquities {
  const e = evaluator.expansion();
  const leaf = new Float32Array(OUTPUTS);
  const mine = new Float64Array(OUTPUTS);
  return (pos, ctx) => {
    const out = new Float64Array(ROLLS.length);
    ROLLS.forEach(([a, b], i) => {
      const n = evaluator.expand(pos, a, b, e);
      if (n === 0) {
        const passed = e.passed();
        evaluator.evaluate(passed, leaf, 0);
        mine.set(leaf);
        flipProbabilities(mine);
        out[i] = gameNetEquity(rules, ctx, mine, passed);
        return;
      }
      let best = Number.NEGATIVE_INFINITY;
      for (let k = 0; k < n; k++) {
        mine.set(e.probs.subarray(k * OUTPUTS, (k + 1) * OUTPUTS));
        if (!e.sameSide(k)) flipProbabilities(mine);
        const v = gameNetEquity(rules, ctx, mine, e.next(k));
        if (v > best) best = v;
      }
      out[i] = best;
    });
    return out;
  };
}
