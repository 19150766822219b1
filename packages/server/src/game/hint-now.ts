import { whyNoHint } from '@zar/bot';
import type { MatchState, Player } from '@zar/match';
import type { GameRow } from '../store/types.js';

/**
 * Whether `seat` may ask the bot for a hint now: a person playing the bot, at his own decision,
 * under rules the bot values exactly. The view says so (`hint`), so the page draws its Hint
 * button from the same rule GET /api/games/:id/hint judges by (hints-routes.ts), never its own.
 */
export function hintNow(seats: GameRow['seats'], match: MatchState, seat: Player | null): boolean {
  return seat !== null && playsTheBot(seats, seat) && whyNoHint(match, seat) === null;
}

/** A person in `seat` against the bot: the only games with hints (between people a hint is help from outside). */
export function playsTheBot(seats: GameRow['seats'], seat: Player): boolean {
  return seats[seat].kind === 'human' && seats[seat === 0 ? 1 : 0].kind === 'bot';
}
