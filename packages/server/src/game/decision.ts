import type { GameRow } from '../../store/types.js';

/**
 * What the room does after a company command (a seed, a player's word on spectators), in this
 * order, inside its queue: store, send away, tell, open. The deciders (fair.ts decideSeed,
 * spectators.ts decideSpectators) return it; they store and send nothing themselves.
 */
export interface CompanyDecision {
  /** Fields of the game's row to store before anyone is told; null when nothing changes. */
  readonly store: Partial<Pick<GameRow, 'fair' | 'noSpectators'>> | null;
  /** Spectators are forbidden now: those watching without a seat are sent away (spectators.ts strangers). */
  readonly sendAway: boolean;
  /** Whom the state is sent to again: everyone, or only the sender (nothing changed: a repeat). */
  readonly tell: 'all' | 'sender';
  /** Both seeds are in: the opening roll waiting for them goes now. */
  readonly opening: boolean;
}
