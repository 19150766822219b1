import type { Result } from '@zar/engine';
import { durationFrom, type Env, type TimeUnit } from '../env.js';
import type { SessionRow } from '../store/types.js';

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

/**
 * How often the sessions with open sockets are checked against their limits: a session's
 * sockets close at most this long after its end (a frame sent meanwhile is refused at once).
 */
export const SESSION_SWEEP_MS = 1000;

export const DEFAULT_SESSION_LIMITS: SessionLimits = { idleMs: 30 * DAY_MS, maxAgeMs: 365 * DAY_MS };

export type SessionLimitsResult = Result<SessionLimits, 'ERR_SESSION_LIMITS'>;

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

/** When the session ends unless it is visited again (the earlier of its two limits). */
export const endsAt = (session: SessionRow, limits: SessionLimits): number =>
  Math.min(session.lastSeenAt + limits.idleMs, session.createdAt + limits.maxAgeMs);

/** lastSeenAt is written at most this often: hourly, or finer when the idle limit is short. */
export const touchEvery = (limits: SessionLimits): number => Math.min(3600_000, limits.idleMs / 24);
