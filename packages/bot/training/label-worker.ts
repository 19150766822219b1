import { parentPort } from 'node:worker_threads';
import { BOARD_LENGTH } from '@zar/engine';
import { buildBearoffDatabase } from '../src/bearoff/database.js';
import { createEvaluator, OUTPUTS } from '../src/evaluator.js';
import { createOnePlySearch } from '../src/search.js';
import { type NetsWeights, netsFromWeights } from './nets.js';

/** A request from the refiner: label these boards (side on roll's view) with 1-ply probabilities. */
export interface LabelRequest {
  readonly chunk: number;
  readonly weights: NetsWeights;
  readonly boards: Int8Array;
}

export interface LabelResult {
  readonly chunk: number;
  readonly targets: Float32Array;
}

const port = parentPort;
if (!port) throw new Error('label-worker.ts runs as a worker thread');
const bearoff = buildBearoffDatabase();

port.on('message', (req: LabelRequest) => {
  const ev = createEvaluator(netsFromWeights(req.weights), bearoff);
  const search = createOnePlySearch(ev);
  const n = req.boards.length / BOARD_LENGTH;
  const targets = new Float32Array(n * OUTPUTS);
  for (let i = 0; i < n; i++) {
    search.probabilities1ply(req.boards.subarray(i * BOARD_LENGTH, (i + 1) * BOARD_LENGTH), targets, i * OUTPUTS);
  }
  const result: LabelResult = { chunk: req.chunk, targets };
  port.postMessage(result, [targets.buffer]);
});
port.postMessage({ ready: true });
