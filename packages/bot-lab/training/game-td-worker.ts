import { parentPort, workerData } from 'node:worker_threads';
import { type GameTdOptions, runGameTd } from './game-td-run.js';
import type { GameTdWorkerMessage } from './game-td-workers.js';

/** One game's TD run in a worker thread of `game-td --game A,B,…`; see game-td-workers.ts. */
const port = parentPort;
if (!port) throw new Error('game-td-worker.ts runs as a worker thread');
const send = (m: GameTdWorkerMessage) => port.postMessage(m);
const options = (workerData as { options: GameTdOptions }).options;
try {
  await runGameTd(options, (progress) => send({ kind: 'progress', progress }));
  send({ kind: 'done' });
} catch (e) {
  send({ kind: 'failed', message: e instanceof Error ? e.message : String(e) });
}
