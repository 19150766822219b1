import { Worker } from 'node:worker_threads';
import type { MatchAnalysis } from '@zar/bot';
import type { MatchRecord } from '@zar/match';
import { type ErrorCode, isErrorCode } from '@zar/protocol';
import type { AnalysisJob, AnalysisReply } from './protocol.js';

export type AnalysisStatus =
  | { readonly state: 'queued'; readonly ahead: number }
  | { readonly state: 'running'; readonly done: number; readonly total: number }
  | { readonly state: 'ready'; readonly analysis: MatchAnalysis }
  | { readonly state: 'failed'; readonly code: ErrorCode; readonly message: string };

/** A new analysis not taken: its owner has enough under way, or the queue is full. */
export interface AnalysisRefusal {
  readonly state: 'refused';
  readonly code: 'ERR_RATE_LIMITED' | 'ERR_ANALYSIS_BUSY';
  readonly message: string;
  readonly retryAfterMs: number;
}

export interface AnalysesOptions {
  /** Search depth of plays and of cube decisions (1 and 1 unless given). */
  readonly plies?: number;
  readonly cubePlies?: number;
  /** Finished analyses kept in memory; the oldest is dropped beyond this. */
  readonly keep?: number;
  /** The worker is stopped after this long without work (its evaluator costs memory). */
  readonly idleMs?: number;
  /** Analyses waiting (queued or being loaded) in all; a new one beyond is refused. */
  readonly maxQueued?: number;
  /** Analyses one owner may have waiting or running at once. */
  readonly perOwner?: number;
  /** Starts a worker; tests give a failing one. */
  readonly spawn?: () => Worker;
}

const BOOT = new URL('../worker-boot.mjs', import.meta.url);
const ENTRY = new URL('./worker.ts', import.meta.url).href;

export const spawnAnalysisWorker = (): Worker => new Worker(BOOT, { workerData: { entry: ENTRY } });

/**
 * Analyses of finished matches, one at a time in a worker thread so that neither the game
 * rooms nor the bots wait behind them (a 7-point match takes seconds at 1-ply). A page asks
 * again until the analysis is ready; finished ones are kept, keyed by game and version, so a
 * match is analysed once while it stays in memory. A failure is reported once and then
 * forgotten, so the next request tries again.
 */
export class Analyses {
  private readonly entries = new Map<
    string,
    {
      status: AnalysisStatus;
      owner: string | null;
      onReady?: (analysis: MatchAnalysis) => void;
      onFailed?: (code: ErrorCode, message: string) => void;
    }
  >();
  private readonly queue: AnalysisJob[] = [];
  private worker: Worker | null = null;
  private current: string | null = null;
  private idle: NodeJS.Timeout | null = null;
  private closed = false;
  private readonly plies: number;
  private readonly cubePlies: number;
  private readonly keep: number;
  private readonly idleMs: number;
  private readonly spawn: () => Worker;
  private readonly maxQueued: number;
  private readonly perOwner: number;

  constructor(options: AnalysesOptions = {}) {
    this.plies = options.plies ?? 1;
    this.cubePlies = options.cubePlies ?? 1;
    this.keep = options.keep ?? 64;
    this.idleMs = options.idleMs ?? 60_000;
    this.spawn = options.spawn ?? spawnAnalysisWorker;
    this.maxQueued = options.maxQueued ?? 50;
    this.perOwner = options.perOwner ?? 2;
  }

  /**
   * Where the analysis of `key` stands; `load` gives the record the first time it is asked for.
   * A new analysis counts against `owner` (an account; none in tests) until it is done, and is
   * refused while the owner has `perOwner` under way or `maxQueued` wait in all; asking after
   * one already asked for (by anyone) is never refused. `onReady` is called once, with the
   * analysis, when the one this call starts is ready (the players' PRs are kept then), and
   * `onFailed` once if it fails instead.
   */
  async request(
    key: string,
    load: () => Promise<MatchRecord>,
    owner: string | null = null,
    onReady?: (analysis: MatchAnalysis) => void,
    onFailed?: (code: ErrorCode, message: string) => void,
  ): Promise<AnalysisStatus | AnalysisRefusal> {
    const known = this.entries.get(key);
    if (known) {
      if (known.status.state === 'failed') this.entries.delete(key);
      return this.statusOf(key, known.status);
    }
    const refused = this.refusal(owner);
    if (refused !== null) return refused;
    // Set before the await, so requests arriving meanwhile count this one.
    const entry = {
      status: { state: 'queued', ahead: 0 } as AnalysisStatus,
      owner,
      ...(onReady ? { onReady } : {}),
      ...(onFailed ? { onFailed } : {}),
    };
    this.entries.set(key, entry);
    let record: MatchRecord;
    try {
      record = await load();
    } catch (e) {
      // Not queued: the next ask starts it again rather than find it waiting for ever.
      this.entries.delete(key);
      throw e;
    }
    if (this.closed) return entry.status;
    this.queue.push({ key, record, plies: this.plies, cubePlies: this.cubePlies });
    this.pump();
    return this.statusOf(key, entry.status);
  }

  /** Where the analysis of `key` stands here, or null when it was never asked for; asking changes nothing. */
  status(key: string): AnalysisStatus | null {
    const entry = this.entries.get(key);
    return entry === undefined ? null : this.statusOf(key, entry.status);
  }

  /** Drops a failure of `key` already told, so that asking again starts it anew. */
  forgetFailure(key: string): void {
    if (this.entries.get(key)?.status.state === 'failed') this.entries.delete(key);
  }

  /** The analysis of `key` if it is ready, or null; asking starts nothing. */
  held(key: string): MatchAnalysis | null {
    const status = this.entries.get(key)?.status;
    return status?.state === 'ready' ? status.analysis : null;
  }

  private refusal(owner: string | null): AnalysisRefusal | null {
    const waiting = [...this.entries.values()].filter((e) => e.status.state === 'queued');
    if (waiting.length >= this.maxQueued) {
      return {
        state: 'refused',
        code: 'ERR_ANALYSIS_BUSY',
        message: `${waiting.length} analyses are waiting; ask again in a minute`,
        retryAfterMs: 60_000,
      };
    }
    if (owner === null) return null;
    const mine = [...this.entries.values()].filter(
      (e) => e.owner === owner && (e.status.state === 'queued' || e.status.state === 'running'),
    );
    if (mine.length < this.perOwner) return null;
    return {
      state: 'refused',
      code: 'ERR_RATE_LIMITED',
      message: `you have ${mine.length} analyses under way; ask for another when one is ready`,
      retryAfterMs: 10_000,
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.queue.length = 0;
    if (this.idle) clearTimeout(this.idle);
    const w = this.worker;
    this.worker = null;
    if (w) await w.terminate();
  }

  private statusOf(key: string, status: AnalysisStatus): AnalysisStatus {
    if (status.state !== 'queued') return status;
    const at = this.queue.findIndex((j) => j.key === key);
    return { state: 'queued', ahead: at < 0 ? 0 : at + (this.current === null ? 0 : 1) };
  }

  private pump(): void {
    if (this.closed || this.current !== null) return;
    const job = this.queue.shift();
    if (job === undefined) {
      this.stopWhenIdle();
      return;
    }
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    this.current = job.key;
    this.set(job.key, { state: 'running', done: 0, total: job.record.actions.length });
    this.ensureWorker().postMessage(job);
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const w = this.spawn();
    w.on('message', (reply: AnalysisReply) => this.onReply(reply));
    // A crash fails the job in hand; the next job starts a fresh worker.
    const lost = (why: string) => {
      if (this.worker !== w) return;
      this.worker = null;
      const key = this.current;
      this.current = null;
      if (key !== null) this.set(key, { state: 'failed', code: 'ERR_ANALYSIS_CRASHED', message: why });
      if (key !== null) this.entries.get(key)?.onFailed?.('ERR_ANALYSIS_CRASHED', why);
      this.pump();
    };
    w.on('error', (e) => lost(`the analysis stopped: ${e.message}`));
    w.on('exit', (code) => lost(`the analysis worker exited with code ${code}`));
    this.worker = w;
    return w;
  }

  private onReply(reply: AnalysisReply): void {
    if (reply.key !== this.current) return;
    if (reply.kind === 'progress') {
      this.set(reply.key, { state: 'running', done: reply.done, total: reply.total });
      return;
    }
    this.set(
      reply.key,
      reply.kind === 'done'
        ? { state: 'ready', analysis: reply.analysis }
        : // A code the contract does not list (a new refusal of the bot's) is the server's failure.
          { state: 'failed', code: isErrorCode(reply.code) ? reply.code : 'ERR_INTERNAL', message: reply.message },
    );
    this.current = null;
    const entry = this.entries.get(reply.key);
    if (reply.kind === 'done') entry?.onReady?.(reply.analysis);
    else if (entry?.status.state === 'failed') entry.onFailed?.(entry.status.code, entry.status.message);
    this.evict();
    this.pump();
  }

  private set(key: string, status: AnalysisStatus): void {
    const entry = this.entries.get(key);
    if (entry) entry.status = status;
  }

  private evict(): void {
    const ready = [...this.entries].filter(([, e]) => e.status.state === 'ready');
    for (const [key] of ready.slice(0, Math.max(0, ready.length - this.keep))) this.entries.delete(key);
  }

  private stopWhenIdle(): void {
    if (this.idle || this.worker === null) return;
    this.idle = setTimeout(() => {
      this.idle = null;
      const w = this.worker;
      if (w === null || this.current !== null) return;
      this.worker = null;
      void w.terminate();
    }, this.idleMs);
    this.idle.unref();
  }
}
