import { randomBytes } from 'node:crypto';
import type { Result } from '@zar/engine';
import type { Env } from '../env.js';

/**
 * How this process takes part in a cluster of Zar instances. Without REDIS_URL it is alone,
 * as Zar always was: the cluster is an in-process twin (local.ts) with no timers and no sockets.
 */
export interface ClusterConfig {
  /** redis:// or rediss:// (REDIS_URL); null: one instance, nothing to connect to. */
  readonly redisUrl: string | null;
  /** This instance's name in channels and keys (ZAR_INSTANCE); random per start when unset. */
  readonly instance: string;
  readonly limits: ClusterLimits;
}

/** Every bound of the substrate, in one place; tests shorten the times. */
export interface ClusterLimits {
  /** The alive key's lifetime (SET PX): how long a silent instance still counts as up. */
  readonly aliveTtlMs: number;
  /** How often the alive key is renewed: several renewals fit in one lifetime. */
  readonly renewMs: number;
  /** How often the peers' alive keys are read: a death is seen at most this long after its key expires. */
  readonly peerPollMs: number;
  /**
   * How long before the alive key could have expired this instance calls itself fenced: the
   * time a room needs to stop, so that it has stopped before a peer may take its games.
   */
  readonly fenceMarginMs: number;
  /** A command to Redis not answered within this long fails (a stalled Redis is an absent one). */
  readonly commandTimeoutMs: number;
  /** How long a starting instance waits for Redis before it gives up starting. */
  readonly connectMs: number;
  /** The biggest envelope (header and body, in bytes) sent or accepted. */
  readonly maxEnvelopeBytes: number;
  /** Questions to other instances awaiting their answer; more are refused at once. */
  readonly maxPendingAsks: number;
  /** How long a question waits for its answer by default. */
  readonly askTimeoutMs: number;
}

/**
 * PX 3000 renewed every second: two renewals may be lost to a hiccup before peers see the
 * instance die, and a death is seen within 3.5 s (TTL + poll), well inside the 5 s in which
 * another instance must have taken its games over.
 */
export const DEFAULT_CLUSTER_LIMITS: ClusterLimits = {
  aliveTtlMs: 3000,
  renewMs: 1000,
  peerPollMs: 500,
  fenceMarginMs: 500,
  commandTimeoutMs: 1000,
  connectMs: 5000,
  // A game's state frame is a few KiB; a batch of them for one instance stays far below this.
  maxEnvelopeBytes: 1024 * 1024,
  maxPendingAsks: 10_000,
  askTimeoutMs: 5000,
};

export type ClusterConfigCode = 'ERR_REDIS_URL' | 'ERR_INSTANCE';

/** Names that can sit in a channel or key name and a log line unquoted. */
const INSTANCE = /^[A-Za-z0-9_.-]{1,64}$/;

/** A fresh name for an instance that was given none: it is a new instance at every start. */
export function randomInstance(): string {
  return `i-${randomBytes(6).toString('base64url')}`;
}

/** An instance alone, as Zar is without REDIS_URL. */
export function aloneConfig(): ClusterConfig {
  return { redisUrl: null, instance: randomInstance(), limits: DEFAULT_CLUSTER_LIMITS };
}

/**
 * REDIS_URL and ZAR_INSTANCE. A malformed address is refused without being repeated, since
 * it may hold a password.
 */
export function clusterConfigFrom(
  env: Env,
  limits: ClusterLimits = DEFAULT_CLUSTER_LIMITS,
): Result<ClusterConfig, ClusterConfigCode> {
  const url = env.REDIS_URL;
  let redisUrl: string | null = null;
  if (url !== undefined && url !== '') {
    if (!isRedisUrl(url)) {
      return {
        ok: false,
        error: { code: 'ERR_REDIS_URL', message: 'REDIS_URL is not a redis:// or rediss:// address with a host' },
      };
    }
    redisUrl = url;
  }
  const given = env.ZAR_INSTANCE;
  if (given !== undefined && given !== '' && !INSTANCE.test(given)) {
    return {
      ok: false,
      error: {
        code: 'ERR_INSTANCE',
        message: `ZAR_INSTANCE is "${given}"; give 1 to 64 letters, digits, '.', '_' or '-'`,
      },
    };
  }
  const instance = given === undefined || given === '' ? randomInstance() : given;
  return { ok: true, value: { redisUrl, instance, limits } };
}

function isRedisUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'redis:' || url.protocol === 'rediss:') && url.hostname !== '';
  } catch {
    return false;
  }
}
