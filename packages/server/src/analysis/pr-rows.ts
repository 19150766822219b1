import type { MatchAnalysis } from '@zar/bot';
import type { Player } from '@zar/match';
import type { GameRow, PrRow } from '../store/types.js';

/** A match of backgammon only (its variants and presets included): the one game PR is kept for. */
export const isBackgammonMatch = (row: GameRow): boolean =>
  row.record.settings.cycle.every((choice) => choice.game === 'backgammon');

/**
 * What an analysis adds to the profiles' average PR (issue 28, line 4): one row per person in
 * the match, with his PR. A bot's seat is no person's; a seat with no decision to judge has no
 * PR worth averaging; other games than backgammon are not measured in PR.
 */
export function prRowsOf(row: GameRow, analysis: MatchAnalysis, at: number): PrRow[] {
  if (!isBackgammonMatch(row)) return [];
  return ([0, 1] as const satisfies readonly Player[]).flatMap((p) => {
    const seat = row.seats[p];
    const report = analysis.players[p];
    if (seat.kind !== 'human' || seat.userId === null || report.decisions === 0 || !Number.isFinite(report.pr)) {
      return [];
    }
    return [{ gameId: row.id, userId: seat.userId, pr: report.pr, at }];
  });
}
