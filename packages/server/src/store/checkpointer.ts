import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/** How often the worker copies the WAL back into the database file. */
const EVERY_MS = 500;

/**
 * The worker's code, plain CommonJS so it runs without a TypeScript loader. A PASSIVE
 * checkpoint never waits for, nor blocks, the writer on the main thread; SQLite restarts the
 * WAL from its beginning at the next commit once a checkpoint has copied all of it.
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.file, { timeout: 5000 });
const timer = setInterval(() => db.pragma('wal_checkpoint(PASSIVE)'), workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  /** Stops the worker and closes its connection. */
  stop(): Promise<void>;
}

/**
 * Moves SQLite's WAL checkpoints off the event loop. The automatic checkpoint runs inside the
 * commit that crosses the threshold, copying and fsyncing megabytes on the thread that serves
 * every game (the load benchmark saw event-loop stalls of 0.6 to 1 s with SQLite, and none that
 * long with the memory store). Here a second connection in
 * a worker thread checkpoints twice a second, and the main connection never does. Should the
 * worker fail, the automatic checkpoint is switched back on, so the WAL never grows unbounded.
 */
export function startCheckpointer(sqlite: SQLite.Database, everyMs = EVERY_MS): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER, { eval: true, workerData: { driver, file: sqlite.name, everyMs } });
  worker.unref();
  let stopped = false;
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  const fallBack = () => {
    if (!stopped && sqlite.open) sqlite.pragma('wal_autocheckpoint = 1000');
  };
  worker.on('error', fallBack);
  worker.once('exit', fallBack);
  sqlite.pragma('wal_autocheckpoint = 0');
  return {
    async stop() {
      if (stopped) return;
      stopped = true;
      // Held while it winds down: an unref'd worker's exit would not keep the process waiting for it.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
