import { Buckets, type Taken } from './bucket.js';
import { OpenSockets, type SocketCount } from './sockets.js';

/**
 * Token buckets by key, wherever they are kept: in this process (`Buckets`) or in Redis,
 * shared by every instance (`RedisBuckets`). A limiter in memory answers at once; one in Redis
 * answers after a round trip, so a caller awaits either.
 */
export interface RateLimiter {
  readonly perMinute: number;
  readonly burst: number;
  /** Takes one token from the key's bucket, or says how long until there is one. */
  take(key: string, now: number): Taken | Promise<Taken>;
  /** How long until the key's bucket has a token (0: now), without taking it. */
  waitMs(key: string, now: number): number | Promise<number>;
  /** Forgets the key (a success that wipes earlier failures); done in the background over Redis. */
  forget(key: string): void;
}

/**
 * Where the limiters of an app are made. `name` says which limit a bucket belongs to (two
 * limiters never share one: over Redis it prefixes the keys, so that every instance's limiter
 * of that name counts in the same buckets).
 */
export interface RateLimiters {
  limiter(name: string, perMinute: number, burst: number): RateLimiter;
  /** The count of sockets open at once per address, at most `max` each. */
  openSockets(max: number): SocketCount;
  /** Whatever the limiters hold open (a Redis connection); nothing in memory. */
  close(): Promise<void>;
}

/** Limiters in this process: an instance alone, and every route that is not handed others. */
export const memoryLimiters: RateLimiters = {
  limiter: (_name, perMinute, burst) => new Buckets(perMinute, burst),
  openSockets: (max) => new OpenSockets(max),
  close: async () => {},
};
