import { type TooMany, tooMany } from './bucket.js';
import type { RateLimiter, RateLimiters } from './limiter.js';

/**
 * Hints one account may ask a minute, in a burst of as many as HINT_BURST. A player asks at
 * most once a turn, and the page's "that lost 0.084" feedback once more, so a fast game of ten
 * turns a minute stays well inside; a script asking for hints in a loop (each is tenths of a
 * second of a bot worker) is refused.
 */
export const HINTS_PER_MINUTE = 30;
export const HINT_BURST = 10;
/** From one address: twice an account's, for two players behind one router. */
export const HINTS_PER_ADDRESS_MINUTE = 2 * HINTS_PER_MINUTE;

export class HintGuard {
  private readonly byAddress: RateLimiter;
  private readonly byAccount: RateLimiter;

  constructor(limiters: RateLimiters) {
    this.byAddress = limiters.limiter('hints-by-address', HINTS_PER_ADDRESS_MINUTE, 2 * HINT_BURST);
    this.byAccount = limiters.limiter('hints-by-account', HINTS_PER_MINUTE, HINT_BURST);
  }

  /** A hint asked now by `userId` from `address`; null when it may go ahead. */
  async take(userId: string, address: string, now: number): Promise<TooMany | null> {
    const taken = await this.byAddress.take(address, now);
    const refused = taken.ok ? await this.byAccount.take(userId, now) : taken;
    return refused.ok ? null : tooMany('too many hints', refused.retryAfterMs);
  }
}
