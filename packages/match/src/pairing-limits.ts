/**
 * Who may add a request to the pairing pool: a handful of open requests an
 * account, one per kind, rated only for registered accounts. The server checks a parsed
 * request here before it joins the pool; a refusal leaves the pool as it was.
 */
import { err, ok, type Result } from '@zar/engine';
import { kindKey, type PairingRequest } from './pairing-request.js';

/** Open requests one account may hold at once: enough to wait for a few kinds, not to flood the lobby. */
export const MAX_OPEN_PAIRING_REQUESTS = 3;

export type PairingLimitErrorCode = 'ERR_TOO_MANY_PAIRINGS' | 'ERR_PAIRING_DUPLICATE' | 'ERR_ACCOUNT_ONLY';

export interface PairingAccount {
  /** False for a guest: guests play casual matches only. */
  readonly registered: boolean;
}

/** `request` if it may join `pool`, else why not. */
export function admitRequest(
  pool: readonly PairingRequest[],
  request: PairingRequest,
  account: PairingAccount,
  limit: number = MAX_OPEN_PAIRING_REQUESTS,
): Result<PairingRequest, PairingLimitErrorCode> {
  if (request.kind.rated && !account.registered) {
    return err('ERR_ACCOUNT_ONLY', 'only a registered account plays rated matches');
  }
  if (pool.some((r) => r.id === request.id)) {
    return err('ERR_PAIRING_DUPLICATE', `the pool already holds a request "${request.id}"`);
  }
  const own = pool.filter((r) => r.player === request.player);
  const key = kindKey(request.kind);
  if (own.some((r) => kindKey(r.kind) === key)) {
    return err('ERR_PAIRING_DUPLICATE', 'this account already waits for a match of this kind');
  }
  if (own.length >= limit) {
    return err('ERR_TOO_MANY_PAIRINGS', `an account holds at most ${limit} pairing requests`);
  }
  return ok(request);
}
