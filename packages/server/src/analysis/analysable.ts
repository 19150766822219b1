import { analysable } from '@zar/bot';
import type { MatchSettings } from '@zar/match';
import type { GameStatusRow } from '../store/types.js';

/**
 * Whether GET /api/games/:id/analysis would analyse the match now: it is over (an analysis of
 * a match in play would be a hint) and a player of @zar/bot's table values its rules exactly
 * and analyses them. Views and lists carry the answer, so a client never guesses which games
 * can be analysed.
 */
export const analysableNow = (status: GameStatusRow, settings: MatchSettings): boolean =>
  status === 'over' && analysable(settings);
