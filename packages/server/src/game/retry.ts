import type { ServerMessage } from '@zar/protocol';
import { RETRY, type RetryPolicy, type RoomResult, retryWaitMs } from './room-result.js';

/**
 * What the room does once a step it queued by itself has run (an automatic action, the timeout
 * at a flag's fall): the store's refusals in a row, counting this one, and the wait before the
 * same step is tried again (null: it is not).
 */
export interface AfterStep {
  readonly refusals: number;
  readonly retryMs: number | null;
  /** Refused for a reason worth an error in the log: not the store away, not the room closing, not a flag fallen first. */
  readonly fault: boolean;
}

const DONE: AfterStep = { refusals: 0, retryMs: null, fault: false };

/**
 * The decision after step result `r`, with `refusals` refusals before it. A store that is away is
 * asked again after a wait that doubles with each refusal (RetryPolicy), unless the room is
 * `gone` (closing, or broken and replaced by a fresh copy, which has its own timers).
 */
export function afterStep(
  r: RoomResult<unknown>,
  refusals: number,
  policy: RetryPolicy = RETRY,
  gone = false,
): AfterStep {
  if (r.ok) return DONE;
  const { code } = r.error;
  if (code !== 'ERR_STORE_UNAVAILABLE') {
    return { refusals, retryMs: null, fault: code !== 'ERR_CLOSED' && code !== 'ERR_MATCH_OVER' };
  }
  if (gone) return { refusals, retryMs: null, fault: false };
  return { refusals: refusals + 1, retryMs: retryWaitMs(policy, refusals), fault: false };
}

/** What the players hear while an automatic action waits for the store to come back (sent on their sockets). */
export const retryNotice = (game: string, waitMs: number): string =>
  JSON.stringify({
    t: 'error',
    game,
    code: 'ERR_STORE_UNAVAILABLE',
    message: `the game could not be saved; the server is recovering and tries again in ${Math.ceil(waitMs / 1000)} s`,
  } satisfies ServerMessage);
