import { parentPort } from 'node:worker_threads';
import {
  buildBearoffDatabase,
  createEvaluator,
  createRollout,
  parseEvaluatorWeights,
  type RolloutOptions,
  type RolloutSums,
} from '@zar/bot';

/** A range of trials of one rollout, with the evaluator's weights (the JSON value of a weights file). */
export interface RolloutRequest {
  readonly weights: unknown;
  readonly board: Int8Array;
  readonly options: RolloutOptions;
}

const port = parentPort;
if (!port) throw new Error('rollout-worker.ts runs as a worker thread');
const bearoff = buildBearoffDatabase();
port.postMessage('ready');

port.on('message', (req: RolloutRequest) => {
  const nets = parseEvaluatorWeights(req.weights);
  if (!nets.ok) throw new Error(`${nets.error.code}: ${nets.error.message}`);
  const sums: RolloutSums = createRollout(createEvaluator(nets.value, bearoff)).run(req.board, req.options);
  port.postMessage(sums);
});
