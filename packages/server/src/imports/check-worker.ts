import { parentPort } from 'node:worker_threads';
import type { CheckJob, CheckReply } from './checker.js';
import { readFile } from './read-file.js';

const port = parentPort;
if (!port) throw new Error('imports/check-worker.ts runs as a worker thread');

// One file at a time, in the order they came: the replay of a big file is the work kept off the event loop.
port.on('message', (job: CheckJob) => {
  const reply: CheckReply = { id: job.id, result: readFile(job.text) };
  port.postMessage(reply);
});
