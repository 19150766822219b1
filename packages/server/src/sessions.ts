import { durationFrom, type Env, type TimeUnit } from './env.js';
import type { SessionRow } from './store/types.js';

const DAY_MS = 24 * 3600_000;
const DAYS: TimeUnit = { name: 'days', ms: DAY_MS, max: 3650 };

/**
 * How long a session lives on the server: it ends after `idleMs` without a visit, and after
 * `maxAgeMs` whatever happens (lichess keeps a session until it is revoked; we bound it so that
 * a stolen cookie does not work for ever). A guest's session is his identity, so the limits are
 * long enough for a player who comes back once a month.
 */
export interface SessionLimits {
  readonly idleMs: number;
  readonly maxAgeMs: number;
}

export const DEFAULT_SESSION_LIMITS: SessionLimits = { idleMs: 30 * DAY_MS, maxAgeMs: 365 * DAY_MS };

export type SessionLimitsResult =
  | { ok: true; value: SessionLimits }
  | { ok: false; error: { code: 'ERR_SESSION_LIMITS'; message: string } };

/** ZAR_SESSION_IDLE_DAYS and ZAR_SESSION_MAX_DAYS (days, fractions allowed); the defaults when unset. */
export function sessionLimitsFrom(env: Env): SessionLimitsResult {
  const idleMs = durationFrom(env, 'ZAR_SESSION_IDLE_DAYS', DAYS, DEFAULT_SESSION_LIMITS.idleMs);
  const maxAgeMs = durationFrom(env, 'ZAR_SESSION_MAX_DAYS', DAYS, DEFAULT_SESSION_LIMITS.maxAgeMs);
  if (typeof idleMs === 'string') return { ok: false, error: { code: 'ERR_SESSION_LIMITS', message: idleMs } };
  if (typeof maxAgeMs === 'string') return { ok: false, error: { code: 'ERR_SESSION_LIMITS', message: maxAgeMs } };
  return { ok: true, value: { idleMs, maxAgeMs } };
}

/** Over either limit at `now`. lastSeenAt is written only now and then (see `touchEvery`). */
export const expired = (session: SessionRow, now: number, limits: SessionLimits): boolean =>
  now - session.lastSeenAt >= limits.idleMs || now - session.createdAt >= limits.maxAgeMs;

/** lastSeenAt is written at most this often: hourly, or finer when the idle limit is short. */
export const touchEvery = (limits: SessionLimits): number => Math.min(3600_000, limits.idleMs / 24);

interface LiveSocket {
  userId: string | null;
  readonly end: () => void;
}

/**
 * The open sockets of each session, so that ending a session (logout, a new session at login,
 * "sign out everywhere") also ends its sockets: a socket is identified once, when it opens, and
 * would otherwise keep acting for whoever it was.
 */
export class LiveSockets {
  private readonly bySession = new Map<string, Set<LiveSocket>>();

  /**
   * Tracks a socket under the session its cookie names, before that session is looked up, so
   * that a logout during the lookup still ends it. Returns `identified` (call it with the user
   * once known) and `untrack` (call it when the socket closes).
   */
  track(sessionId: string, end: () => void): { identified(userId: string | null): void; untrack(): void } {
    const entry: LiveSocket = { userId: null, end };
    let set = this.bySession.get(sessionId);
    if (set === undefined) {
      set = new Set();
      this.bySession.set(sessionId, set);
    }
    set.add(entry);
    return {
      identified: (userId) => {
        entry.userId = userId;
      },
      untrack: () => {
        const current = this.bySession.get(sessionId);
        current?.delete(entry);
        if (current?.size === 0) this.bySession.delete(sessionId);
      },
    };
  }

  /** Ends the sockets of one session; returns how many. */
  endSession(sessionId: string): number {
    const set = this.bySession.get(sessionId);
    if (set === undefined) return 0;
    this.bySession.delete(sessionId);
    for (const entry of set) entry.end();
    return set.size;
  }

  /** Ends the sockets of every session of a user; returns how many. */
  endUser(userId: string): number {
    let n = 0;
    for (const [sessionId, set] of this.bySession) {
      if ([...set].some((entry) => entry.userId === userId)) n += this.endSession(sessionId);
    }
    return n;
  }
}
