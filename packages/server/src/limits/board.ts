import { type TooMany, tooMany } from './bucket.js';
import type { RateLimiter, RateLimiters } from './limiter.js';

/*
 * The analysis board's requests, for visitors too, so counted by address first and by account
 * where there is a session. A person studying a position asks once for each roll or setup he
 * tries, a few a minute; each answer is up to a second of a bot worker (a 2-ply ranking), and a
 * temperature map is 21 rankings, so a script asking in a loop is refused long before the
 * workers are all his (the pool keeps one free for the games whatever he asks: bots/pool.ts).
 */

/** Evaluations (plays of a roll, the cube) one account may ask a minute, in a burst of as many as the burst. */
export const BOARD_EVALUATIONS_PER_MINUTE = 30;
export const BOARD_EVALUATION_BURST = 10;
/** Temperature maps one account may ask a minute, in a burst of as many as the burst. */
export const TEMPERATURE_MAPS_PER_MINUTE = 6;
export const TEMPERATURE_MAP_BURST = 3;
/** Rollouts one account may start a minute (one runs at a time: board/rollouts.ts). */
export const ROLLOUTS_PER_MINUTE = 6;
export const ROLLOUT_BURST = 3;
/** From one address: twice an account's, for two people behind one router. */
const ADDRESS_FACTOR = 2;

export type BoardRequestKind = 'evaluate' | 'temperature' | 'rollout';

/** Token buckets of one kind of request, by address and by account. */
class KindGuard {
  private readonly byAddress: RateLimiter;
  private readonly byAccount: RateLimiter;

  constructor(limiters: RateLimiters, kind: BoardRequestKind, perMinute: number, burst: number) {
    this.byAddress = limiters.limiter(`board-${kind}-by-address`, ADDRESS_FACTOR * perMinute, ADDRESS_FACTOR * burst);
    this.byAccount = limiters.limiter(`board-${kind}-by-account`, perMinute, burst);
  }

  async take(userId: string | null, address: string, now: number): Promise<TooMany | null> {
    const taken = await this.byAddress.take(address, now);
    const refused = taken.ok && userId !== null ? await this.byAccount.take(userId, now) : taken;
    return refused.ok ? null : tooMany('too many analyses of positions', refused.retryAfterMs);
  }
}

export class BoardGuard {
  private readonly guards: Record<BoardRequestKind, KindGuard>;

  constructor(limiters: RateLimiters) {
    this.guards = {
      evaluate: new KindGuard(limiters, 'evaluate', BOARD_EVALUATIONS_PER_MINUTE, BOARD_EVALUATION_BURST),
      temperature: new KindGuard(limiters, 'temperature', TEMPERATURE_MAPS_PER_MINUTE, TEMPERATURE_MAP_BURST),
      rollout: new KindGuard(limiters, 'rollout', ROLLOUTS_PER_MINUTE, ROLLOUT_BURST),
    };
  }

  /** A request of `kind` now, by `userId` (null: a visitor) from `address`; null when it may go ahead. */
  take(kind: BoardRequestKind, userId: string | null, address: string, now: number): Promise<TooMany | null> {
    return this.guards[kind].take(userId, address, now);
  }
}
