import { Worker } from 'node:worker_threads';
import type { Decision, MatchState, Player } from '@zar/match';
import { hashSeed } from '../ids.js';
import { HINT_TIMEOUT_MS, type HintAnswer, hintUnavailable } from './hints.js';
import type { FromWorker, ToWorker } from './messages.js';
import type { BotRunner, RunnerLog } from './runner.js';
import { fallbackDecision } from './runner.js';
import type { BotKind, SeatRequest } from './seat-agents.js';

const BOOT = new URL('../worker-boot.mjs', import.meta.url);
const ENTRY = new URL('./worker.ts', import.meta.url).href;

export const spawnBotWorker = (kind: BotKind = 'strongest'): Worker =>
  new Worker(BOOT, { workerData: { entry: ENTRY, kind } });

export interface BotPoolOptions {
  readonly size: number;
  readonly log: RunnerLog;
  readonly kind?: BotKind;
  /** Starts a worker; tests give one that fails. */
  readonly spawn?: () => Worker;
  /**
   * A worker that owes decisions and has answered none for this long is taken to be stuck (a
   * bot caught in an endless loop) and is stopped, which counts as a death. Default 20 s: a
   * master decision takes tens of milliseconds, so even a long queue answers well within it.
   */
  readonly stallMs?: number;
  /** How long a hint may take before it is answered ERR_HINT_UNAVAILABLE (default HINT_TIMEOUT_MS). */
  readonly hintMs?: number;
}

/** A hint a worker owes: answered by it, by the timeout, or as unavailable when the worker stops. */
interface PendingHint {
  readonly resolve: (a: HintAnswer) => void;
  readonly timer: NodeJS.Timeout;
}

interface Pending {
  readonly req: SeatRequest;
  readonly match: MatchState;
  readonly resolve: (d: Decision) => void;
  readonly reject: (e: Error) => void;
  /** Workers that died holding it. */
  deaths: number;
}

/** One place in the pool: its worker (replaced when it dies) and the decisions it owes. */
interface Slot {
  worker: Worker | null;
  readonly pending: Map<number, Pending>;
  readonly hints: Map<number, PendingHint>;
  /** Deaths in a row without an answer in between: a worker that cannot even start. */
  failures: number;
  restart: NodeJS.Timeout | null;
  /** When the worker last answered, or was first owed something after owing nothing. */
  progress: number;
  /** Whether the worker has loaded its modules and weights; until then its silence is given longer. */
  ready: boolean;
}

/** After this many deaths in a row a slot waits before starting another worker. */
const QUICK_RESTARTS = 3;
const RESTART_PAUSE_MS = 5_000;
const STALL_MS = 20_000;
/** How long a worker may take to load its modules and weights before its silence counts as stalling. */
const BOOT_MS = 60_000;

/**
 * Bot decisions in worker threads, so a bot thinking never delays a person's action. A game's
 * seats always go to the same worker, which keeps their agents (and their seeded noise)
 * between decisions. A worker that dies is replaced; each decision it owed is asked once more
 * of the new one, and answered here by the baseline bot if that one dies too.
 */
export class BotPool implements BotRunner {
  private readonly slots: Slot[];
  private readonly spawn: () => Worker;
  private nextId = 1;
  private closed = false;
  private readonly watchdog: NodeJS.Timeout;

  constructor(private readonly options: BotPoolOptions) {
    if (!Number.isInteger(options.size) || options.size < 1)
      throw new Error(`a bot pool needs workers, not ${options.size}`);
    this.spawn = options.spawn ?? (() => spawnBotWorker(options.kind));
    this.slots = Array.from({ length: options.size }, () => ({
      worker: null,
      pending: new Map(),
      hints: new Map(),
      failures: 0,
      restart: null,
      progress: 0,
      ready: false,
    }));
    const stallMs = options.stallMs ?? STALL_MS;
    this.watchdog = setInterval(() => this.stopStalled(stallMs), Math.max(10, stallMs / 4));
    this.watchdog.unref();
  }

  decide(req: SeatRequest, match: MatchState): Promise<Decision> {
    if (this.closed) return Promise.reject(new Error('the bot pool is closed'));
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      this.send(this.slotOf(req.game), id, { req, match, resolve, reject, deaths: 0 });
    });
  }

  /**
   * A hint from the worker serving `game`. Never a rejection: a closed pool, a restarting or
   * stopping worker and one slower than `hintMs` answer ERR_HINT_UNAVAILABLE (no stand-in
   * answers a hint, as the baseline bot does a decision: it values nothing in equity).
   */
  hint(game: string, match: MatchState, asker: Player): Promise<HintAnswer> {
    if (this.closed) return Promise.resolve(hintUnavailable('the server is stopping'));
    const slot = this.slotOf(game);
    if (slot.restart !== null) return Promise.resolve(hintUnavailable('the bot is restarting'));
    return new Promise((resolve) => {
      const id = this.nextId++;
      const timer = setTimeout(() => {
        slot.hints.delete(id);
        resolve(hintUnavailable('the bot took too long'));
      }, this.options.hintMs ?? HINT_TIMEOUT_MS);
      timer.unref();
      slot.hints.set(id, { resolve, timer });
      this.worker(slot).postMessage({ t: 'hint', id, match, asker } satisfies ToWorker);
    });
  }

  forget(game: string): void {
    const slot = this.slotOf(game);
    slot.worker?.postMessage({ t: 'forget', game } satisfies ToWorker);
  }

  /** Tests only: the worker serving `game` throws and dies, as a bug in a bot would make it. */
  crash(game: string): void {
    this.worker(this.slotOf(game)).postMessage({ t: 'crash' } satisfies ToWorker);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.watchdog);
    const stopping: Promise<number>[] = [];
    for (const slot of this.slots) {
      if (slot.restart !== null) clearTimeout(slot.restart);
      const failed = new Error('the bot pool is closed');
      for (const p of slot.pending.values()) p.reject(failed);
      slot.pending.clear();
      this.dropHints(slot, 'the server is stopping');
      if (slot.worker !== null) stopping.push(slot.worker.terminate());
      slot.worker = null;
    }
    await Promise.all(stopping);
  }

  private slotOf(game: string): Slot {
    return this.slots[hashSeed(game) % this.slots.length] as Slot;
  }

  private send(slot: Slot, id: number, p: Pending): void {
    if (slot.restart !== null) {
      // No worker until the pause is over: answer here rather than keep a person waiting.
      this.fallback(p, 'the bot worker is restarting');
      return;
    }
    if (slot.pending.size === 0) slot.progress = Date.now();
    slot.pending.set(id, p);
    this.worker(slot).postMessage({ t: 'decide', id, req: p.req, match: p.match } satisfies ToWorker);
  }

  private worker(slot: Slot): Worker {
    if (slot.worker !== null) return slot.worker;
    const worker = this.spawn();
    slot.worker = worker;
    slot.ready = false;
    worker.on('message', (m: FromWorker) => this.answer(slot, m));
    // Without a listener an 'error' event would take the whole server down.
    worker.on('error', (e) => this.options.log.error({ err: e }, 'a bot worker failed'));
    worker.on('exit', (code) => this.died(slot, worker, code));
    return worker;
  }

  private answer(slot: Slot, m: FromWorker): void {
    if (m.t === 'ready') {
      slot.ready = true;
      slot.progress = Date.now();
      return;
    }
    if (m.t === 'hint') {
      const h = slot.hints.get(m.id);
      slot.progress = Date.now();
      if (h === undefined) return;
      slot.hints.delete(m.id);
      clearTimeout(h.timer);
      h.resolve(m.answer);
      return;
    }
    const p = slot.pending.get(m.id);
    if (p === undefined) return;
    slot.pending.delete(m.id);
    slot.failures = 0;
    slot.progress = Date.now();
    if (m.t === 'decision') p.resolve(m.decision);
    else this.fallback(p, m.message);
  }

  /** Stops each worker that owes decisions and has answered none for `stallMs`; `died` takes over. */
  private stopStalled(stallMs: number): void {
    const now = Date.now();
    for (const slot of this.slots) {
      const worker = slot.worker;
      const allowed = slot.ready ? stallMs : Math.max(stallMs, BOOT_MS);
      if (worker === null || slot.pending.size === 0 || now - slot.progress < allowed) continue;
      this.options.log.error({ owed: slot.pending.size, stallMs }, 'a bot worker stopped answering; stopping it');
      slot.progress = now;
      void worker.terminate();
    }
  }

  private died(slot: Slot, worker: Worker, code: number): void {
    if (slot.worker !== worker) return;
    slot.worker = null;
    if (this.closed) return;
    slot.failures++;
    this.options.log.warn({ code, owed: slot.pending.size }, 'a bot worker stopped; starting another');
    const owed = [...slot.pending.values()];
    slot.pending.clear();
    this.dropHints(slot, 'the bot stopped');
    if (slot.failures >= QUICK_RESTARTS) {
      slot.restart = setTimeout(() => {
        slot.restart = null;
      }, RESTART_PAUSE_MS);
      slot.restart.unref();
    }
    for (const p of owed) {
      p.deaths++;
      if (p.deaths > 1) this.fallback(p, 'the bot worker died twice on this decision');
      else this.send(slot, this.nextId++, p);
    }
  }

  /** Answers every hint the slot's worker owed as unavailable: it will not answer them now. */
  private dropHints(slot: Slot, why: string): void {
    for (const h of slot.hints.values()) {
      clearTimeout(h.timer);
      h.resolve(hintUnavailable(why));
    }
    slot.hints.clear();
  }

  private fallback(p: Pending, why: string): void {
    this.options.log.warn({ game: p.req.game, seat: p.req.seat, why }, 'the baseline bot decides in its place');
    try {
      p.resolve(fallbackDecision(p.req, p.match));
    } catch (e) {
      p.reject(e instanceof Error ? e : new Error(String(e)));
    }
  }
}
