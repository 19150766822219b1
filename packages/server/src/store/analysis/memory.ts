import type { AnalysisStore, QueuedAnalysisState, StoredAnalysis } from '../analysis-store.js';
import { type MemoryTables, memoryKey, parse } from '../memory-tables.js';
import type { PrRow } from '../rows.js';
import { betweenPeople } from './between-people.js';

interface QueueRow {
  state: QueuedAnalysisState;
  attempts: number;
  readonly enqueuedAt: number;
  /** Arrival order, the SQL store's tie-break by id standing in for it. */
  readonly gameId: string;
}

/** The analysis domain for memoryStore, with what the action that ends a match does in it. */
export interface MemoryAnalysis {
  readonly store: AnalysisStore;
  /** Queues the match `gameId` just ended, when it is between two people (appendAction calls it). */
  queueAtEnd(gameId: string): void;
}

/** The analysed matches' PR, kept where the profiles and the dice's luck read it, the queue and the analyses. */
export function memoryAnalysis(tables: MemoryTables): MemoryAnalysis {
  const queue = new Map<string, QueueRow>();
  const analyses = new Map<string, string>();
  const enqueue = (gameId: string, at: number): boolean => {
    if (queue.has(gameId)) return false;
    if (tables.game(gameId) === undefined) throw new Error(`enqueueAnalysis: no game ${gameId}`);
    queue.set(gameId, { state: 'queued', attempts: 0, enqueuedAt: at, gameId });
    return true;
  };
  const checkPr = (rows: readonly PrRow[]): void => {
    // All or none, as the SQL store's one statement; its foreign keys refuse unknown games and users.
    const stray = rows.find((r) => tables.game(r.gameId) === undefined || !tables.user(r.userId));
    if (stray) throw new Error(`savePr: no game ${stray.gameId} or no user ${stray.userId}`);
  };
  const keepPr = (rows: readonly PrRow[]): void => {
    for (const row of rows) tables.prs.set(memoryKey(row.gameId, row.userId), JSON.stringify(row));
  };
  const store: AnalysisStore = {
    async savePr(rows) {
      checkPr(rows);
      keepPr(rows);
    },
    async enqueueAnalysis(gameId, at) {
      return enqueue(gameId, at);
    },
    async takeQueuedAnalysis() {
      let next: QueueRow | null = null;
      for (const row of queue.values()) {
        if (row.state !== 'queued') continue;
        if (
          next === null ||
          row.enqueuedAt < next.enqueuedAt ||
          (row.enqueuedAt === next.enqueuedAt && row.gameId < next.gameId)
        )
          next = row;
      }
      if (next === null) return null;
      next.state = 'running';
      next.attempts++;
      return { gameId: next.gameId, attempts: next.attempts };
    },
    async requeueRunningAnalyses() {
      let n = 0;
      for (const row of queue.values()) {
        if (row.state !== 'running') continue;
        row.state = 'queued';
        n++;
      }
      return n;
    },
    async failAnalysis(gameId, maxAttempts) {
      const row = queue.get(gameId);
      if (row === undefined) throw new Error(`failAnalysis: ${gameId} was never queued`);
      row.state = row.attempts >= maxAttempts ? 'failed' : 'queued';
      return row.state;
    },
    async saveAnalysis(made, pr) {
      if (tables.game(made.gameId) === undefined) throw new Error(`saveAnalysis: no game ${made.gameId}`);
      checkPr(pr);
      analyses.set(made.gameId, JSON.stringify(made));
      keepPr(pr);
      const row = queue.get(made.gameId);
      if (row !== undefined) row.state = 'done';
    },
    async analysisOf(gameId) {
      return parse<StoredAnalysis>(analyses.get(gameId)) ?? null;
    },
    async queuedAnalysisState(gameId) {
      return queue.get(gameId)?.state ?? null;
    },
    async prHistoryOf(userId, limit) {
      return [...tables.prs.values()]
        .map((text) => JSON.parse(text) as PrRow)
        .filter((r) => r.userId === userId && r.game !== null)
        .map((r) => ({ gameId: r.gameId, game: r.game ?? 'backgammon', pr: r.pr, at: r.at }))
        .sort((a, b) => b.at - a.at || (a.gameId < b.gameId ? 1 : a.gameId > b.gameId ? -1 : 0))
        .slice(0, limit);
    },
    async analysisBacklog() {
      let n = 0;
      for (const row of queue.values()) if (row.state === 'queued' || row.state === 'running') n++;
      return n;
    },
  };
  return {
    store,
    queueAtEnd(gameId) {
      const game = tables.game(gameId);
      if (game !== undefined && betweenPeople(game.seats)) enqueue(gameId, game.updatedAt);
    },
  };
}
