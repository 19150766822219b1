import { settingOrStop } from '../env.js';
import { abandonAfterFrom } from './abandon.js';
import { claimAfterFrom } from './claim.js';
import { correspondenceDayFrom } from './deadline-sweep.js';
import { heartbeatFrom } from './heartbeat.js';
import type { RoomsCluster } from './ownership.js';
import type { RoomDeps } from './room.js';

/** What the rooms of a process are given (rooms.ts), and the settings read from the environment when it is silent. */
export interface RoomsOptions extends RoomDeps {
  /** A room nobody watches and nothing happens in is dropped from memory after this long. */
  readonly idleMs?: number;
  /**
   * A game against a bot nobody played for this long is ended (abandon.ts). Default:
   * ZAR_ABANDON_HOURS, else 24 hours; a bad value stops the server.
   */
  readonly abandonAfterMs?: number;
  /**
   * The server's heartbeat, for the clocks to skip its downtime (heartbeat.ts). Default:
   * ZAR_HEARTBEAT_MS, else 1 s; a bad value stops the server.
   */
  readonly heartbeatMs?: number;
  /**
   * Beside other instances (REDIS_URL): this one's name and who is alive. Each game is then
   * owned by one instance (ownership.ts), taken over when it dies (takeover.ts). Left out alone.
   */
  readonly cluster?: RoomsCluster;
  /** How often the instances that died are looked for games left to take over (takeover.ts); 1 s when left out. */
  readonly takeoverScanMs?: number;
  /** How often correspondence matches whose time is up are looked for (deadline-sweep.ts); 30 s when left out. */
  readonly deadlineSweepMs?: number;
}

/** The abandon limit: given, else ZAR_ABANDON_HOURS, else 24 hours (abandon.ts). */
export function abandonAfterOf(options: RoomsOptions): number {
  if (options.abandonAfterMs !== undefined) return options.abandonAfterMs;
  return settingOrStop(abandonAfterFrom(process.env));
}

/** The claims' inactivity limit (claim.ts): given, else ZAR_CLAIM_AFTER_SECONDS, else 5 minutes. */
export const claimAfterOf = (options: RoomsOptions): number =>
  options.claimAfterMs ?? settingOrStop(claimAfterFrom(process.env));

/** The heartbeat's period: given, else ZAR_HEARTBEAT_MS, else 1 s (heartbeat.ts). */
export const heartbeatOf = (options: RoomsOptions): number =>
  options.heartbeatMs ?? settingOrStop(heartbeatFrom(process.env));

/** A correspondence clock's day: given, else ZAR_CORRESPONDENCE_DAY_MS (tests), else a day. */
export const dayOf = (options: RoomsOptions): number =>
  options.correspondenceDayMs ?? settingOrStop(correspondenceDayFrom(process.env));
