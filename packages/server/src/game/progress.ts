import type { MatchState, Player } from '@zar/match';
import type { GameRow, GameStatusRow } from '../store/types.js';

/*
 * What storing an action changes in a game's row, beside the action itself: the status, once
 * the match is won, and the score, the winner, and who abandoned. The room stores the status
 * change with the action (Store.appendAction), then keeps the row this returns.
 */

/** The status the row takes with an action that left the match at `match`; undefined when it stays. */
export function statusAfter(row: GameRow, match: MatchState): GameStatusRow | undefined {
  const status: GameStatusRow = match.winner !== null ? 'over' : 'playing';
  return status === row.status ? undefined : status;
}

/** The row once an action stored at `at` left the match at `match`; `abandonedBy` loses it by abandonment. */
export const rowAfterAction = (
  row: GameRow,
  match: MatchState,
  changed: GameStatusRow | undefined,
  at: number,
  abandonedBy: Player | undefined,
): GameRow => ({
  ...row,
  status: changed ?? row.status,
  updatedAt: at,
  score: match.score,
  winner: match.winner,
  ...(abandonedBy === undefined ? {} : { abandonedBy }),
});
