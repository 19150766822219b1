import type { Log } from '../common/log.js';
import { retryWaitMs } from '../game/room-result.js';

/** The first wait before a step the store refused is tried again. */
export const FIRST_RETRY_MS = 5000;
/** The longest wait between two tries: a database away for hours is still looked at this often. */
const LONGEST_RETRY_MS = 5 * 60_000;

/**
 * The tournaments' steps that the store refused (a booking, a round's games, a start at its
 * time), tried again until one goes through. Nothing else would try them: a match whose end was
 * not booked is over, a round whose games were not stored has nobody playing, and a start time
 * passes once, so a bounded number of tries left the tournament waiting for the server's next
 * start after any outage longer than the tries. The wait doubles from `firstMs` up to five
 * minutes, and one key (a tournament, a game) has one try waiting at most: every step re-reads
 * the store, so one try does the work of any number asked for meanwhile.
 */
export class Retries {
  private readonly waiting = new Map<string, NodeJS.Timeout>();
  private closed = false;

  constructor(
    private readonly log: Log,
    private readonly firstMs = FIRST_RETRY_MS,
  ) {}

  /** Runs `step` a while after its `failures`-th refusal in a row, and again after each further one. */
  after(key: string, failures: number, step: () => Promise<unknown>): void {
    if (this.closed || this.waiting.has(key)) return;
    const wait = retryWaitMs({ firstMs: this.firstMs, maxMs: LONGEST_RETRY_MS }, failures - 1);
    const timer = setTimeout(() => {
      this.waiting.delete(key);
      step().catch((e: unknown) => {
        this.log.warn({ err: e, key }, 'a tournament step was refused again; trying later');
        this.after(key, failures + 1, step);
      });
    }, wait);
    timer.unref();
    this.waiting.set(key, timer);
  }

  close(): void {
    this.closed = true;
    for (const timer of this.waiting.values()) clearTimeout(timer);
    this.waiting.clear();
  }
}
