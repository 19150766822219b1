import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { type ClusterConfig, closeConnection, type Liveness, openConnection, readyWithin } from '../cluster/index.js';
import type { Log } from '../common/log.js';
import { Outage } from '../common/outage.js';
import { Buckets, type Taken } from './bucket.js';
import { BUCKET_SCRIPT } from './bucket-script.js';
import { memoryLimiters, type RateLimiter, type RateLimiters } from './limiter.js';
import { SharedOpenSockets } from './shared-sockets.js';
import { OpenSockets } from './sockets.js';

/** Every limiter's buckets in Redis start with this, then the limiter's name. */
export const LIMITS_PREFIX = 'zar:rl:';
/** A key longer than this (a client key holds an account name and a device id) is stored as its hash. */
export const MAX_KEY_LENGTH = 100;
/** A bucket outlives its refill by this much (the instances' clocks and Redis's differ a little). */
const TTL_MARGIN_MS = 1000;

interface BucketCommand {
  zarBucket(key: string, now: string, burst: string, perMinute: string, ttlMs: string, mode: string): Promise<number>;
}

const OK: Taken = { ok: true };

/** What the limiters of one connection share: the connection, and the outage said once. */
class Link {
  readonly outage: Outage;

  constructor(
    readonly redis: Redis,
    log: Log,
  ) {
    this.outage = new Outage(
      log,
      'the rate limits cannot reach Redis: each instance counts on its own until it is back',
      'the rate limits are shared through Redis again',
    );
    redis.defineCommand('zarBucket', { numberOfKeys: 1, lua: BUCKET_SCRIPT });
  }

  /** Whether a call may go to Redis now; the outage told (once) when it may not. */
  get up(): boolean {
    const { status } = this.redis;
    if (status === 'ready') return true;
    if (!this.outage.failingNow) this.outage.failed(new Error(`the connection to Redis is ${status}`));
    return false;
  }

  run(key: string, now: number, limiter: RedisBuckets, mode: 'take' | 'wait'): Promise<number> {
    const command = this.redis as unknown as BucketCommand;
    return command.zarBucket(key, String(now), limiter.burstArg, limiter.perMinuteArg, limiter.ttlArg, mode);
  }
}

/**
 * Token buckets kept in Redis, one hash per key, shared by every instance's limiter of the
 * same name: one script per call (bucket-script.ts), so one round trip, and the same answers
 * as `Buckets`. A bucket's key expires once it would have filled up again, when it holds
 * nothing a fresh one would not, so idle keys vanish by themselves.
 *
 * Redis away must neither stop a request nor lift the limits: every call is also made on a
 * bucket in this process, which answers while Redis does not (from what this instance took
 * itself, as before Redis), and the outage is logged once.
 */
export class RedisBuckets implements RateLimiter {
  readonly burstArg: string;
  readonly perMinuteArg: string;
  readonly ttlArg: string;
  private readonly local: Buckets;
  private readonly prefix: string;

  constructor(
    private readonly link: Link,
    name: string,
    readonly perMinute: number,
    readonly burst: number,
  ) {
    this.local = new Buckets(perMinute, burst);
    this.prefix = `${LIMITS_PREFIX}${name}:`;
    this.burstArg = String(burst);
    this.perMinuteArg = String(perMinute);
    this.ttlArg = String(Math.ceil(burst / (perMinute / 60_000)) + TTL_MARGIN_MS);
  }

  take(key: string, now: number): Taken | Promise<Taken> {
    const local = this.local.take(key, now);
    if (!this.link.up) return local;
    return this.link.run(this.keyOf(key), now, this, 'take').then(
      (wait) => this.shared(wait),
      (e: unknown) => this.failed(e, local),
    );
  }

  waitMs(key: string, now: number): number | Promise<number> {
    const local = this.local.waitMs(key, now);
    if (!this.link.up) return local;
    return this.link.run(this.keyOf(key), now, this, 'wait').then(
      (wait) => {
        this.link.outage.recovered();
        return wait;
      },
      (e: unknown) => this.failed(e, local),
    );
  }

  forget(key: string): void {
    this.local.forget(key);
    if (!this.link.up) return;
    this.link.redis.del(this.keyOf(key)).catch((e: unknown) => this.link.outage.failed(e));
  }

  /** The key in Redis: the limiter's prefix, then the key itself, or its hash when it is long. */
  keyOf(key: string): string {
    if (key.length <= MAX_KEY_LENGTH) return this.prefix + key;
    return `${this.prefix}#${createHash('sha256').update(key).digest('base64url')}`;
  }

  private shared(wait: number): Taken {
    this.link.outage.recovered();
    return wait === 0 ? OK : { ok: false, retryAfterMs: wait };
  }

  private failed<T>(e: unknown, local: T): T {
    this.link.outage.failed(e);
    return local;
  }
}

/**
 * Limiters in Redis over `redis` (a connection for commands, not subscriptions). `close`
 * closes the connection when `owned`. Sockets are counted together with the instances that
 * `liveness` sees, or in this process without it.
 */
export function redisLimiters(redis: Redis, log: Log, owned = false, liveness?: Liveness): RateLimiters {
  const link = new Link(redis, log);
  const names = new Set<string>();
  let sockets: SharedOpenSockets | null = null;
  return {
    limiter: (name, perMinute, burst) => {
      // Two limits in one set of buckets would each spend the other's tokens.
      if (names.has(name)) throw new Error(`two rate limiters named ${name}`);
      names.add(name);
      return new RedisBuckets(link, name, perMinute, burst);
    },
    openSockets: (max) => {
      if (liveness === undefined) return new OpenSockets(max);
      if (sockets !== null) throw new Error('sockets are counted once per instance');
      sockets = new SharedOpenSockets(redis, liveness, link.outage, max);
      return sockets;
    },
    close: async () => {
      await sockets?.close();
      if (owned) await closeConnection(redis);
    },
  };
}

export interface LimitsLinkOptions {
  readonly url: string;
  /** In the connection's CLIENT LIST name. */
  readonly instance: string;
  /** A take not answered within this long is answered by the local bucket. */
  readonly commandTimeoutMs: number;
  /** How long `openRedisLimiters` waits for Redis; the local buckets answer meanwhile. */
  readonly connectMs: number;
  readonly log: Log;
  /** Who else is alive, to count sockets with; without it sockets are counted in this process. */
  readonly liveness?: Liveness;
}

/**
 * Limiters on a connection of their own to the Redis at `url`, reconnecting for ever. It waits
 * up to `connectMs` for Redis, never fails: the limits are kept locally while it is away.
 */
export async function openRedisLimiters(options: LimitsLinkOptions): Promise<RateLimiters> {
  // Quiet: the limiters tell the outage once, in their words, when a take fails.
  const redis = openConnection(options.url, 'limits', {
    instance: options.instance,
    commandTimeoutMs: options.commandTimeoutMs,
    log: options.log,
    quiet: true,
  });
  const limiters = redisLimiters(redis, options.log, true, options.liveness);
  await readyWithin(redis, options.connectMs).catch(() => {
    // Not yet: the local buckets answer meanwhile.
  });
  return limiters;
}

/** The limiters an instance keeps its rates in: shared through Redis beside others (REDIS_URL), in memory alone. */
export function limitersFor(config: ClusterConfig | undefined, liveness: Liveness, log: Log): Promise<RateLimiters> {
  if (config === undefined || config.redisUrl === null) return Promise.resolve(memoryLimiters);
  const { redisUrl, instance, limits } = config;
  return openRedisLimiters({
    url: redisUrl,
    instance,
    commandTimeoutMs: limits.commandTimeoutMs,
    connectMs: limits.connectMs,
    log,
    liveness,
  });
}
