import type { Player } from '@zar/match';
import type { GameRow } from './rows.js';

/*
 * Who holds a game row's seats. Beside the rows rather than in game/: the chat, the profiles
 * and the lobby's lists read a row's seats as the room does, and game/ imports them.
 */

/** The seat a user holds in a game, or null (a spectator). Bots hold no user. */
export function seatOf(seats: GameRow['seats'], userId: string | null): Player | null {
  if (userId === null) return null;
  if (seats[0].kind === 'human' && seats[0].userId === userId) return 0;
  if (seats[1].kind === 'human' && seats[1].userId === userId) return 1;
  return null;
}
