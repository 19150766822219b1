import {
  type AnalysisStore,
  IN_BACKGROUND,
  ON_REQUEST,
  type QueuedAnalysisState,
  type StoredAnalysis,
} from '../analysis-store.js';
import { type MemoryTables, memoryKey, parse } from '../memory-tables.js';
import type { PrRow } from '../rows.js';
import { betweenPeople } from './between-people.js';

interface QueueRow {
  state: QueuedAnalysisState;
  attempts: number;
  /** The instance holding it while it runs (null: no one named). */
  holder: string | null;
  /** 0 in the background, more on request: the highest is taken first. */
  priority: number;
  /** Who asked for it, until he is told it failed. */
  requestedBy: string | null;
  enqueuedAt: number;
  /** Arrival order, the SQL store's tie-break by id standing in for it. */
  readonly gameId: string;
}

/** Whether `a` is taken before `b`: the higher priority, then the older, then the smaller id (as SQL orders them). */
const before = (a: QueueRow, b: QueueRow): boolean =>
  a.priority !== b.priority
    ? a.priority > b.priority
    : a.enqueuedAt !== b.enqueuedAt
      ? a.enqueuedAt < b.enqueuedAt
      : a.gameId < b.gameId;

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
    queue.set(gameId, {
      state: 'queued',
      attempts: 0,
      holder: null,
      priority: IN_BACKGROUND,
      requestedBy: null,
      enqueuedAt: at,
      gameId,
    });
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
    async requestAnalysis(gameId, at, by) {
      const row = queue.get(gameId);
      if (row === undefined) {
        if (tables.game(gameId) === undefined) throw new Error(`requestAnalysis: no game ${gameId}`);
        const asked = {
          state: 'queued',
          attempts: 0,
          holder: null,
          priority: ON_REQUEST,
          enqueuedAt: at,
          gameId,
        } as const;
        queue.set(gameId, { ...asked, requestedBy: by });
      } else if (row.state === 'failed' || row.state === 'done') {
        Object.assign(row, { state: 'queued', attempts: 0, priority: ON_REQUEST, requestedBy: by, enqueuedAt: at });
      } else if (row.state === 'queued' && row.priority < ON_REQUEST) {
        Object.assign(row, { priority: ON_REQUEST, requestedBy: by });
      }
    },
    async analysisRequest(gameId) {
      const row = queue.get(gameId);
      if (row === undefined) return null;
      let ahead = 0;
      if (row.state === 'queued')
        for (const other of queue.values()) if (other.state === 'queued' && before(other, row)) ahead++;
      return { state: row.state, priority: row.priority, requestedBy: row.requestedBy, ahead };
    },
    async forgetAnalysisRequest(gameId) {
      const row = queue.get(gameId);
      if (row !== undefined) row.requestedBy = null;
    },
    async analysisRequests(by) {
      let waiting = 0;
      let mine = 0;
      for (const row of queue.values()) {
        if (row.state === 'queued' && row.priority >= ON_REQUEST) waiting++;
        if (by !== null && row.requestedBy === by && (row.state === 'queued' || row.state === 'running')) mine++;
      }
      return { waiting, mine };
    },
    async takeQueuedAnalysis(_at, holder = null, priority) {
      let next: QueueRow | null = null;
      for (const row of queue.values()) {
        if (row.state !== 'queued' || (priority !== undefined && row.priority !== priority)) continue;
        if (next === null || before(row, next)) next = row;
      }
      if (next === null) return null;
      next.state = 'running';
      next.attempts++;
      next.holder = holder;
      return { gameId: next.gameId, attempts: next.attempts };
    },
    async requeueRunningAnalyses(alive) {
      let n = 0;
      for (const row of queue.values()) {
        if (row.state !== 'running') continue;
        if (alive !== undefined && row.holder !== null && alive.has(row.holder)) continue;
        row.state = 'queued';
        row.holder = null;
        n++;
      }
      return n;
    },
    async failAnalysis(gameId, maxAttempts, _at, holder) {
      const row = queue.get(gameId);
      if (row === undefined) throw new Error(`failAnalysis: ${gameId} was never queued`);
      if (typeof holder === 'string' && (row.state !== 'running' || row.holder !== holder)) return row.state;
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
