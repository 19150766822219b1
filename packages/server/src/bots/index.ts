import type { AddressBook } from './owners.js';
import type { Pacer } from './pacer.js';
import { BotPool } from './pool.js';
import type { QueueWaits } from './queue-waits.js';
import { type AnalysisRunner, type BoardRunner, type BotRunner, InThreadBots, type RunnerLog } from './runner.js';
import type { BotKind } from './seat-agents.js';

export type { AnalysisPiece, AnalysisPieceAnswer } from './analysis-work.js';
export type { BoardAnswer, BoardWork } from './board-work.js';
export type { HintAnswer } from './hints.js';
export { AddressBook, type BotOwner, ownerKey } from './owners.js';
export { BotPool, type BotPoolOptions, spawnBotWorker } from './pool.js';
export { QueueWaits } from './queue-waits.js';
export {
  type AnalysisRunner,
  type BoardRunner,
  type BotRunner,
  botWorkersFrom,
  fallbackDecision,
  InThreadBots,
  type RunnerLog,
} from './runner.js';
export type { BotKind, SeatRequest } from './seat-agents.js';

/** How the workers' time is shared (pool.ts): fairly among owners, or first come first served (benchmarks). */
export interface BotSharing {
  readonly addresses?: AddressBook;
  readonly scheduling?: 'fair' | 'fifo';
  /** Benchmarks: told each job's wait for a worker (queue-waits.ts). */
  readonly waits?: QueueWaits;
}

/** The server's bots: `workers` worker threads, or its own thread when 0. */
export function createBots(
  workers: number,
  log: RunnerLog,
  pacer: Pacer,
  kind: BotKind = 'strongest',
  sharing: BotSharing = {},
): BotRunner & BoardRunner & AnalysisRunner {
  return workers === 0 ? new InThreadBots(pacer, kind) : new BotPool({ size: workers, log, kind, ...sharing });
}
