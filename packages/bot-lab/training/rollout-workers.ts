import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { addSums, emptySums, type RolloutOptions, type RolloutResult, type RolloutSums, summarise } from '@zar/bot';
import type { RolloutRequest } from './rollout-worker.js';

const BOOT = new URL('./ts-worker-boot.mjs', import.meta.url);
const ENTRY = new URL('./rollout-worker.ts', import.meta.url).href;

/**
 * Rolls a position out in worker threads: the trials are split into one contiguous range per
 * worker, and since a trial's dice depend only on its index and the seed, the result is the
 * same as one thread's, whatever the number of workers.
 */
export async function rolloutInWorkers(
  weights: unknown,
  board: Int8Array,
  options: RolloutOptions,
  workers = Math.max(1, availableParallelism() - 1),
): Promise<RolloutResult> {
  const count = Math.max(1, Math.min(workers, options.trials));
  const first = options.firstTrial ?? 0;
  const per = Math.ceil(options.trials / count);
  const jobs = Array.from({ length: count }, (_, i) => {
    const start = i * per;
    const trials = Math.max(0, Math.min(per, options.trials - start));
    return { ...options, firstTrial: first + start, trials };
  }).filter((o) => o.trials > 0);
  const parts = await Promise.all(
    jobs.map(
      (o) =>
        new Promise<RolloutSums>((resolve, reject) => {
          const w = new Worker(BOOT, { workerData: { __entry: ENTRY } });
          w.once('error', reject);
          w.once('message', () => {
            w.once('message', (sums: RolloutSums) => {
              void w.terminate();
              resolve(sums);
            });
            const req: RolloutRequest = { weights, board: board.slice(), options: o };
            w.postMessage(req);
          });
        }),
    ),
  );
  const total = emptySums();
  for (const p of parts) addSums(total, p);
  return summarise(total);
}
