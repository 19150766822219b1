import type { SeatRow } from '../rows.js';

/**
 * Whether a match is between two people, the matches analysed in the background: both seats a
 * person's (a bot's match is analysed when someone asks, as before).
 */
export const betweenPeople = (seats: readonly [SeatRow, SeatRow]): boolean =>
  seats[0].kind === 'human' && seats[0].userId !== null && seats[1].kind === 'human' && seats[1].userId !== null;
