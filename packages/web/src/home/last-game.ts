import { decode, type NewGameRequest, NewGameSchema } from '@zar/protocol';
import { browserStorage, keep } from '../storage.js';

/*
 * The last new-game request this browser sent, for "play again with the last settings". It is
 * read back through the protocol's schema, so a stored request an older page wrote (or a hand
 * edit) that the server would refuse is forgotten rather than sent.
 */

export const LAST_GAME_KEY = 'zar.lastGame';

/** A full or refused storage only loses the shortcut. */
export function rememberLastGame(request: NewGameRequest): void {
  keep(LAST_GAME_KEY, JSON.stringify(request));
}

export function lastGame(): NewGameRequest | null {
  const text = browserStorage()?.getItem(LAST_GAME_KEY);
  if (!text) return null;
  try {
    const stored: unknown = JSON.parse(text);
    // Sent again as it was sent (a clock and rated included), not with the defaults the server fills in.
    return decode(NewGameSchema, stored).ok ? (stored as NewGameRequest) : null;
  } catch {
    return null;
  }
}
