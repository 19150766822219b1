import type { Pause } from '@zar/match';
import { durationFrom, type Env, type TimeUnit } from './env.js';
import type { Log } from './room-result.js';
import type { Store } from './store/types.js';

/*
 * Downtime is not charged to anyone's clock (issue 28; the reasons are in match/src/clock.ts):
 * while the server is down no one can act, so the actor must not lose time, let alone the
 * match. The server writes a heartbeat (the last moment it knew it was alive) every
 * `everyMs` and at a clean shutdown; at start, before any game is loaded, the span from the
 * last heartbeat to now is stored as a pause, which every clock rebuilt from the record skips.
 * After a crash the span from the last heartbeat to the crash counts as downtime too: the actor
 * gets back at most one interval that he had used, never loses any.
 */

export const DEFAULT_HEARTBEAT_MS = 1000;

const MILLISECONDS: TimeUnit = { name: 'milliseconds', ms: 1, max: 60_000 };

export type HeartbeatResult =
  | { ok: true; value: number }
  | { ok: false; error: { code: 'ERR_HEARTBEAT'; message: string } };

/** ZAR_HEARTBEAT_MS; DEFAULT_HEARTBEAT_MS when unset. */
export function heartbeatFrom(env: Env): HeartbeatResult {
  const every = durationFrom(env, 'ZAR_HEARTBEAT_MS', MILLISECONDS, DEFAULT_HEARTBEAT_MS);
  if (typeof every === 'number') return { ok: true, value: every };
  return { ok: false, error: { code: 'ERR_HEARTBEAT', message: every } };
}

/**
 * Stores the downtime since the last heartbeat as a pause (none on a first start, or when the
 * heartbeat is not behind `now`), then beats at once, so that a crash soon after this start
 * does not count the time it ran as downtime. Returns the pause stored, if any.
 */
export async function recordDowntime(store: Store, now: number): Promise<Pause | null> {
  const last = await store.heartbeat();
  const pause = last !== null && last < now ? { from: last, to: now } : null;
  if (pause !== null) await store.addPause(pause);
  await store.setHeartbeat(now);
  return pause;
}

/** The server's heartbeat: started once (after the downtime is recorded), stopped at shutdown with a last beat. */
export class Heartbeat {
  private timer: NodeJS.Timeout | null = null;
  private beating: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly store: Store,
    private readonly now: () => number,
    private readonly everyMs: number,
    private readonly log: Log,
  ) {}

  /** Records the downtime, then beats every `everyMs`. Never rejects: a store that is away is logged. */
  async start(): Promise<void> {
    try {
      const pause = await recordDowntime(this.store, this.now());
      if (pause !== null) this.log.warn({ pause }, 'the server was down: its clocks skip the downtime');
    } catch (e) {
      this.log.error({ err: e }, 'could not record the downtime: the clocks may charge it');
    }
    if (this.stopped) return;
    this.timer = setInterval(() => void this.beat(), this.everyMs);
    this.timer.unref();
  }

  /** Stops beating, and writes the time of this clean shutdown as the last beat. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    await this.beating;
    await this.write();
  }

  /** One beat; none while the last one is still being written (a slow database). */
  private beat(): Promise<void> {
    this.beating ??= this.write().finally(() => {
      this.beating = null;
    });
    return this.beating;
  }

  private async write(): Promise<void> {
    try {
      await this.store.setHeartbeat(this.now());
    } catch (e) {
      this.log.warn({ err: e }, 'could not write the heartbeat');
    }
  }
}
