import type { GameRow } from './store/types.js';

/*
 * Who has the game open (issue 28: "the opponent sees when a player is disconnected"). A seat
 * is present while one of its user's sockets watches the room; a bot always is, an empty seat
 * never. Presence is the room's live knowledge, never stored: after a restart everyone is
 * absent until his page joins again, which it does on reconnecting.
 */

export type Presence = readonly [boolean, boolean];

/** Each seat's presence, given the users of the room's watchers (one entry per socket; null for a guest without a session). */
export function presenceOf(seats: GameRow['seats'], watchers: Iterable<string | null>): Presence {
  const present = new Set<string>();
  for (const userId of watchers) if (userId !== null) present.add(userId);
  const one = (seat: GameRow['seats'][number]): boolean =>
    seat.kind === 'bot' || (seat.userId !== null && present.has(seat.userId));
  return [one(seats[0]), one(seats[1])];
}

export const samePresence = (a: Presence, b: Presence): boolean => a[0] === b[0] && a[1] === b[1];
