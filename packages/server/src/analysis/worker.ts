import { parentPort } from 'node:worker_threads';
import { analyseMatch, type Judges, loadJudges } from '@zar/bot';
import type { AnalysisJob, AnalysisReply } from './protocol.js';

/** Progress is sent at most this often: the page polls about once a second. */
const PROGRESS_MS = 250;

const port = parentPort;
if (!port) throw new Error('analysis/worker.ts runs as a worker thread');

port.on('message', async (job: AnalysisJob) => {
  const send = (reply: AnalysisReply) => port.postMessage(reply);
  // The nets of the games of the match's cycle, each loaded once for the worker's life.
  let judges: Judges;
  try {
    judges = await loadJudges(job.record.settings);
  } catch (e) {
    send({ key: job.key, kind: 'failed', code: 'ERR_NO_WEIGHTS', message: e instanceof Error ? e.message : String(e) });
    return;
  }
  let last = 0;
  const r = analyseMatch(job.record, judges, {
    plies: job.plies,
    cubePlies: job.cubePlies,
    onProgress(done, total) {
      const now = performance.now();
      if (now - last < PROGRESS_MS && done < total) return;
      last = now;
      send({ key: job.key, kind: 'progress', done, total });
    },
  });
  send(
    r.ok
      ? { key: job.key, kind: 'done', analysis: r.value }
      : { key: job.key, kind: 'failed', code: r.error.code, message: r.error.message },
  );
});
