import { type TooMany, tooMany } from '../limits/bucket.js';
import type { Limits } from '../limits/config.js';
import type { RateLimiter, RateLimiters } from '../limits/limiter.js';

/**
 * How many tournaments an account, and an address, may create, and how many guests an
 * address may make by registering (GameGuard's pattern, limits/games.ts). A tournament is far
 * rarer than a game: an hour allows a tenth of the games a minute allows (3 with the default
 * 30), in a burst of as many, so the limits scale with ZAR_LIMITS' `games` (tests raise it).
 */
export class TournamentGuard {
  private readonly byAddress: RateLimiter;
  private readonly byAccount: RateLimiter;
  private readonly guests: RateLimiter;
  private readonly changes: RateLimiter;

  constructor(limits: Pick<Limits, 'gamesPerMinute'>, limiters: RateLimiters) {
    const perHour = Math.max(1, Math.floor(limits.gamesPerMinute / 10));
    this.byAddress = limiters.limiter('tournaments-by-address', perHour / 60, perHour);
    this.byAccount = limiters.limiter('tournaments-by-account', perHour / 60, perHour);
    this.guests = limiters.limiter('tournament-guests', limits.gamesPerMinute, limits.gamesPerMinute);
    this.changes = limiters.limiter('tournament-changes', limits.gamesPerMinute, limits.gamesPerMinute);
  }

  /**
   * A change asked for by `userId` (registering, withdrawing, a bot, the start, the cancel):
   * as many a minute as new games. Each is a write and a view sent to every watcher, so an
   * account registering and withdrawing in a loop would otherwise flood them all.
   */
  async change(userId: string, now: number): Promise<TooMany | null> {
    const taken = await this.changes.take(userId, now);
    return taken.ok ? null : tooMany('too many changes to tournaments', taken.retryAfterMs);
  }

  /** A tournament created now by `userId` from `address`; null when it may go ahead. */
  async rate(userId: string, address: string, now: number): Promise<TooMany | null> {
    const taken = await this.byAddress.take(address, now);
    const refused = taken.ok ? await this.byAccount.take(userId, now) : taken;
    return refused.ok ? null : tooMany('too many new tournaments', refused.retryAfterMs);
  }

  /** A visitor without a session registers, made a guest: counted by his address, as a new guest is. */
  async guest(address: string, now: number): Promise<TooMany | null> {
    const taken = await this.guests.take(address, now);
    return taken.ok ? null : tooMany('too many new players from this address', taken.retryAfterMs);
  }
}
