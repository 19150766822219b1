import type { PrRow } from './rows.js';

/** A person's PR in one analysed match, with its game. */
export interface GamePrRow {
  readonly gameId: string;
  readonly game: string;
  readonly pr: number;
  readonly at: number;
}

/** Where a match's analysis in the background stands (analysis_queue). */
export type QueuedAnalysisState = 'queued' | 'running' | 'done' | 'failed';

/** The queue's priority of a match between people, analysed in the background when nothing asked for waits. */
export const IN_BACKGROUND = 0;
/** The queue's priority of a match someone asked to see analysed: taken before every background one. */
export const ON_REQUEST = 1;

/** A match the background analysis has taken: the game, and the tries so far, this one included. */
export interface TakenAnalysis {
  readonly gameId: string;
  readonly attempts: number;
}

/** A match asked for, as analysisRequest reads it. */
export interface AnalysisRequest {
  readonly state: QueuedAnalysisState;
  readonly priority: number;
  readonly requestedBy: string | null;
  /** Matches queued that will be taken before it (0 unless it is queued). */
  readonly ahead: number;
}

/** A finished analysis as the store keeps it: of the game at `version`, made at `madeAt`. */
export interface StoredAnalysis<A = unknown> {
  readonly gameId: string;
  readonly version: number;
  readonly analysis: A;
  readonly madeAt: number;
}

/**
 * What the analysis of matches keeps: the queue of matches between two people waiting to be
 * analysed in the background (each match once: its game is the key), the finished analyses, and
 * the players' PR per match for the profiles. The action that ends a match between two people
 * queues it in its own transaction (store/memory.ts, store/sql.ts), so a crash between the end
 * and the queue cannot lose it; the queue is the only list of work, so the server holds none of
 * it in memory.
 */
export interface AnalysisStore {
  /**
   * Keeps the PR of each person in an analysed match (written when an analysis is ready; a
   * second analysis of the same game replaces the first), for the profiles.
   */
  savePr(rows: readonly PrRow[]): Promise<void>;
  /** Queues a finished match for the background analysis unless it was queued before (in any state); answers whether it was new. */
  enqueueAnalysis(gameId: string, at: number): Promise<boolean>;
  /**
   * Someone asked to see a match analysed: it is queued ON_REQUEST in `by`'s name, taken before
   * every background match. A match waiting in the background is raised to it; one failed, or
   * done with no analysis kept of its last version, is queued again with no tries; one queued on
   * request or running is left as it is.
   */
  requestAnalysis(gameId: string, at: number, by: string | null): Promise<void>;
  /** Where a match asked for stands: its state, who asked (null once told of a failure), and how many queued are taken before it. */
  analysisRequest(gameId: string): Promise<AnalysisRequest | null>;
  /** The asker was told the match failed: the failure is his no more, and asking again starts it anew. */
  forgetAnalysisRequest(gameId: string): Promise<void>;
  /** Matches asked for that wait (queued on request), and those `by` asked for that are queued or running. */
  analysisRequests(by: string | null): Promise<{ readonly waiting: number; readonly mine: number }>;
  /**
   * The next queued match (the highest priority, then the oldest), marked running with one more
   * attempt and held by `holder` (an instance's id; null: no one named) since `at`; null when none
   * waits. Given a `priority`, only a match queued at it is taken (the background and the analyses
   * asked for have workers of their own). Takers racing over one database never take the same match, and one that loses a match
   * to another takes the next (PostgreSQL: FOR UPDATE SKIP LOCKED; SQLite has one writer).
   */
  takeQueuedAnalysis(at: number, holder?: string | null, priority?: number): Promise<TakenAnalysis | null>;
  /**
   * At start: the matches left running by holders that are gone go back to queued (every running
   * match when `alive` is not given; a match no one holds is never alive's); answers how many.
   */
  requeueRunningAnalyses(alive?: ReadonlySet<string>): Promise<number>;
  /**
   * A running analysis failed: queued again while it has had fewer than `maxAttempts`, else failed
   * for good; answers its state. Given a `holder`, only while that instance still holds it (one
   * taken for dead, whose match another has taken since, changes nothing).
   */
  failAnalysis(gameId: string, maxAttempts: number, at: number, holder?: string | null): Promise<QueuedAnalysisState>;
  /**
   * A match's analysis is made: kept (replacing one made before), with its players' PR, and its
   * queue row, when it has one, done, all in one transaction.
   */
  saveAnalysis(analysis: StoredAnalysis, pr: readonly PrRow[]): Promise<void>;
  /** The analysis kept of a game, or null. */
  analysisOf(gameId: string): Promise<StoredAnalysis | null>;
  /** Where a game stands in the queue; null when it was never queued. */
  queuedAnalysisState(gameId: string): Promise<QueuedAnalysisState | null>;
  /**
   * A person's PR in his latest `limit` analysed matches of one game each, newest first (ties by
   * game id, descending); a row kept before the game was is backgammon's.
   */
  prHistoryOf(userId: string, limit: number): Promise<GamePrRow[]>;
  /** Matches queued or running: the queue's length, for the limits' and the tests' eyes. */
  analysisBacklog(): Promise<number>;
}
