import type { Result } from '@zar/engine';
import { durationSetting, type Env, settingOrStop, type TimeUnit } from '../env.js';

/**
 * The least time between two pairings of the whole pool, by default. A person seeking a match
 * cannot tell a fifth of a second from at once (about a tenth is where a wait starts to be
 * seen; a reply within a second keeps the flow), and the match he is sent into is still to be
 * stored and its page loaded; while the pool is quiet a request is paired at once anyway. Five
 * pairings a second at most, however many requests arrive or bands widen.
 */
export const PAIRING_GAP_MS = 200;
/** The longest gap an operator may set (2 s): a request must not wait for its first look longer than this. */
const GAP_UNIT: TimeUnit = { name: 'milliseconds', ms: 1, max: 2000, whole: true };
/**
 * The most of the process's time pairing may take: after a pairing that took d ms the next one
 * waits at least d × (1 / share − 1), so a pool so large that one pairing takes longer than a
 * tenth of the gap is paired less often rather than taking the event loop from the games.
 */
export const PAIRING_SHARE = 0.1;

type GapResult = Result<number, 'ERR_PAIRING_GAP'>;

/** ZAR_PAIRING_GAP_MS: a whole number of ms from 0 (every change paired at once) to 2000; PAIRING_GAP_MS when unset. */
export function pairingGapFrom(env: Env): GapResult {
  return durationSetting(env, 'ZAR_PAIRING_GAP_MS', GAP_UNIT, PAIRING_GAP_MS, 'ERR_PAIRING_GAP');
}

/** The gap the app was given, else ZAR_PAIRING_GAP_MS; a wrong setting stops the server. */
export function pairingGapOf(given: number | undefined, env: Env): number {
  return given ?? settingOrStop(pairingGapFrom(env));
}

export interface PairingScheduleDeps {
  /** The pool's clock, which the requests' times and widenings are read on. */
  readonly now: () => number;
  /** The least ms between two pairings; 0: every change and widening is paired at once. */
  readonly gapMs: number;
  /** Pairs the whole pool now; answers when the next band widens (null: none will). */
  readonly pair: () => number | null;
}

/**
 * When the pool is paired: one timer for the whole pool. A change that may pair someone (a new
 * request) and a band's widening ask for a pairing; the first ask after a quiet gap is paired at
 * once, and every ask within the gap that follows a pairing waits for its end, where one pairing
 * answers them all. So the pool is paired at most once a gap, however many requests arrive or
 * widen, and each pairing sees the pool as it is when it runs.
 *
 * A cancellation never asks: after a pairing no two waiting requests may be paired (each one
 * left waiting found no partner among those left), and taking requests away cannot make one.
 */
export class PairingSchedule {
  private timer: NodeJS.Timeout | null = null;
  /** When the timer fires, on the pool's clock. */
  private timerAt = Number.NaN;
  /** The earliest the next pairing may run, on the pool's clock. */
  private notBefore = Number.NEGATIVE_INFINITY;
  /** A change asked for a pairing that has not run yet. */
  private asked = false;
  private wideningAt: number | null = null;
  private closed = false;

  constructor(private readonly deps: PairingScheduleDeps) {}

  /** The pool changed so that a pair may be found: paired now if the gap allows, else at its end. */
  ask(): void {
    this.asked = true;
    this.plan();
  }

  /** Stops the timer; nothing is paired any more. */
  close(): void {
    this.closed = true;
    this.stop();
  }

  /** Whether a pairing waits for its time (tests). */
  get pending(): boolean {
    return this.timer !== null;
  }

  private plan(): void {
    if (this.closed) return;
    const now = this.deps.now();
    const due = this.asked ? now : this.wideningAt;
    if (due === null) {
      this.stop();
      return;
    }
    const at = Math.max(due, this.notBefore);
    if (at <= now) {
      this.run();
      return;
    }
    if (this.timer !== null && this.timerAt === at) return;
    this.stop();
    this.timerAt = at;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.run();
    }, at - now);
    this.timer.unref();
  }

  private run(): void {
    this.stop();
    this.asked = false;
    const started = performance.now();
    const now = this.deps.now();
    this.wideningAt = this.deps.pair();
    const took = performance.now() - started;
    const gap = this.deps.gapMs === 0 ? 0 : Math.max(this.deps.gapMs, took * (1 / PAIRING_SHARE - 1));
    this.notBefore = now + gap;
    this.plan();
  }

  private stop(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}
