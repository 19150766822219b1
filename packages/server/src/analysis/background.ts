import { type ActionAnalysis, type MatchAnalysis, matchReport, whyNotAnalysable } from '@zar/bot';
import type { MatchRecord } from '@zar/match';
import type { AnalysisRunner } from '../bots/index.js';
import type { Liveness } from '../cluster/index.js';
import { IN_BACKGROUND } from '../store/analysis-store.js';
import type { AnalysisStore, GameRow, GamesStore, TakenAnalysis } from '../store/types.js';
import { gamePrRowsOf } from './pr-rows.js';

export interface BackgroundOptions {
  /** Search depth of plays and of cube decisions (1 and 1 unless given), as on request. */
  readonly plies?: number;
  readonly cubePlies?: number;
  /** About how long one piece of work holds a worker (at least one action): a bot move waits this long at most. */
  readonly pieceMs?: number;
  /** Tries of one match before it is failed for good (a crash, a worker's death). */
  readonly maxAttempts?: number;
  /** With nothing queued, how long before the queue is read again. */
  readonly idleMs?: number;
  /** After a failure, how long before the next match is taken. */
  readonly retryMs?: number;
  /** How long after start the queue is first read. */
  readonly startDelayMs?: number;
}

export interface BackgroundDeps {
  readonly store: GamesStore & AnalysisStore;
  readonly runner: AnalysisRunner;
  readonly log: { warn(obj: unknown, msg?: string): void };
  readonly now: () => number;
  /**
   * This instance and its peers (app.zar.cluster's): a match taken is held in this instance's
   * name, and only the matches of holders no longer alive are queued again. Without it, a match
   * is held in no one's name and every running match is queued again at start, as one server does.
   */
  readonly liveness?: Pick<Liveness, 'instance' | 'peers' | 'onPeer'>;
  /**
   * Told of each analysis once it is stored (the puzzles are cut from it). It may fail: that is
   * logged, and the analysis stays done.
   */
  readonly analysed?: (row: GameRow, record: MatchRecord, analysis: MatchAnalysis) => Promise<void>;
}

const PIECE_MS = 20;
const MAX_ATTEMPTS = 3;
const IDLE_MS = 5_000;
const RETRY_MS = 10_000;
/**
 * The bot workers load their weights in a server's first seconds, and the analysis's first piece
 * loads its judges: on a small machine the games' first bot moves would wait behind both.
 */
const START_DELAY_MS = 30_000;

/** The key a match's pieces go under in the bot pool (their worker keeps its replayed states). */
const keyOf = (gameId: string): string => `analysis:${gameId}`;

/**
 * Every match between two people analysed after it ends, in the background. The queue is the
 * store's (the action that ends such a match queues it in its transaction), so it survives a
 * restart and a flood of finished matches grows a table, not this process: one match is in
 * hand at a time, its record and the analyses of its actions so far. Its actions are analysed
 * a piece at a time in the bot workers, below every decision and hint (pool.ts), so a game's
 * bot move waits for one piece at most; the finished analysis and its players' PRs are stored
 * together. A failure (the bot's crash, its worker's death) counts a try and the match goes back
 * in the queue until it has had `maxAttempts`; rules no player analyses fail at once.
 */
export class BackgroundAnalyses {
  private readonly plies: number;
  private readonly cubePlies: number;
  private readonly pieceMs: number;
  private readonly maxAttempts: number;
  private readonly idleMs: number;
  private readonly retryMs: number;
  private readonly startDelayMs: number;
  private working: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  private stopWatching: (() => void) | undefined;
  /** The name this instance holds its match under (null: no one named). */
  private get holder(): string | null {
    return this.deps.liveness?.instance ?? null;
  }
  /** The match in hand, for the tests' eyes; null between matches. */
  current: string | null = null;

  constructor(
    private readonly deps: BackgroundDeps,
    options: BackgroundOptions = {},
  ) {
    this.plies = options.plies ?? 1;
    this.cubePlies = options.cubePlies ?? 1;
    this.pieceMs = options.pieceMs ?? PIECE_MS;
    this.maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS;
    this.idleMs = options.idleMs ?? IDLE_MS;
    this.retryMs = options.retryMs ?? RETRY_MS;
    this.startDelayMs = options.startDelayMs ?? START_DELAY_MS;
  }

  /**
   * At start: the matches left running by instances no longer alive (this one's last life
   * included, when it starts again under the same name) go back to the queue, as do a peer's
   * when it dies later; work begins after `startDelayMs`.
   */
  async start(): Promise<void> {
    const { liveness } = this.deps;
    const back = await this.deps.store.requeueRunningAnalyses(liveness && new Set(liveness.peers()));
    if (back > 0) this.deps.log.warn({ matches: back }, 'analyses left running by the last server are queued again');
    this.stopWatching = liveness?.onPeer((peer, up) => {
      if (!up) this.requeueOf(peer, liveness);
    });
    if (this.startDelayMs <= 0) this.wake();
    else this.after(this.startDelayMs);
  }

  /** A peer died: the matches it held go back to the queue, for whoever reads it next. */
  private requeueOf(peer: string, liveness: NonNullable<BackgroundDeps['liveness']>): void {
    const alive = new Set(liveness.peers()).add(liveness.instance);
    alive.delete(peer);
    this.deps.store.requeueRunningAnalyses(alive).then(
      (back) => {
        if (back > 0)
          this.deps.log.warn({ matches: back, instance: peer }, 'analyses a stopped instance held are queued again');
      },
      (e: unknown) =>
        this.deps.log.warn({ err: e, instance: peer }, 'the analyses a stopped instance held stay running'),
    );
  }

  /** Reads the queue now, unless it is being worked through. */
  wake(): void {
    if (this.closed || this.working !== null) return;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.working = this.work().then(
      (rest) => this.after(rest),
      (e: unknown) => {
        this.deps.log.warn({ err: e }, 'the background analysis failed to read or write the store');
        this.after(this.retryMs);
      },
    );
  }

  /** Stops taking matches; the one in hand stays running in the store and is queued again at the next start. */
  async close(): Promise<void> {
    this.closed = true;
    this.stopWatching?.();
    if (this.timer !== null) clearTimeout(this.timer);
    await this.working;
  }

  private after(restMs: number): void {
    this.working = null;
    if (this.closed) return;
    this.timer = setTimeout(() => this.wake(), restMs);
    this.timer.unref();
  }

  /** Analyses queued matches until none is left (answers the idle rest) or one fails (the retry's). */
  private async work(): Promise<number> {
    while (!this.closed) {
      // Only the background's: the matches asked for are the analysis worker's (requested.ts).
      const taken = await this.deps.store.takeQueuedAnalysis(this.deps.now(), this.holder, IN_BACKGROUND);
      if (taken === null) return this.idleMs;
      this.current = taken.gameId;
      try {
        if (!(await this.analyse(taken))) return this.retryMs;
      } catch (e) {
        // The store failed mid-match: the match counts a try rather than stay running until a restart.
        await this.deps.store
          .failAnalysis(taken.gameId, this.maxAttempts, this.deps.now(), this.holder)
          .catch(() => undefined);
        throw e;
      } finally {
        this.current = null;
      }
    }
    return this.idleMs;
  }

  /** One match; false: it failed, and the next waits for the retry's rest (it is queued again or failed for good). */
  private async analyse(taken: TakenAnalysis): Promise<boolean> {
    const { store } = this.deps;
    const row = await store.gameById(taken.gameId);
    if (row === null) return true;
    const refused = whyNotAnalysable(row.record.settings);
    if (refused !== null) return this.fail(taken, 'ERR_ANALYSIS_GAME', refused);
    const record: MatchRecord = { ...row.record, actions: (await store.actions(row.id)).map((a) => a.action) };
    const made = await this.actionsOf(row.id, record);
    this.deps.runner.forget(keyOf(row.id));
    if (made === null) return true;
    if (!Array.isArray(made)) return this.fail(taken, made.code, made.message);
    const analysis: MatchAnalysis = matchReport(record, { plies: this.plies, cubePlies: this.cubePlies }, made);
    const at = this.deps.now();
    await store.saveAnalysis(
      { gameId: row.id, version: row.version, analysis, madeAt: at },
      gamePrRowsOf(row, analysis, at),
    );
    if (this.deps.analysed !== undefined) await this.tell(this.deps.analysed, row, record, analysis);
    return true;
  }

  private async tell(
    analysed: NonNullable<BackgroundDeps['analysed']>,
    row: GameRow,
    record: MatchRecord,
    analysis: MatchAnalysis,
  ): Promise<void> {
    try {
      await analysed(row, record, analysis);
    } catch (e) {
      this.deps.log.warn({ game: row.id, err: e }, 'what follows a stored background analysis failed');
    }
  }

  /** The analyses of the record's actions, piece by piece; null: closed meanwhile. */
  private async actionsOf(
    gameId: string,
    record: MatchRecord,
  ): Promise<ActionAnalysis[] | { code: string; message: string } | null> {
    const actions: ActionAnalysis[] = [];
    while (actions.length < record.actions.length) {
      if (this.closed) return null;
      const r = await this.deps.runner.analyse({
        key: keyOf(gameId),
        record,
        from: actions.length,
        plies: this.plies,
        cubePlies: this.cubePlies,
        budgetMs: this.pieceMs,
      });
      if (!r.ok) return this.closed ? null : r.error;
      if (r.value.length === 0) return { code: 'ERR_ANALYSIS_CRASHED', message: 'a piece of the analysis did nothing' };
      for (const a of r.value) actions.push(a);
    }
    return actions;
  }

  /** Answers whether to go on at once: not after a crash (a restarting worker, a bug), which rests first. */
  private async fail(taken: TakenAnalysis, code: string, message: string): Promise<boolean> {
    // Rules no player analyses will not be analysed by trying again.
    const refused = code === 'ERR_ANALYSIS_GAME';
    const state = await this.deps.store.failAnalysis(
      taken.gameId,
      refused ? 0 : this.maxAttempts,
      this.deps.now(),
      this.holder,
    );
    this.deps.log.warn(
      { game: taken.gameId, attempts: taken.attempts, code, message, state },
      'a background analysis failed',
    );
    return refused;
  }
}
