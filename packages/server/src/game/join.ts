import type { Player } from '@zar/match';
import { seatOf } from '../store/game-seats.js';
import type { GameRow, SeatRow } from '../store/types.js';
import { spectatorsAdmitted } from './company/view.js';
import type { RoomDecision } from './decision.js';
import { fail, type RoomResult } from './room-result.js';

/** A person's seat after joining, and the row's change that starts the game (null: he was seated already). */
export interface Joined {
  readonly seat: Player;
  readonly change: Pick<GameRow, 'seats' | 'status' | 'open'> | null;
}

/**
 * A person joins a game (from the lobby or an invite link): someone already seated gets his
 * seat back, so opening one's own link twice is harmless; otherwise he takes the empty seat and
 * the game starts, or is refused (a game not open to the lobby, both seats taken).
 */
export function decideJoin(row: GameRow, userId: string, name: string, via: 'lobby' | 'invite'): RoomResult<Joined> {
  const mine = seatOf(row.seats, userId);
  if (mine !== null) return { ok: true, value: { seat: mine, change: null } };
  if (via === 'lobby' && !row.open) return fail('ERR_NOT_OPEN', 'this game is not open to join');
  const empty = row.seats.findIndex((s) => s.kind === 'human' && s.userId === null);
  if (row.status !== 'waiting' || empty === -1) return fail('ERR_GAME_FULL', 'both seats are taken');
  const taken = { ...(row.seats[empty] as SeatRow), userId, name };
  const seats: GameRow['seats'] = empty === 0 ? [taken, row.seats[1]] : [row.seats[0], taken];
  return { ok: true, value: { seat: empty as Player, change: { seats, status: 'playing', open: false } } };
}

/**
 * What the room does once a person took the empty seat (`change`, decideJoin's): store the
 * change that starts the game, send away those who came to the link and did not join when the
 * players do not admit spectators, and tell everyone.
 */
export const startDecision = (
  row: Pick<GameRow, 'noSpectators'>,
  change: NonNullable<Joined['change']>,
): RoomDecision => ({
  store: change,
  starts: true,
  sendAway: !spectatorsAdmitted({ noSpectators: row.noSpectators, status: change.status }),
  tell: 'all',
  opening: false,
});
