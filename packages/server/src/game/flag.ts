import type { Clock, GameAction, Player } from '@zar/match';
import type { GameStatusRow } from '../store/types.js';
import { fallen } from './clock.js';
import type { Presence } from './presence.js';

/*
 * Flag falls, decided from the room's values: whether the actor's time has run out at a given
 * moment, and the timeout that ends the match then. The room keeps the timer (clock.ts
 * FlagTimer, set at flagWaitMs) and stores the timeout through its queue, like any action.
 */

/** The player whose time ran out, and whether he lost by abandonment (his page was closed). */
export interface Flagged {
  readonly player: Player;
  readonly abandonedBy?: Player;
}

/**
 * The actor whose flag has fallen by `at` in a match being played, if any. One who had the game
 * closed when his time ran out abandoned it (his profile's share counts it); one who was there
 * simply lost on time, as does any player of a correspondence match, which is left and come
 * back to as a matter of course.
 */
export function flagFallen(status: GameStatusRow, clock: Clock | null, presence: Presence, at: number): Flagged | null {
  if (status !== 'playing') return null;
  const player = fallen(clock, at);
  if (player === null) return null;
  const away = !presence[player] && clock?.settings.kind !== 'correspondence';
  return away ? { player, abandonedBy: player } : { player };
}

/** The action that ends the match on time for the flagged player. */
export const timeoutOf = (flagged: Flagged): GameAction => ({ type: 'timeout', player: flagged.player });

/** The refusal of a person's action that came after his flag fell: the match was ended on time first. */
export const LATE_ACTION = 'time ran out before this action arrived: the match is over';

/** The refusal of an automatic action (a bot's that thought past its fall, the opening roll) once the flag fell. */
export const LATE_STEP = 'time ran out before this action: the match is over';
