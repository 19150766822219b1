import type { Result } from '@zar/engine';
import type { MatchErrorCode } from '@zar/match';

/** Someone watching a game: a player in a seat, or a spectator (userId null or not seated). */
export interface Subscriber {
  readonly userId: string | null;
  /** One serialized ServerMessage. */
  send(frame: string): void;
  /** Ends this watch from the room's side (a spectator, when the players forbid spectators). */
  kick?(): void;
  /** The room left this instance (another owns the game now): the watcher must look for it again. */
  moved?(): void;
}

export type RoomErrorCode =
  | MatchErrorCode
  | 'ERR_STALE'
  | 'ERR_NOT_A_PLAYER'
  | 'ERR_NOT_PLAYING'
  | 'ERR_GAME_FULL'
  | 'ERR_NOT_OPEN'
  | 'ERR_CLOSED'
  | 'ERR_STORE_UNAVAILABLE'
  | 'ERR_NO_CLAIM'
  | 'ERR_CLAIM_EARLY'
  | 'ERR_NO_REMATCH'
  | 'ERR_TOO_MANY_GAMES'
  | 'ERR_RATE_LIMITED'
  // A seed for the dice given twice or too late; spectators a player may not forbid
  | 'ERR_SEED_SET'
  | 'ERR_SEED_LATE'
  | 'ERR_NO_SPECTATORS'
  | 'ERR_INTERNAL';

export type RoomResult<T> = Result<T, RoomErrorCode>;

/**
 * A room's refusal, the failure half of RoomResult. Typed apart from RoomResult<never> so that
 * a command returning it beside its value still infers RoomResult of that value.
 */
export type RoomRefusal = Extract<RoomResult<never>, { ok: false }>;

export const fail = (code: RoomErrorCode, message: string): RoomRefusal => ({
  ok: false,
  error: { code, message },
});

export const unavailable = (): RoomRefusal =>
  fail('ERR_STORE_UNAVAILABLE', 'the game could not be saved (the database is away); try again shortly');

/**
 * The wait before trying again an automatic action (opening roll, bot move) that the store
 * refused: `firstMs`, doubled at each refusal up to `maxMs`. It is tried again for as long as
 * the room lives, so a game goes on by itself once the database is back; the wait is what is
 * bounded, so a long outage costs one write every `maxMs` a game, not a storm.
 */
export interface RetryPolicy {
  readonly firstMs: number;
  readonly maxMs: number;
}

export const RETRY: RetryPolicy = { firstMs: 250, maxMs: 30_000 };

/** The wait before the next try, after `refusals` refusals in a row (0: the first wait). */
export const retryWaitMs = ({ firstMs, maxMs }: RetryPolicy, refusals: number): number =>
  Math.min(maxMs, firstMs * 2 ** Math.min(refusals, 30));
