import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Log } from '../common/log.js';
import { Outage } from '../common/outage.js';
import { instanceChannel } from './bus.js';
import type { ClusterLimits } from './config.js';

export type PeerListener = (instance: string, up: boolean) => void;
/** Told `true` when this instance must stop acting as an owner, `false` when it may again. */
export type FenceListener = (fenced: boolean) => void;

/** Which instances are alive, and whether this one may still count itself among them. */
export interface Liveness {
  readonly instance: string;
  /**
   * False from the moment this instance's alive key could be gone (renewals failing until
   * the last good one's lifetime, less a margin, has passed): peers may then take its games.
   */
  readonly live: boolean;
  /** The other instances alive at the last look. */
  peers(): ReadonlySet<string>;
  /**
   * Whether `instance`'s alive key is there now: a look of its own, for an instance the last
   * look did not list, which may have started since (its games are not to be taken).
   */
  aliveNow(instance: string): Promise<boolean>;
  onPeer(listener: PeerListener): () => void;
  onFence(listener: FenceListener): () => void;
  close(): Promise<void>;
}

/** What each liveness does alike: who listens to its peers and to its fence, each able to stop. */
export abstract class LivenessListeners {
  protected readonly peerListeners = new Set<PeerListener>();
  protected readonly fenceListeners = new Set<FenceListener>();

  onPeer(listener: PeerListener): () => void {
    this.peerListeners.add(listener);
    return () => void this.peerListeners.delete(listener);
  }

  onFence(listener: FenceListener): () => void {
    this.fenceListeners.add(listener);
    return () => void this.fenceListeners.delete(listener);
  }
}

/** Every instance that has said it is alive; the alive keys say which still are. */
const INSTANCES = 'zar:instances';
const ALIVE = 'zar:alive:';

/**
 * Whether this instance's own key is there ('1' or '0'), then the alive instances, their start
 * tokens and how many connections listen on their bus channel (`ARGV[3]` .. name) as name,
 * token, listeners, …, in one round trip. A name whose key has expired leaves the set, so the
 * set does not grow with the random names of restarts.
 */
const PEERS_SCRIPT = `
local out = { redis.call('EXISTS', ARGV[1] .. ARGV[2]) == 1 and '1' or '0' }
for _, id in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  local token = redis.call('GET', ARGV[1] .. id)
  if token then
    out[#out + 1] = id
    out[#out + 1] = token
    out[#out + 1] = tostring(redis.call('PUBSUB', 'NUMSUB', ARGV[3] .. id)[2])
  else
    redis.call('SREM', KEYS[1], id)
  end
end
return out`;

/**
 * Looks in a row in which a peer that listened on its channel had no listener left before it
 * counts as dead, its alive key notwithstanding. A process that dies (kill -9, a crash, the
 * machine gone) has its connections closed by the kernel, and Redis drops its subscription at
 * once: two looks (at most 2 × peerPollMs) tell a death apart from a reconnection, which
 * ioredis makes within tens of milliseconds, without waiting out the key's lifetime. A peer
 * wrongly called dead this way loses its games to a takeover, and the store's epoch fences
 * every write it still tries: churn, never a game applied twice.
 */
const DEAF_LOOKS = 2;
/** How long a dead peer is known dead without asking Redis: longer than any takeover of its games. */
const DOWN_KEPT_MS = 60_000;

export interface RedisLivenessOptions {
  readonly instance: string;
  readonly commands: Redis;
  readonly limits: ClusterLimits;
  readonly log: Log;
  readonly now?: () => number;
}

/**
 * Liveness kept in Redis: this instance's key `zar:alive:{instance}` set with PX and renewed,
 * the peers' keys read every poll. One key per instance, not per game: 5,000 games cost no
 * more renewals than one. Redis going away stops nothing but the renewals: this instance
 * fences itself when its key could have expired, keeps trying, and is live again once a
 * renewal works.
 */
export class RedisLiveness extends LivenessListeners implements Liveness {
  readonly instance: string;
  /** Told apart from a restart under the same name: a peer whose token changes died in between. */
  private readonly token = randomBytes(6).toString('base64url');
  private readonly now: () => number;
  private readonly known = new Map<string, string>();
  /** Peers seen listening on their channel, by token: only those can be found deaf. */
  private readonly heard = new Map<string, string>();
  /** Looks in a row in which a heard peer had no listener. */
  private readonly unheard = new Map<string, number>();
  /** Peers called dead and not seen alive since, and when: asked about, they are dead without a look (aliveNow). */
  private readonly down = new Map<string, number>();
  private readonly renewals: Outage;
  private readonly looks: Outage;
  private renewTimer: NodeJS.Timeout | undefined;
  private pollTimer: NodeJS.Timeout | undefined;
  private fenceTimer: NodeJS.Timeout | undefined;
  /** The renewal in flight, if any: close waits for it, or it could set the key again after the goodbye. */
  private renewing: Promise<Error | null> | null = null;
  private polling = false;
  /** Until then a peer whose key is missing is not yet called down (see `compare`). */
  private graceUntil = 0;
  private fenced = true;
  private closed = false;

  constructor(private readonly options: RedisLivenessOptions) {
    super();
    this.instance = options.instance;
    this.now = options.now ?? Date.now;
    this.renewals = new Outage(
      options.log,
      'this instance cannot renew its alive key in Redis',
      'the alive key is renewed again',
    );
    this.looks = new Outage(
      options.log,
      'the other instances cannot be looked up in Redis',
      'the other instances are looked up again',
    );
  }

  get live(): boolean {
    return !this.fenced;
  }

  peers(): ReadonlySet<string> {
    return new Set(this.known.keys());
  }

  async aliveNow(instance: string): Promise<boolean> {
    if (instance === this.instance || this.known.has(instance)) return true;
    // Seen dying: a takeover of its hundreds of games asks once per game, and Redis need not answer each.
    if (this.down.has(instance)) return false;
    return (await this.options.commands.exists(ALIVE + instance)) === 1;
  }

  /** Alive (the first renewal made) and the peers read once; then renewed and polled on timers. */
  async start(): Promise<void> {
    const error = await this.renew();
    if (error !== null) throw error;
    await this.poll();
    const { renewMs, peerPollMs } = this.options.limits;
    this.renewTimer = setInterval(() => void this.renew(), renewMs);
    this.pollTimer = setInterval(() => void this.poll(), peerPollMs);
  }

  /** Timers stopped and the key removed, so that peers see this instance leave at once. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.renewTimer);
    clearInterval(this.pollTimer);
    clearTimeout(this.fenceTimer);
    await this.renewing;
    const { commands } = this.options;
    if (commands.status !== 'ready') return;
    await commands
      .multi()
      .del(ALIVE + this.instance)
      .srem(INSTANCES, this.instance)
      .exec()
      .catch(() => undefined);
  }

  /** One renewal; the error when it failed (start reports it, the timer's are logged). */
  private renew(): Promise<Error | null> {
    // A renewal still waiting (a stalled Redis) is not doubled: its command timeout ends it.
    if (this.renewing !== null || this.closed) return Promise.resolve(null);
    this.renewing = this.renewOnce().finally(() => {
      this.renewing = null;
    });
    return this.renewing;
  }

  private async renewOnce(): Promise<Error | null> {
    // The key's lifetime starts after Redis receives it: counting from the sending is safe.
    const sentAt = this.now();
    const { commands, limits } = this.options;
    try {
      const replies = await commands
        .multi()
        .set(ALIVE + this.instance, this.token, 'PX', limits.aliveTtlMs)
        .sadd(INSTANCES, this.instance)
        .exec();
      const failed = replies?.find(([e]) => e !== null)?.[0];
      if (replies === null || failed) throw failed ?? new Error('the renewal was discarded');
      this.renewals.recovered();
      if (!this.closed) this.renewed(sentAt);
      return null;
    } catch (e) {
      this.renewals.failed(e);
      return e instanceof Error ? e : new Error(String(e));
    }
  }

  /** The fence moves to the new key's expiry less the margin; a fenced instance is live again. */
  private renewed(sentAt: number): void {
    const { aliveTtlMs, fenceMarginMs } = this.options.limits;
    const left = sentAt + aliveTtlMs - fenceMarginMs - this.now();
    // Answered so late that the key may already be gone: as good as not renewed.
    if (left <= 0) return;
    clearTimeout(this.fenceTimer);
    this.fenceTimer = setTimeout(() => this.fence(true), left);
    if (this.fenced) this.fence(false);
  }

  private fence(fenced: boolean): void {
    if (this.fenced === fenced || this.closed) return;
    this.fenced = fenced;
    if (fenced)
      this.options.log.warn({ instance: this.instance }, 'this instance is fenced: its alive key may have expired');
    for (const listener of this.fenceListeners) this.call(() => listener(fenced));
  }

  private async poll(): Promise<void> {
    if (this.polling || this.closed) return;
    this.polling = true;
    try {
      const flat = (await this.options.commands.eval(
        PEERS_SCRIPT,
        1,
        INSTANCES,
        ALIVE,
        this.instance,
        instanceChannel(''),
      )) as string[];
      // Back after an outage, or a Redis that lost its keys (restarted empty, or failed over
      // to a replica behind it): a living peer may not have set its key again yet.
      if (this.looks.failingNow || flat[0] !== '1') this.graceUntil = this.now() + this.options.limits.aliveTtlMs;
      this.looks.recovered();
      if (!this.closed) this.compare(flat);
    } catch (e) {
      // Redis away: the peers last seen are kept (this instance fences itself meanwhile).
      this.looks.failed(e);
    } finally {
      this.polling = false;
    }
  }

  /**
   * Downs (gone, deaf, or restarted with a new token) before ups, so a restart reads as down
   * then up. A missing key or a deaf peer is a death only outside the grace after an outage:
   * within it, a peer has one key lifetime to set its key again and listen again (a new
   * token, though, is a death at once).
   */
  private compare(flat: readonly string[]): void {
    const grace = this.now() < this.graceUntil;
    const seen = new Map<string, string>();
    for (let i = 1; i + 2 < flat.length; i += 3) {
      const id = flat[i] as string;
      const token = flat[i + 1] as string;
      if (id === this.instance || this.deaf(id, token, flat[i + 2] !== '0') || this.down.has(id)) continue;
      seen.set(id, token);
    }
    for (const [id, token] of this.known) {
      const now = seen.get(id);
      if (now === undefined ? !grace : now !== token) {
        this.known.delete(id);
        this.down.set(id, this.now());
        this.tell(id, false);
      }
    }
    this.forgetGone(flat);
    for (const [id, token] of seen) {
      if (!this.known.has(id)) {
        this.known.set(id, token);
        this.tell(id, true);
      }
    }
  }

  /**
   * What is kept of peers whose key is gone: their counts at once; their death a while, so
   * that a takeover's claims of their games are answered without asking Redis.
   */
  private forgetGone(flat: readonly string[]): void {
    const listed = new Set<string>();
    for (let i = 1; i + 2 < flat.length; i += 3) listed.add(flat[i] as string);
    for (const id of this.heard.keys()) {
      if (!listed.has(id)) {
        this.heard.delete(id);
        this.unheard.delete(id);
      }
    }
    const before = this.now() - DOWN_KEPT_MS;
    for (const [id, at] of this.down) if (at < before && !listed.has(id)) this.down.delete(id);
  }

  /**
   * Whether a peer whose key is there is dead all the same: it listened on its channel, and no
   * longer has for DEAF_LOOKS looks. A peer called dead stays so until a look finds it
   * listening again, or with a new token (a restart under the same name).
   */
  private deaf(id: string, token: string, listening: boolean): boolean {
    if (this.heard.get(id) !== token) {
      // A new token (or a first look): what was counted was another run's.
      this.unheard.delete(id);
      this.down.delete(id);
      if (!listening) {
        this.heard.delete(id);
        return false;
      }
      this.heard.set(id, token);
    }
    if (listening) {
      this.unheard.delete(id);
      this.down.delete(id);
      return false;
    }
    const looks = (this.unheard.get(id) ?? 0) + 1;
    this.unheard.set(id, looks);
    return looks >= DEAF_LOOKS && this.now() >= this.graceUntil;
  }

  private tell(instance: string, up: boolean): void {
    for (const listener of this.peerListeners) this.call(() => listener(instance, up));
  }

  /** A listener's throw is logged; the others are still told, and the timers go on. */
  private call(tell: () => void): void {
    try {
      tell();
    } catch (e) {
      this.options.log.error({ err: e }, 'a liveness listener failed');
    }
  }
}
