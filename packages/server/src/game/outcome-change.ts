import type { MatchState, Player } from '@zar/match';
import type { MatchOutcome } from '../store/types.js';

/**
 * The score and winner to store with an action that changed them (it ended a game), else
 * nothing; `abandonedBy` is the seat that lost the match by abandonment (a claim, or a flag
 * fallen while he was away).
 */
export function outcomeChange(before: MatchState, after: MatchState, abandonedBy?: Player): MatchOutcome | undefined {
  const same =
    before.score[0] === after.score[0] && before.score[1] === after.score[1] && before.winner === after.winner;
  if (same) return undefined;
  const outcome = { score: [after.score[0], after.score[1]] as const, winner: after.winner };
  return abandonedBy === undefined ? outcome : { ...outcome, abandonedBy };
}
