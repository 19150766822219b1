import { parentPort } from 'node:worker_threads';
import { buildBearoffDatabase, createEvaluator, type Evaluator, seededRandom } from '@zar/bot';
import { BOARD_LENGTH } from '@zar/engine';
import { loadWeights, type NetsWeights, netsFromWeights } from './nets.js';
import { playGame, selfPlayScratch } from './selfplay.js';

/** A request from the trainer: play `games` games with these weights, dice from `seed`. */
export interface PlayRequest {
  readonly round: number;
  readonly worker: number;
  readonly seed: number;
  readonly games: number;
  readonly weights: NetsWeights;
}

export interface PlayResult {
  readonly round: number;
  readonly worker: number;
  readonly boards: Int8Array;
  readonly lengths: Int32Array;
  readonly ms: number;
}

const port = parentPort;
if (!port) throw new Error('selfplay-worker.ts runs as a worker thread');
const bearoff = buildBearoffDatabase();
let ev: Evaluator | null = null;
const scratch = selfPlayScratch();

port.on('message', (req: PlayRequest) => {
  const t0 = performance.now();
  if (ev === null) ev = createEvaluator(netsFromWeights(req.weights), bearoff);
  else loadWeights(ev.nets, req.weights);
  const random = seededRandom(req.seed);
  const lengths = new Int32Array(req.games);
  const chunks: Int8Array[] = [];
  let total = 0;
  for (let g = 0; g < req.games; g++) {
    const n = playGame(ev, random, scratch);
    lengths[g] = n;
    chunks.push(scratch.boards.slice(0, n * BOARD_LENGTH));
    total += n;
  }
  const boards = new Int8Array(total * BOARD_LENGTH);
  let o = 0;
  for (const c of chunks) {
    boards.set(c, o);
    o += c.length;
  }
  const result: PlayResult = { round: req.round, worker: req.worker, boards, lengths, ms: performance.now() - t0 };
  port.postMessage(result, [boards.buffer, lengths.buffer]);
});
port.postMessage({ ready: true });
