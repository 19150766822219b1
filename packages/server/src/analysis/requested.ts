import type { MatchAnalysis } from '@zar/bot';
import type { MatchRecord } from '@zar/match';
import type { ErrorCode } from '@zar/protocol';
import type { Liveness } from '../cluster/index.js';
import { ON_REQUEST } from '../store/analysis-store.js';
import type { AnalysisStore, GameRow, GamesStore, TakenAnalysis } from '../store/types.js';
import type { Analyses, AnalysisRefusal, AnalysisStatus } from './analyses.js';
import { prRowsOf } from './pr-rows.js';

export interface RequestedDeps {
  readonly store: GamesStore & AnalysisStore;
  /** The worker thread that analyses them, one at a time. */
  readonly analyses: Analyses;
  /** This instance's id, the holder of the match its worker runs (null: no one named). */
  readonly holder: string | null;
  readonly now: () => number;
  readonly log: { warn(obj: unknown, msg?: string): void };
  /** Told of each analysis made here once it is stored (the puzzles are cut from it); a failure is logged. */
  readonly analysed?: (row: GameRow, record: MatchRecord, analysis: MatchAnalysis) => Promise<void>;
  /** Matches asked for that may wait in all; a new one beyond is refused. */
  readonly maxQueued: number;
  /** Matches one account may have asked for, waiting or running, at once. */
  readonly perOwner: number;
}

/** The key of a match in the worker's entries: its game at its version, as before. */
const keyOf = (row: GameRow): string => `${row.id}:${row.version}`;

/**
 * The analyses players ask for, through the store's queue (ON_REQUEST, before every background
 * match), so that every instance answers a poll alike and an account's limit counts its requests
 * on all of them. Each instance's worker takes the next match asked for when a poll reaches it
 * idle: a page polls about once a second, so no timer is needed, and a match whose holder died
 * is queued again (background.ts) and taken by the next poll. Where it runs, its progress is
 * the worker's; elsewhere a running match reports none done. The analysis, with its players'
 * backgammon PRs, is kept in the store (saveAnalysis), where the route reads it first.
 */
export class RequestedAnalyses {
  /** Whether this instance is taking or running a match (one at a time). */
  private busy = false;
  private closed = false;

  constructor(private readonly deps: RequestedDeps) {}

  /** Where the analysis of `row` (over, analysable, none kept of its version) stands; the first ask queues it. */
  async ask(row: GameRow, owner: string): Promise<AnalysisStatus | AnalysisRefusal> {
    const { store } = this.deps;
    let known = await store.analysisRequest(row.id);
    if (known?.state === 'failed' && known.requestedBy !== null) {
      // Told once; the next ask starts it anew.
      await store.forgetAnalysisRequest(row.id);
      const here = this.deps.analyses.status(keyOf(row));
      return here?.state === 'failed'
        ? here
        : { state: 'failed', code: 'ERR_ANALYSIS_CRASHED', message: 'the analysis failed; ask again to try once more' };
    }
    // A new request: none yet, one failed or stale, or a match still waiting in the background.
    const fresh =
      known === null ||
      known.state === 'failed' ||
      known.state === 'done' ||
      (known.state === 'queued' && known.priority < ON_REQUEST);
    if (fresh) {
      const refused = await this.refusal(owner);
      if (refused !== null) return refused;
      await store.requestAnalysis(row.id, this.deps.now(), owner);
      known = await store.analysisRequest(row.id);
    }
    this.wake();
    if (known?.state === 'running') {
      const here = this.deps.analyses.status(keyOf(row));
      return here?.state === 'running' ? here : { state: 'running', done: 0, total: row.version };
    }
    return { state: 'queued', ahead: known?.ahead ?? 0 };
  }

  /**
   * At start: the matches left running by instances no longer alive (this one's last life
   * included) go back to the queue, whether or not the background analysis runs here.
   */
  async start(liveness: Pick<Liveness, 'peers'>): Promise<void> {
    const back = await this.deps.store.requeueRunningAnalyses(new Set(liveness.peers()));
    if (back > 0) this.deps.log.warn({ matches: back }, 'analyses left running by the last server are queued again');
  }

  /** Stops taking matches; the one in hand stays running in the store and is queued again at the next start. */
  close(): void {
    this.closed = true;
  }

  private async refusal(owner: string): Promise<AnalysisRefusal | null> {
    const { waiting, mine } = await this.deps.store.analysisRequests(owner);
    if (waiting >= this.deps.maxQueued) {
      return {
        state: 'refused',
        code: 'ERR_ANALYSIS_BUSY',
        message: `${waiting} analyses are waiting; ask again in a minute`,
        retryAfterMs: 60_000,
      };
    }
    if (mine < this.deps.perOwner) return null;
    return {
      state: 'refused',
      code: 'ERR_RATE_LIMITED',
      message: `you have ${mine} analyses under way; ask for another when one is ready`,
      retryAfterMs: 10_000,
    };
  }

  /** Takes the next match asked for, unless this instance's worker has one. */
  private wake(): void {
    if (this.closed || this.busy) return;
    this.busy = true;
    this.work()
      .catch((e: unknown) => this.deps.log.warn({ err: e }, 'an analysis asked for could not be read or written'))
      .finally(() => {
        this.busy = false;
      });
  }

  private async work(): Promise<void> {
    const { store } = this.deps;
    while (!this.closed) {
      const taken = await store.takeQueuedAnalysis(this.deps.now(), this.deps.holder, ON_REQUEST);
      if (taken === null) return;
      const row = await store.gameById(taken.gameId);
      if (row === null) continue;
      await this.run(row, taken);
    }
  }

  /** One match in the worker; resolves once it is stored or failed (or never, if the server closes first). */
  private run(row: GameRow, taken: TakenAnalysis): Promise<void> {
    const { store, analyses } = this.deps;
    return new Promise<void>((settled) => {
      let record: MatchRecord | null = null;
      const failed = (code: ErrorCode, message: string): void => {
        this.deps.log.warn({ game: row.id, attempts: taken.attempts, code, message }, 'an analysis asked for failed');
        store
          .failAnalysis(row.id, taken.attempts, this.deps.now(), this.deps.holder)
          .catch((e: unknown) => this.deps.log.warn({ err: e, game: row.id }, 'a failed analysis stays running'))
          .finally(settled);
      };
      const ready = (analysis: MatchAnalysis): void => {
        this.keep(row, record, analysis).finally(settled);
      };
      const load = async (): Promise<MatchRecord> => {
        record = { ...row.record, actions: (await store.actions(row.id)).map((stored) => stored.action) };
        return record;
      };
      analyses.forgetFailure(keyOf(row));
      analyses.request(keyOf(row), load, null, ready, failed).then(
        (status) => {
          // Made before and still held by the worker, or refused: nothing more will be told.
          if (status.state === 'ready') ready(status.analysis);
          else if (status.state === 'refused') failed(status.code, status.message);
        },
        (e: unknown) => failed('ERR_INTERNAL', e instanceof Error ? e.message : String(e)),
      );
    });
  }

  private async keep(row: GameRow, record: MatchRecord | null, analysis: MatchAnalysis): Promise<void> {
    const at = this.deps.now();
    try {
      await this.deps.store.saveAnalysis(
        { gameId: row.id, version: row.version, analysis, madeAt: at },
        prRowsOf(row, analysis, at),
      );
    } catch (e) {
      this.deps.log.warn({ err: e, game: row.id }, 'an analysis asked for could not be kept');
      await this.deps.store.failAnalysis(row.id, 1, at, this.deps.holder).catch(() => undefined);
      return;
    }
    if (record === null || this.deps.analysed === undefined) return;
    await this.deps.analysed(row, record, analysis).catch((e: unknown) => {
      this.deps.log.warn({ err: e, game: row.id }, 'the puzzles of an analysed match could not be cut');
    });
  }
}
