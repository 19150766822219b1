import { parentPort } from 'node:worker_threads';
import { createBearoffDatabase, createEvaluator, createPlySearch, OUTPUTS } from '@zar/bot';
import { BOARD_LENGTH } from '@zar/engine';
import { type NetsWeights, netsFromWeights } from './nets.js';

/** A request from the refiner: label these boards (side on roll's view) with `plies`-ply probabilities. */
export interface LabelRequest {
  readonly chunk: number;
  /** 1 or 2. */
  readonly plies: number;
  readonly weights: NetsWeights;
  readonly boards: Int8Array;
}

export interface LabelResult {
  readonly chunk: number;
  readonly targets: Float32Array;
}

const port = parentPort;
if (!port) throw new Error('label-worker.ts runs as a worker thread');
// Filled on demand: the labels are the same, and a worker that labels a few positions starts at once.
const bearoff = createBearoffDatabase();

port.on('message', (req: LabelRequest) => {
  const ev = createEvaluator(netsFromWeights(req.weights), bearoff);
  const n = req.boards.length / BOARD_LENGTH;
  const targets = new Float32Array(n * OUTPUTS);
  // The positions are contact and race positions, so a search of `plies` averages over the 21
  // rolls (with gnubg's filters at 2-ply): the labels are what a decision at that depth sees.
  const search = createPlySearch(ev);
  const p = new Float64Array(OUTPUTS);
  for (let i = 0; i < n; i++) {
    search.evaluatePosition(req.boards.subarray(i * BOARD_LENGTH, (i + 1) * BOARD_LENGTH), req.plies, p);
    for (let k = 0; k < OUTPUTS; k++) targets[i * OUTPUTS + k] = p[k] as number;
  }
  const result: LabelResult = { chunk: req.chunk, targets };
  port.postMessage(result, [targets.buffer]);
});
port.postMessage({ ready: true });
