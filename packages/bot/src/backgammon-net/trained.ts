import { type BearoffDatabase, createBearoffDatabase } from './bearoff/database.js';
import { BEAROFF_POINTS, BEAROFF_POSITIONS, bearoffUnrank } from './bearoff/index.js';
import { createEvaluator, type Evaluator } from './evaluator.js';
import { parseEvaluatorWeights } from './weights.js';

let loading: Promise<Evaluator> | null = null;

/**
 * The evaluator of the committed backgammon weights (weights/backgammon-td.json), loaded once
 * per thread on first use, with a bearoff database filled on demand (building it whole takes
 * seconds). A failed load is tried again by the next caller.
 */
export function trainedBackgammonEvaluator(): Promise<Evaluator> {
  loading ??= import('../../weights/backgammon-td.json', { with: { type: 'json' } }).then((weights) => {
    const nets = parseEvaluatorWeights(weights.default);
    if (!nets.ok) throw new Error(`weights/backgammon-td.json: ${nets.error.message}`);
    return createEvaluator(nets.value, sharedBearoff());
  });
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

let bearoff: BearoffDatabase | null = null;
let warmOrder: Int32Array | null = null;
let warmed = 0;

/**
 * One bearoff database per thread, filled on demand (building it whole takes seconds); the
 * committed weights' evaluator uses it, and so may any other evaluator of the same thread.
 */
export function sharedBearoff(): BearoffDatabase {
  bearoff ??= createBearoffDatabase();
  return bearoff;
}

/** Every rank by pip count: a position's plays all lead to lower counts, so to ranks done before. */
function byPips(): Int32Array {
  const pips = new Int32Array(BEAROFF_POSITIONS);
  const c = new Int8Array(BEAROFF_POINTS + 1);
  for (let r = 0; r < BEAROFF_POSITIONS; r++) {
    bearoffUnrank(r, c);
    for (let i = 1; i <= BEAROFF_POINTS; i++) pips[r] = (pips[r] as number) + i * (c[i] as number);
  }
  return Int32Array.from(pips.keys()).sort((a, b) => (pips[a] as number) - (pips[b] as number));
}

/**
 * Fills the next `ranks` positions of the bearoff database; returns true once all are done.
 * A worker calls it while idle, so that no decision waits seconds for a bearoff position.
 */
export function warmBearoff(ranks: number): boolean {
  const db = sharedBearoff();
  warmOrder ??= byPips();
  const end = Math.min(BEAROFF_POSITIONS, warmed + ranks);
  for (; warmed < end; warmed++) db.ensure(warmOrder[warmed] as number);
  return warmed === BEAROFF_POSITIONS;
}
