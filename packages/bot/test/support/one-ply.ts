import { BOARD_LENGTH, FAST_MAX_PLAYS, fastPlaysBuffer, swapHalves } from '@zar/engine';
import type { Evaluator } from '../../src/backgammon-net/evaluator.js';
import { equityOf, OUTPUTS } from '../../src/probabilities.js';

/**
 * 1-ply equity by its definition, written out apart from the search: over the 21 rolls (each
 * by its chance), the side on roll's equity after its best 0-ply play, or after passing when the
 * roll cannot be played. No position is taken as exact, bearoffs included.
 */
export function oneplyEquity(ev: Evaluator, board: Int8Array): number {
  const plays = fastPlaysBuffer();
  const probs = new Float32Array(FAST_MAX_PLAYS * OUTPUTS);
  let sum = 0;
  for (let a = 1; a <= 6; a++) {
    for (let b = a; b <= 6; b++) {
      const n = ev.evaluateChildren(board, a, b, plays, probs);
      let best = Number.NEGATIVE_INFINITY;
      if (n === 0) {
        const passed = board.slice(0, BOARD_LENGTH);
        swapHalves(passed);
        ev.evaluate(passed, probs, 0);
        best = -equityOf(probs, 0);
      } else for (let k = 0; k < n; k++) best = Math.max(best, -equityOf(probs, k * OUTPUTS));
      sum += (a === b ? 1 : 2) * best;
    }
  }
  return sum / 36;
}
