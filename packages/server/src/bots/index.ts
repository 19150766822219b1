import type { Pacer } from '../pacer.js';
import { BotPool } from './pool.js';
import { type BotRunner, InThreadBots, type RunnerLog } from './runner.js';
import type { BotKind } from './seat-agents.js';

export type { HintAnswer } from './hints.js';
export { BotPool, type BotPoolOptions, spawnBotWorker } from './pool.js';
export { type BotRunner, botWorkersFrom, fallbackDecision, InThreadBots, type RunnerLog } from './runner.js';
export type { BotKind, SeatRequest } from './seat-agents.js';

/** The server's bots: `workers` worker threads, or its own thread when 0. */
export function createBots(workers: number, log: RunnerLog, pacer: Pacer, kind: BotKind = 'strongest'): BotRunner {
  return workers === 0 ? new InThreadBots(pacer, kind) : new BotPool({ size: workers, log, kind });
}
