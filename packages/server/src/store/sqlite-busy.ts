import type { Result } from '@zar/engine';
import type SQLite from 'better-sqlite3';
import { durationSetting, type TimeUnit } from '../env.js';

/**
 * How long a SQLite statement waits for a lock another connection holds (its busy_timeout)
 * before it fails with SQLITE_BUSY, which the server answers 503 ERR_STORE_UNAVAILABLE
 * (unavailable.ts). better-sqlite3 is synchronous: while SQLite waits, the event loop waits
 * with it, and every room, socket and timer of the server with the loop. The server's own
 * writes never wait on each other (they go one at a time through its one connection), so only
 * another process holds the lock while we wait (a script, the sqlite3 shell writing); 50 ms
 * rides out a short write of that kind and bounds what a long one costs each request that
 * writes meanwhile. (At 5 s, one such lock stalled every game 5 s a write.)
 */
export const DEFAULT_SQLITE_BUSY_MS = 50;
/** The longest an operator may set: past this the server stalls longer than any player waits. */
export const MAX_SQLITE_BUSY_MS = 5000;
/**
 * The wait while the server starts (the write check, the migration): nothing is served yet, so
 * a longer wait stalls no one, and a start should not fail on a lock held a moment.
 */
export const START_SQLITE_BUSY_MS = 5000;

export type SqliteBusyResult = Result<number, 'ERR_SQLITE_BUSY'>;

const BUSY_UNIT: TimeUnit = { name: 'milliseconds', ms: 1, max: MAX_SQLITE_BUSY_MS, whole: true };

/** ZAR_SQLITE_BUSY_MS: whole milliseconds from 0 to MAX_SQLITE_BUSY_MS; DEFAULT_SQLITE_BUSY_MS when unset. */
export function sqliteBusyFrom(env: { readonly ZAR_SQLITE_BUSY_MS?: string | undefined }): SqliteBusyResult {
  const given = { ZAR_SQLITE_BUSY_MS: env.ZAR_SQLITE_BUSY_MS };
  return durationSetting(given, 'ZAR_SQLITE_BUSY_MS', BUSY_UNIT, DEFAULT_SQLITE_BUSY_MS, 'ERR_SQLITE_BUSY');
}

/** Sets the connection's busy_timeout (ms). */
export function setBusyTimeout(sqlite: SQLite.Database, ms: number): void {
  sqlite.pragma(`busy_timeout = ${Math.trunc(ms)}`);
}

/** The connection's busy_timeout (ms). */
export const busyTimeoutOf = (sqlite: SQLite.Database): number =>
  Number(sqlite.pragma('busy_timeout', { simple: true }));

/** Runs `task` (the migration at start) with START_SQLITE_BUSY_MS, then puts the serving wait back. */
export async function whileStarting<T>(sqlite: SQLite.Database | null, task: () => Promise<T>): Promise<T> {
  if (sqlite === null) return task();
  const serving = busyTimeoutOf(sqlite);
  setBusyTimeout(sqlite, START_SQLITE_BUSY_MS);
  try {
    return await task();
  } finally {
    if (sqlite.open) setBusyTimeout(sqlite, serving);
  }
}
