import type { GameRow } from './types.js';

/**
 * A game between people: both seats are humans holding an account or a guest's user id. Only
 * such games count on a profile (matches per pool, abandonment); games against a bot do not.
 */
export function humanGame(game: Pick<GameRow, 'seats'>): boolean {
  return game.seats.every((s) => s.kind === 'human' && s.userId !== null);
}
