import { Worker } from 'node:worker_threads';
import type { Decision, MatchState, Player } from '@zar/match';
import { type AnalysisPiece, type AnalysisPieceAnswer, analysisUnavailable } from './analysis-work.js';
import { BOARD_TIMEOUT_MS, type BoardAnswer, type BoardWork, boardUnavailable } from './board-work.js';
import { FairQueue, type Taken } from './fair-queue.js';
import { HINT_TIMEOUT_MS, type HintAnswer, hintUnavailable } from './hints.js';
import {
  type AnalysisJob,
  type BoardJob,
  type BotJob,
  type DecisionJob,
  gameOf,
  type HintJob,
  messageOf,
} from './jobs.js';
import type { FromWorker, ToWorker } from './messages.js';
import { type AddressBook, type BotOwner, ownerKey } from './owners.js';
import type { QueueWaits } from './queue-waits.js';
import type { AnalysisRunner, BoardRunner, BotRunner, RunnerLog } from './runner.js';
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
   * A worker that owes an answer and has given none for this long is taken to be stuck (a
   * bot caught in an endless loop) and is stopped, which counts as a death. Default 20 s: a
   * master decision takes tens of milliseconds, a few seconds at the very worst.
   */
  readonly stallMs?: number;
  /** How long a hint may take, queue included, before it is answered ERR_HINT_UNAVAILABLE (default HINT_TIMEOUT_MS). */
  readonly hintMs?: number;
  /** The same for the analysis board's work (default BOARD_TIMEOUT_MS). */
  readonly boardMs?: number;
  /** The share of one worker's time the board's work may take (default BOARD_SHARE). */
  readonly boardShare?: number;
  /** Where each user last came from, so a person's bot time is counted by address (owners.ts). */
  readonly addresses?: AddressBook;
  /** 'fifo': one queue in order of arrival, as before fair shares (benchmarks compare the two). */
  readonly scheduling?: 'fair' | 'fifo';
  /** Benchmarks: told each job's wait in the queue and its time on a worker (queue-waits.ts). */
  readonly waits?: QueueWaits;
}

/** The job a worker is running: one at a time, so the next is chosen when it is free. */
interface Running {
  readonly id: number;
  readonly taken: Taken<BotJob>;
  readonly startedAt: number;
}

/** One place in the pool: its worker (replaced when it dies) and the job it runs. */
interface Slot {
  readonly index: number;
  worker: Worker | null;
  running: Running | null;
  /** Deaths in a row without an answer in between: a worker that cannot even start. */
  failures: number;
  restart: NodeJS.Timeout | null;
  /** When the worker last answered, or was last given a job. */
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
/** Priority class of a person's decisions and hints. */
const PLAY = 0;
/**
 * The analysis board's work: taken only while no decision or hint waits, and never on every
 * worker at once (as one owner's work is not), so that a game's bot move finds a worker free
 * or waits for one piece of board work at most (board-work.ts cuts it into pieces).
 */
const BOARD = 1;
/** A rollout's pieces, below the board's evaluations: a person waits for those, a rollout shows its progress. */
const ROLLOUT = 2;
/**
 * The background analysis of finished matches, below everything a person waits for or watches;
 * it shares the board's limits (all workers but one, BOARD_SHARE of one worker's time) and,
 * with two workers or more, starts a piece only where another worker stays free: one action's
 * analysis can hold a worker for hundreds of milliseconds (a 1-ply nardy move on a busy
 * machine), so a game's bot move or a hint asked meanwhile must not find every worker taken.
 */
const ANALYSIS = 3;
const CLASSES = 4;
/** The background analysis's one owner in the fair queue. */
const BACKGROUND = 'background:analysis';
/**
 * The share of one worker's time the work no one waits on may take: after a piece of board
 * work, a rollout or the background analysis, rollouts and the analysis rest as long again, so
 * that on a small machine they leave the cores to the games' bots half the time even when they
 * have no end of work (a rollout of minutes), and a bot move asked meanwhile finds that worker
 * free too. A person's evaluation or map never rests: he waits for it, each is a few pieces,
 * the board's rate limits bound them, and the cap keeps a worker free for the games anyway.
 * Resting it behind a background piece made a map wait out the piece, then as long again, for
 * each of its pieces: past its time limit on a busy 2-core machine.
 */
const BOARD_SHARE = 0.5;

/**
 * Bot decisions and hints in worker threads, so a bot thinking never delays a person's action.
 * The work waits here, not in the workers: each worker runs one job at a time, and when it is
 * free takes the next one fairly among owners (fair-queue.ts, owners.ts), so one client's twenty
 * games or a tournament of bots cannot make another player's bot wait behind all of theirs.
 * With two workers or more, one owner has at most all but one of them, so a worker is free
 * for anyone else the moment he asks (a worker cannot be interrupted mid-decision).
 *
 * A job goes to the worker that last served its game when that one is free, which keeps the
 * seats' agents (and their seeded noise) between decisions; under load it goes to any free
 * worker, where the seat's agent starts again from its seed. A worker that dies is replaced;
 * the decision it was running is asked once more, and answered here by the baseline bot if
 * that fails too.
 */
export class BotPool implements BotRunner, BoardRunner, AnalysisRunner {
  private readonly slots: Slot[];
  private readonly spawn: () => Worker;
  private readonly queue = new FairQueue<BotJob>(CLASSES);
  /** The slot that last served each game, until the game is forgotten. */
  private readonly home = new Map<string, number>();
  /** Jobs one owner may have running at once: all workers but one, so another owner finds one free. */
  private readonly perOwner: number;
  private nextId = 1;
  private closed = false;
  /** No rollout piece or analysis starts before this time (BOARD_SHARE); a timer dispatches then. */
  private boardRestUntil = 0;
  private boardRest: NodeJS.Timeout | null = null;
  private readonly watchdog: NodeJS.Timeout;

  constructor(private readonly options: BotPoolOptions) {
    if (!Number.isInteger(options.size) || options.size < 1)
      throw new Error(`a bot pool needs workers, not ${options.size}`);
    this.spawn = options.spawn ?? (() => spawnBotWorker(options.kind));
    this.slots = Array.from({ length: options.size }, (_, index) => ({
      index,
      worker: null,
      running: null,
      failures: 0,
      restart: null,
      progress: 0,
      ready: false,
    }));
    this.perOwner = Math.max(1, options.size - 1);
    const stallMs = options.stallMs ?? STALL_MS;
    this.watchdog = setInterval(() => this.stopStalled(stallMs), Math.max(10, stallMs / 4));
    this.watchdog.unref();
  }

  decide(req: SeatRequest, match: MatchState): Promise<Decision> {
    if (this.closed) return Promise.reject(new Error('the bot pool is closed'));
    return new Promise((resolve, reject) => {
      const job: DecisionJob = { kind: 'decide', req, match, resolve, reject, deaths: 0, queuedAt: 0 };
      // No worker until a pause is over: answered here rather than keep a person waiting.
      if (this.paused()) this.fallback(job, 'the bot worker is restarting');
      else this.enqueue(this.ownerOf(req.game, req.owner), job);
    });
  }

  /**
   * A hint from a worker, scheduled like a decision of `owner`. Never a rejection: a closed
   * pool, restarting workers and a hint slower than `hintMs` (queue included) answer
   * ERR_HINT_UNAVAILABLE (no stand-in answers a hint, as the baseline bot does a decision: it
   * values nothing in equity).
   */
  hint(game: string, match: MatchState, asker: Player, owner?: BotOwner): Promise<HintAnswer> {
    if (this.closed) return Promise.resolve(hintUnavailable('the server is stopping'));
    if (this.paused()) return Promise.resolve(hintUnavailable('the bot is restarting'));
    const late = hintUnavailable('the bot took too long');
    const ms = this.options.hintMs ?? HINT_TIMEOUT_MS;
    return this.answerOnce(this.ownerOf(game, owner), PLAY, ms, late, (answer) => ({
      kind: 'hint',
      game,
      match,
      asker,
      answer,
      queuedAt: 0,
    }));
  }

  /** Board work for `owner`, below every decision and hint; answered ERR_BOARD_UNAVAILABLE as a hint is. */
  board(work: BoardWork, owner: BotOwner): Promise<BoardAnswer> {
    if (this.closed) return Promise.resolve(boardUnavailable('the server is stopping'));
    if (this.paused()) return Promise.resolve(boardUnavailable('the bot is restarting'));
    const priority = work.t === 'rollout' ? ROLLOUT : BOARD;
    const late = boardUnavailable('the bots are busy');
    const ms = this.options.boardMs ?? BOARD_TIMEOUT_MS;
    return this.answerOnce(this.ownerOf('board', owner), priority, ms, late, (answer) => ({
      kind: 'board',
      work,
      answer,
      queuedAt: 0,
    }));
  }

  /**
   * A hint's or the board's job, queued for `key` at `priority` and answered once: by its
   * worker, the pool, or `late` when no answer came within `ms` (queue included).
   */
  private answerOnce<A>(
    key: string,
    priority: number,
    ms: number,
    late: A,
    jobOf: (answer: (a: A) => void) => (HintJob | BoardJob) & { readonly answer: (a: A) => void },
  ): Promise<A> {
    return new Promise((resolve) => {
      let answered = false;
      const job = jobOf((a) => {
        if (answered) return;
        answered = true;
        clearTimeout(timer);
        resolve(a);
      });
      const timer = setTimeout(() => {
        // Still waiting: it goes; already running: its worker's answer will find nobody waiting.
        this.queue.remove(key, job, priority);
        job.answer(late);
      }, ms);
      timer.unref();
      this.enqueue(key, job, false, priority);
    });
  }

  /** A piece of a match's background analysis, below all other work; unavailable (never a rejection) when the pool stops. */
  analyse(piece: AnalysisPiece): Promise<AnalysisPieceAnswer> {
    if (this.closed) return Promise.resolve(analysisUnavailable('the server is stopping'));
    if (this.paused()) return Promise.resolve(analysisUnavailable('the bot is restarting'));
    return new Promise((resolve) => {
      this.enqueue(BACKGROUND, { kind: 'analyse', piece, answer: resolve, queuedAt: 0 }, false, ANALYSIS);
    });
  }

  forget(game: string): void {
    this.home.delete(game);
    // Its seats may have played in any worker under load.
    for (const slot of this.slots) slot.worker?.postMessage({ t: 'forget', game } satisfies ToWorker);
  }

  /** Tests only: the worker serving `game` throws and dies, as a bug in a bot would make it. */
  crash(game: string): void {
    const slot = this.slots[this.home.get(game) ?? 0] as Slot;
    this.worker(slot).postMessage({ t: 'crash' } satisfies ToWorker);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.watchdog);
    if (this.boardRest !== null) clearTimeout(this.boardRest);
    const stopping: Promise<number>[] = [];
    const jobs = this.queue.drain();
    for (const slot of this.slots) {
      if (slot.restart !== null) clearTimeout(slot.restart);
      if (slot.running !== null) jobs.push(slot.running.taken.job);
      slot.running = null;
      if (slot.worker !== null) stopping.push(slot.worker.terminate());
      slot.worker = null;
    }
    const failed = new Error('the bot pool is closed');
    for (const job of jobs) {
      if (job.kind === 'decide') job.reject(failed);
      else unavailable(job, 'the server is stopping');
    }
    await Promise.all(stopping);
  }

  private ownerOf(game: string, owner: BotOwner | undefined): string {
    // First come, first served: one owner for everything (the old scheduling, for comparison).
    if (this.options.scheduling === 'fifo') return 'everyone';
    return ownerKey(game, owner, this.options.addresses);
  }

  /** Every slot waits out a restart pause: nothing can run now. */
  private paused(): boolean {
    return this.slots.every((slot) => slot.restart !== null);
  }

  private enqueue(owner: string, job: BotJob, front = false, priority = PLAY): void {
    job.queuedAt = performance.now();
    this.queue.push(owner, job, priority, front);
    this.dispatch();
  }

  /** Gives each free worker the next job fairly chosen, while there are both. */
  private dispatch(): void {
    if (this.closed) return;
    if (this.paused()) {
      for (const job of this.queue.drain()) this.giveUp(job, 'the bot worker is restarting');
      return;
    }
    // 'fifo' is one owner with every worker, as before.
    const perOwner = this.options.scheduling === 'fifo' ? this.slots.length : this.perOwner;
    for (;;) {
      const free = this.slots.filter((slot) => slot.running === null && slot.restart === null);
      if (free.length === 0) return;
      const boardMay = this.boardsRunning() < this.perOwner;
      const resting = Date.now() < this.boardRestUntil;
      const analysisMay = free.length > 1 || this.slots.length === 1;
      const below = !boardMay ? BOARD : resting ? ROLLOUT : analysisMay ? CLASSES : ANALYSIS;
      const taken = this.queue.take(perOwner, below);
      if (taken === null) return;
      const game = gameOf(taken.job);
      const at = game === null ? undefined : this.home.get(game);
      const home = free.find((slot) => slot.index === at) ?? (free[0] as Slot);
      this.run(home, taken);
    }
  }

  /** Rollouts and the analysis rest after a piece that took `ms`, so as to take BOARD_SHARE of a worker at most. */
  private restBoard(ms: number): void {
    const share = this.options.boardShare ?? BOARD_SHARE;
    this.boardRestUntil = Math.max(this.boardRestUntil, Date.now() + (ms * (1 - share)) / share);
    this.wakeAfterRest();
  }

  /**
   * Dispatches once the rest is over. A timer may fire a little before Date.now() reaches its
   * end (libuv counts from the loop's cached time): dispatching then would still find the rest,
   * and a piece waiting with every worker free would wait until some other work came. So an
   * early timer sets itself again for what is left.
   */
  private wakeAfterRest(): void {
    if (this.boardRest !== null) clearTimeout(this.boardRest);
    const left = this.boardRestUntil - Date.now();
    this.boardRest = setTimeout(
      () => {
        this.boardRest = null;
        if (Date.now() < this.boardRestUntil) this.wakeAfterRest();
        else this.dispatch();
      },
      Math.max(1, left),
    );
    this.boardRest.unref();
  }

  /** Workers busy with board work: at most all but one, as one owner's. */
  private boardsRunning(): number {
    let n = 0;
    for (const slot of this.slots) if ((slot.running?.taken.priority ?? PLAY) >= BOARD) n++;
    return n;
  }

  private run(slot: Slot, taken: Taken<BotJob>): void {
    const id = this.nextId++;
    const now = Date.now();
    slot.running = { id, taken, startedAt: now };
    slot.progress = now;
    this.options.waits?.waited(taken.job.kind, performance.now() - taken.job.queuedAt);
    const game = gameOf(taken.job);
    if (game !== null) this.home.set(game, slot.index);
    this.worker(slot).postMessage(messageOf(taken.job, id));
    // The others start loading too, so a worker kept free for someone else is ready when he asks.
    for (const other of this.slots) if (other.worker === null && other.restart === null) this.worker(other);
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
    const running = slot.running;
    if (running === null || running.id !== m.id) return;
    slot.running = null;
    slot.failures = 0;
    slot.progress = Date.now();
    this.queue.done(running.taken, slot.progress - running.startedAt);
    this.options.waits?.ran(running.taken.job.kind, slot.progress - running.startedAt);
    if (running.taken.priority >= BOARD) this.restBoard(slot.progress - running.startedAt);
    const job = running.taken.job;
    if (job.kind === 'hint') {
      if (m.t === 'hint') job.answer(m.answer);
    } else if (job.kind === 'board') {
      if (m.t === 'board') job.answer(m.answer);
    } else if (job.kind === 'analyse') {
      if (m.t === 'analysed') job.answer(m.answer);
    } else if (m.t === 'decision') job.resolve(m.decision);
    else if (m.t === 'failed') this.fallback(job, m.message);
    this.dispatch();
  }

  /** Stops each worker that owes an answer and has given none for `stallMs`; `died` takes over. */
  private stopStalled(stallMs: number): void {
    const now = Date.now();
    for (const slot of this.slots) {
      const worker = slot.worker;
      const allowed = slot.ready ? stallMs : Math.max(stallMs, BOOT_MS);
      if (worker === null || slot.running === null || now - slot.progress < allowed) continue;
      this.options.log.error({ owed: 1, stallMs }, 'a bot worker stopped answering; stopping it');
      slot.progress = now;
      void worker.terminate();
    }
  }

  private died(slot: Slot, worker: Worker, code: number): void {
    if (slot.worker !== worker) return;
    slot.worker = null;
    if (this.closed) return;
    slot.failures++;
    const running = slot.running;
    slot.running = null;
    this.options.log.warn({ code, owed: running === null ? 0 : 1 }, 'a bot worker stopped; starting another');
    if (slot.failures >= QUICK_RESTARTS) {
      slot.restart = setTimeout(() => {
        slot.restart = null;
        this.dispatch();
      }, RESTART_PAUSE_MS);
      slot.restart.unref();
    }
    if (running !== null) {
      this.queue.done(running.taken, Date.now() - running.startedAt);
      const job = running.taken.job;
      if (job.kind === 'analyse')
        job.answer({ ok: false, error: { code: 'ERR_ANALYSIS_CRASHED', message: 'the bot worker died' } });
      else if (job.kind !== 'decide') unavailable(job, 'the bot stopped');
      else if (++job.deaths > 1) this.fallback(job, 'the bot worker died twice on this decision');
      else {
        // Asked again first among its owner's, of the next free worker (a new one here, if no other).
        job.queuedAt = performance.now();
        this.queue.push(running.taken.owner, job, running.taken.priority, true);
      }
    }
    this.dispatch();
  }

  private giveUp(job: BotJob, why: string): void {
    if (job.kind === 'decide') this.fallback(job, why);
    else unavailable(job, why);
  }

  private fallback(job: DecisionJob, why: string): void {
    this.options.log.warn({ game: job.req.game, seat: job.req.seat, why }, 'the baseline bot decides in its place');
    try {
      job.resolve(fallbackDecision(job.req, job.match));
    } catch (e) {
      job.reject(e instanceof Error ? e : new Error(String(e)));
    }
  }
}

/** A hint, board work or an analysis's piece that will not be done: its asker is told why, and to try again. */
function unavailable(job: HintJob | BoardJob | AnalysisJob, why: string): void {
  if (job.kind === 'hint') job.answer(hintUnavailable(why));
  else if (job.kind === 'analyse') job.answer(analysisUnavailable(why));
  else job.answer(boardUnavailable(why));
}
