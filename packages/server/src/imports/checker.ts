import { Worker } from 'node:worker_threads';
import { type FileResult, readFile } from './read-file.js';

export interface CheckJob {
  readonly id: number;
  readonly text: string;
}

export interface CheckReply {
  readonly id: number;
  readonly result: FileResult;
}

export interface CheckerOptions {
  /** Files of at most this many bytes are checked at once, on the event loop. */
  readonly inlineBytes?: number;
  /** Files waiting for the worker at most; one more is refused until it catches up. */
  readonly maxWaiting?: number;
  /** The worker is stopped after this long without work. */
  readonly idleMs?: number;
  readonly spawn?: () => Worker;
}

const BOOT = new URL('../worker-boot.mjs', import.meta.url);
const ENTRY = new URL('./check-worker.ts', import.meta.url).href;

const spawnCheckWorker = (): Worker => new Worker(BOOT, { workerData: { entry: ENTRY } });

/**
 * Checks uploaded files (read-file.ts). Replaying a file costs about 1.5 s a megabyte on the
 * shared two-core machine: a small file (16 KiB, a long match) is checked at once, a bigger
 * one in a worker thread, so that no game's action waits behind it. At most `maxWaiting` wait
 * for the worker; `check` answers null beyond, and the caller asks the person to try again.
 */
export class FileChecker {
  private worker: Worker | null = null;
  private readonly waiting = new Map<number, { resolve: (r: FileResult) => void; reject: (e: Error) => void }>();
  private next = 1;
  private idle: NodeJS.Timeout | null = null;
  private readonly inlineBytes: number;
  private readonly maxWaiting: number;
  private readonly idleMs: number;
  private readonly spawn: () => Worker;

  constructor(options: CheckerOptions = {}) {
    this.inlineBytes = options.inlineBytes ?? 16 * 1024;
    this.maxWaiting = options.maxWaiting ?? 8;
    this.idleMs = options.idleMs ?? 60_000;
    this.spawn = options.spawn ?? spawnCheckWorker;
  }

  /** The file's check; null when too many bigger files wait already. */
  async check(text: string, bytes: number): Promise<FileResult | null> {
    if (bytes <= this.inlineBytes) return readFile(text);
    if (this.waiting.size >= this.maxWaiting) return null;
    const id = this.next++;
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    const worker = this.ensureWorker();
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ id, text } satisfies CheckJob);
    });
  }

  async close(): Promise<void> {
    if (this.idle) clearTimeout(this.idle);
    const w = this.worker;
    this.worker = null;
    if (w) await w.terminate();
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const w = this.spawn();
    w.on('message', (reply: CheckReply) => {
      const done = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      done?.resolve(reply.result);
      if (this.waiting.size === 0) this.stopWhenIdle();
    });
    // A crash (a broken invariant in the reader) fails the files in hand (the route's 500);
    // the next big file starts a fresh worker.
    const lost = (why: string) => {
      if (this.worker !== w) return;
      this.worker = null;
      const pending = [...this.waiting.values()];
      this.waiting.clear();
      for (const job of pending) job.reject(new Error(`the file checker stopped: ${why}`));
    };
    w.on('error', (e) => lost(e.message));
    w.on('exit', (code) => lost(`exit code ${code}`));
    this.worker = w;
    return w;
  }

  private stopWhenIdle(): void {
    if (this.idle || this.worker === null) return;
    this.idle = setTimeout(() => {
      this.idle = null;
      const w = this.worker;
      if (w === null || this.waiting.size > 0) return;
      this.worker = null;
      void w.terminate();
    }, this.idleMs);
    this.idle.unref();
  }
}
