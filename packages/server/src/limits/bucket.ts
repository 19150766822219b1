import type { RateLimiter } from './limiter.js';

/** A bucket's refusal: how long until the next token. */
export type Taken = { ok: true } | { ok: false; retryAfterMs: number };

/** A refusal: too many attempts, and when to try again. */
export interface TooMany {
  readonly code: 'ERR_RATE_LIMITED';
  readonly message: string;
  readonly retryAfterMs: number;
}

/** `what` was refused, with the seconds to wait said in the message too. */
export const tooMany = (what: string, retryAfterMs: number): TooMany => ({
  code: 'ERR_RATE_LIMITED',
  message: `${what}; try again in ${Math.ceil(retryAfterMs / 1000)} s`,
  retryAfterMs,
});

/*
 * A rate such as 5 in 15 minutes is not exact in floating point: a token takes
 * 180,000.00000000003 ms, and a bucket that waited exactly that long holds 0.9999999999 of one.
 * So a token is counted whole a hair early, and a wait is rounded down by as much before it is
 * rounded up to whole ms: a 180 s wait is told as 180, not 181, and is over after 180.
 */
const WHOLE = 1 - 1e-9;
const ROUNDING_MS = 1e-3;

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * Token buckets by key (an address, an account name): each holds up to `burst` tokens and
 * gains `perMinute` a minute; a call takes one or is told how long to wait. The memory is
 * bounded so that the limiter cannot be flooded itself: at most `maxKeys` buckets, the one
 * used longest ago dropped first, and a bucket that has filled up again holds nothing a fresh
 * one would not (it is dropped when next seen full). A flood of new keys can push an old key
 * out early, which forgives it: the price of a bound, paid only at `maxKeys` keys at once.
 */
export class Buckets implements RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly perMs: number;

  constructor(
    readonly perMinute: number,
    readonly burst: number,
    private readonly maxKeys = 100_000,
  ) {
    this.perMs = perMinute / 60_000;
  }

  /** Takes one token from the key's bucket, or says how long until there is one. */
  take(key: string, now: number): Taken {
    const bucket = this.current(key, now);
    if (bucket.tokens >= WHOLE) {
      bucket.tokens = Math.max(0, bucket.tokens - 1);
      this.keep(key, bucket);
      return { ok: true };
    }
    this.keep(key, bucket);
    return { ok: false, retryAfterMs: this.untilToken(bucket.tokens) };
  }

  /** How long until the key's bucket has a token (0: now), without taking it. */
  waitMs(key: string, now: number): number {
    const bucket = this.buckets.get(key);
    if (bucket === undefined) return 0;
    const tokens = Math.min(this.burst, bucket.tokens + (now - bucket.at) * this.perMs);
    return tokens >= WHOLE ? 0 : this.untilToken(tokens);
  }

  /** Whole ms until `tokens` make a token (at least 1: `take` would refuse now). */
  private untilToken(tokens: number): number {
    return Math.max(1, Math.ceil((1 - tokens) / this.perMs - ROUNDING_MS));
  }

  /** Forgets the key (a success that wipes earlier failures). */
  forget(key: string): void {
    this.buckets.delete(key);
  }

  /** Buckets held now (tests read the bound). */
  get size(): number {
    return this.buckets.size;
  }

  private current(key: string, now: number): Bucket {
    const bucket = this.buckets.get(key);
    if (bucket === undefined) return { tokens: this.burst, at: now };
    bucket.tokens = Math.min(this.burst, bucket.tokens + Math.max(0, now - bucket.at) * this.perMs);
    bucket.at = now;
    return bucket;
  }

  /** Re-inserts the key as the most recently used; drops the oldest beyond the bound. */
  private keep(key: string, bucket: Bucket): void {
    this.buckets.delete(key);
    this.buckets.set(key, bucket);
    while (this.buckets.size > this.maxKeys) {
      const oldest = this.buckets.keys().next().value;
      if (oldest === undefined) break;
      this.buckets.delete(oldest);
    }
  }
}
