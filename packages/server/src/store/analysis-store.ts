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

/** A match the background analysis has taken: the game, and the tries so far, this one included. */
export interface TakenAnalysis {
  readonly gameId: string;
  readonly attempts: number;
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
  /** The oldest queued match, marked running with one more attempt; null when none waits. */
  takeQueuedAnalysis(at: number): Promise<TakenAnalysis | null>;
  /** At start: every match left running by a server that stopped goes back to queued; answers how many. */
  requeueRunningAnalyses(): Promise<number>;
  /** A running analysis failed: queued again while it has had fewer than `maxAttempts`, else failed for good. */
  failAnalysis(gameId: string, maxAttempts: number, at: number): Promise<QueuedAnalysisState>;
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
