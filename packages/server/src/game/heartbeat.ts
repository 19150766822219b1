import type { Result } from '@zar/engine';
import type { Pause } from '@zar/match';
import type { Log } from '../common/log.js';
import { Outage } from '../common/outage.js';
import { durationSetting, type Env, type TimeUnit } from '../env.js';
import type { GamesStore } from '../store/types.js';
import { RETRY, type RetryPolicy, retryWaitMs } from './room-result.js';

/*
 * Downtime is not charged to anyone's clock (the reasons are in match/src/clock.ts):
 * while the server is down no one can act, so the actor must not lose time, let alone the
 * match. The server writes a heartbeat (the last moment it knew it was alive) every
 * `everyMs` and at a clean shutdown; at start, before any game is loaded, the span from the
 * last heartbeat to now is stored as a pause, which every clock rebuilt from the record skips.
 * After a crash the span from the last heartbeat to the crash counts as downtime too: the actor
 * gets back at most one interval that he had used, never loses any.
 *
 * Beside other instances the heartbeat is this instance's own, and a downtime is no longer the
 * whole server's: it is stored per game, for the games of the instance that was down, when
 * another instance takes them over (ownership.ts) or this one takes its own back.
 */

export const DEFAULT_HEARTBEAT_MS = 1000;

const MILLISECONDS: TimeUnit = { name: 'milliseconds', ms: 1, max: 60_000 };

export type HeartbeatResult = Result<number, 'ERR_HEARTBEAT'>;

/** ZAR_HEARTBEAT_MS; DEFAULT_HEARTBEAT_MS when unset. */
export function heartbeatFrom(env: Env): HeartbeatResult {
  return durationSetting(env, 'ZAR_HEARTBEAT_MS', MILLISECONDS, DEFAULT_HEARTBEAT_MS, 'ERR_HEARTBEAT');
}

/**
 * Stores the downtime since the last heartbeat as a pause (none on a first start, or when the
 * heartbeat is not behind `now`), then beats at once, so that a crash soon after this start
 * does not count the time it ran as downtime. Returns the pause stored, if any.
 */
export async function recordDowntime(store: GamesStore, now: number): Promise<Pause | null> {
  const last = await store.heartbeat();
  const pause = last !== null && last < now ? { from: last, to: now } : null;
  if (pause !== null) await store.addPause(pause);
  await store.setHeartbeat(now);
  return pause;
}

/**
 * An instance's own downtime since its last beat (none on its first start), then a beat at
 * once; nothing global is stored: the pause is its games' when they are claimed (ownership.ts).
 */
export async function instanceDowntime(store: GamesStore, instance: string, now: number): Promise<Pause | null> {
  const last = await store.lastBeat(instance);
  await store.beat(instance, now);
  return last !== null && last < now ? { from: last, to: now } : null;
}

/**
 * The server's heartbeat: started once (after the downtime is recorded), stopped at shutdown with a last beat.
 * Until the downtime is recorded it writes no beat at all, not even at a stop: a beat would
 * overwrite the last one from before the downtime, and every clock would be charged for it.
 */
export class Heartbeat {
  private timer: NodeJS.Timeout | null = null;
  private beating: Promise<void> | null = null;
  private stopped = false;
  private recorded = false;
  /** Ends the wait between two tries at recording the downtime (a stop). */
  private wake: (() => void) | null = null;
  private readonly outage: Outage;
  /** The downtime found at start: stored as a global pause alone, kept here beside other instances. */
  downtime: Pause | null = null;
  /**
   * Fenced beside other instances (Rooms): no beat is written, so that the last one says when
   * this instance stopped acting as an owner, and a peer taking its games over skips from then.
   */
  private held = false;

  constructor(
    private readonly store: GamesStore,
    private readonly now: () => number,
    private readonly everyMs: number,
    private readonly log: Log,
    private readonly retry: RetryPolicy = RETRY,
    /** Beside other instances, this one's name: its beats are its own (instanceDowntime). */
    private readonly instance: string | null = null,
  ) {
    this.outage = new Outage(log, 'could not write the heartbeat; trying again', 'the heartbeat is written again');
  }

  /**
   * Records the downtime, then beats every `everyMs`. A store that is away is asked again
   * (RetryPolicy) until it answers or the server stops: games load only after this resolves
   * (Rooms.load), and no one can act before, so the time until then is downtime too. Never rejects.
   */
  async start(): Promise<void> {
    for (let refusals = 0; !this.stopped; refusals++) {
      try {
        const now = this.now();
        const pause =
          this.instance === null
            ? await recordDowntime(this.store, now)
            : await instanceDowntime(this.store, this.instance, now);
        this.downtime = pause;
        this.recorded = true;
        if (pause !== null) this.log.warn({ pause }, 'the server was down: its clocks skip the downtime');
        break;
      } catch (e) {
        const waitMs = retryWaitMs(this.retry, refusals);
        this.log.error({ err: e, waitMs }, 'could not record the downtime: no game loads until it is; retrying');
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, waitMs);
          this.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.wake = null;
      }
    }
    if (this.stopped) return;
    this.timer = setInterval(() => void this.beat(), this.everyMs);
    this.timer.unref();
  }

  /** Stops beating, and writes the time of this clean shutdown as the last beat (once the downtime was recorded). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    await this.beating;
    if (this.recorded && !this.held) await this.write();
  }

  /** No beats while `held` (fenced); they go on once it is not. */
  hold(held: boolean): void {
    this.held = held;
  }

  /** One beat; none while the last one is still being written (a slow database). */
  private beat(): Promise<void> {
    if (this.held) return Promise.resolve();
    this.beating ??= this.write().finally(() => {
      this.beating = null;
    });
    return this.beating;
  }

  private async write(): Promise<void> {
    try {
      if (this.instance === null) await this.store.setHeartbeat(this.now());
      else await this.store.beat(this.instance, this.now());
      this.outage.recovered();
    } catch (e) {
      this.outage.failed(e);
    }
  }
}
