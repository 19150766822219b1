import type { Redis } from 'ioredis';
import type { Log } from '../common/log.js';
import { Outage } from '../common/outage.js';
import type { Liveness } from './liveness.js';

/** Told the holder whenever it changes: null while none is known. */
export type HolderListener = (holder: string | null) => void;

/**
 * One instance of the cluster holding a job (the pairing pool, the tournaments' clocks) at a
 * time, under a lease it renews. Whoever does not hold it learns who does, to send the job's
 * work there.
 */
export interface Lease {
  readonly instance: string;
  /** Whether this instance holds it now (and may act as the job's one holder). */
  readonly held: boolean;
  /** The holder as last seen; null while none is known. */
  readonly holder: string | null;
  onHolder(listener: HolderListener): () => void;
  /** Stops renewing and lets it go at once, so another instance takes it without waiting for it to expire. */
  close(): Promise<void>;
}

export interface LeaseTimes {
  /** The key's lifetime (PX): how long a silent holder keeps it. */
  readonly ttlMs: number;
  /** How often the holder renews it and the others try to take it. */
  readonly renewMs: number;
  /** The holder calls itself no longer holding it this long before it could have expired. */
  readonly marginMs: number;
}

/** As the instances' alive keys: a dead holder's lease is taken within ttl + renew (4 s). */
export const LEASE_TIMES: LeaseTimes = { ttlMs: 3000, renewMs: 1000, marginMs: 500 };

/**
 * Renews the key when this instance holds it, takes it when nobody does (SET NX PX), and
 * answers the holder either way: one round trip per beat, taken and renewed alike.
 */
const LEASE_SCRIPT = `
local holder = redis.call('GET', KEYS[1])
if holder == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return holder
end
if holder then return holder end
redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2])
return ARGV[1]`;

/** Deletes the key only while this instance holds it: a late goodbye must not drop a successor's lease. */
const RELEASE_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

abstract class HolderListeners {
  private readonly listeners = new Set<HolderListener>();
  protected current: string | null = null;

  onHolder(listener: HolderListener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  protected become(holder: string | null, log: Log): void {
    if (holder === this.current) return;
    this.current = holder;
    for (const listener of this.listeners) {
      try {
        listener(holder);
      } catch (e) {
        log.error({ err: e }, 'a lease listener failed');
      }
    }
  }
}

export interface RedisLeaseOptions {
  /** The key, as `zar:lease:pool`. */
  readonly key: string;
  readonly instance: string;
  readonly redis: Redis;
  readonly liveness: Liveness;
  readonly log: Log;
  readonly times?: LeaseTimes;
  readonly now?: () => number;
}

/**
 * A lease kept in Redis (SET NX PX, renewed). Its holder stops holding it when a renewal has
 * not worked before the key could have expired, or when its own liveness fences it: another
 * instance may then have taken the lease, and two holders must never act at once.
 */
export class RedisLease extends HolderListeners implements Lease {
  readonly instance: string;
  private readonly times: LeaseTimes;
  private readonly now: () => number;
  private readonly outage: Outage;
  private readonly timer: NodeJS.Timeout;
  private readonly stopFence: () => void;
  private expiry: NodeJS.Timeout | undefined;
  private beating: Promise<void> | null = null;
  private closed = false;

  constructor(private readonly options: RedisLeaseOptions) {
    super();
    this.instance = options.instance;
    this.times = options.times ?? LEASE_TIMES;
    this.now = options.now ?? Date.now;
    this.outage = new Outage(
      options.log,
      `the lease ${options.key} cannot be read in Redis`,
      `the lease ${options.key} is read again`,
    );
    this.stopFence = options.liveness.onFence((fenced) => {
      if (fenced && this.held) this.lost();
    });
    this.timer = setInterval(() => void this.beat(), this.times.renewMs);
    this.timer.unref();
  }

  get held(): boolean {
    return this.current === this.instance;
  }

  get holder(): string | null {
    return this.current;
  }

  /** The first beat: the holder known (or this instance holding it) before the app serves. */
  start(): Promise<void> {
    return this.beat();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.timer);
    clearTimeout(this.expiry);
    this.stopFence();
    await this.beating;
    const held = this.held;
    this.become(null, this.options.log);
    if (!held || this.options.redis.status !== 'ready') return;
    await this.options.redis
      .eval(RELEASE_SCRIPT, 1, this.options.key, this.instance)
      .catch((e: unknown) => this.options.log.warn({ err: e }, 'a lease could not be given back'));
  }

  private beat(): Promise<void> {
    if (this.beating !== null || this.closed) return Promise.resolve();
    this.beating = this.beatOnce().finally(() => {
      this.beating = null;
    });
    return this.beating;
  }

  private async beatOnce(): Promise<void> {
    const sentAt = this.now();
    const { redis, key, liveness, log } = this.options;
    // A fenced instance neither takes nor keeps the lease: it cannot tell it is still alive.
    if (!liveness.live) {
      if (this.held) this.lost();
      return;
    }
    try {
      const holder = (await redis.eval(LEASE_SCRIPT, 1, key, this.instance, String(this.times.ttlMs))) as string;
      this.outage.recovered();
      if (this.closed) return;
      if (holder === this.instance) {
        const left = sentAt + this.times.ttlMs - this.times.marginMs - this.now();
        if (left <= 0) return;
        clearTimeout(this.expiry);
        this.expiry = setTimeout(() => this.lost(), left);
      } else {
        clearTimeout(this.expiry);
      }
      this.become(holder, log);
    } catch (e) {
      // The holder's expiry timer ends its hold if this goes on; the others keep the holder they knew.
      this.outage.failed(e);
    }
  }

  private lost(): void {
    clearTimeout(this.expiry);
    this.become(null, this.options.log);
  }
}

/**
 * The lease of instances in one process (the tests of several instances without Redis): the
 * first to ask holds it; when the holder closes, the next one waiting takes it.
 */
export class LocalLeases {
  private readonly waiting: LocalLease[] = [];
  private holder: LocalLease | null = null;

  constructor(private readonly log: Log) {}

  join(instance: string): LocalLease {
    const lease = new LocalLease(instance, this, this.log);
    this.waiting.push(lease);
    if (this.holder === null) this.handOn();
    else lease.told(this.holder.instance);
    return lease;
  }

  /** @internal */
  leave(lease: LocalLease): void {
    const i = this.waiting.indexOf(lease);
    if (i >= 0) this.waiting.splice(i, 1);
    if (this.holder === lease) this.handOn();
  }

  private handOn(): void {
    this.holder = this.waiting[0] ?? null;
    const name = this.holder?.instance ?? null;
    for (const lease of this.waiting) lease.told(name);
  }
}

export class LocalLease extends HolderListeners implements Lease {
  constructor(
    readonly instance: string,
    private readonly leases: LocalLeases,
    private readonly log: Log,
  ) {
    super();
  }

  get held(): boolean {
    return this.current === this.instance;
  }

  get holder(): string | null {
    return this.current;
  }

  /** @internal */
  told(holder: string | null): void {
    this.become(holder, this.log);
  }

  async close(): Promise<void> {
    this.leases.leave(this);
    this.become(null, this.log);
  }
}
