import type { Player } from '@zar/match';
import type { GameRow, PrRow } from '../store/types.js';

/**
 * A match of backgammon only (its variants and presets included): the one game PR is kept for.
 * Every game is analysed, but match_pr has no game column yet, and the profile's average is
 * backgammon's: another game's PR would be averaged in with it.
 */
export const isBackgammonMatch = (row: GameRow): boolean =>
  row.record.settings.cycle.every((choice) => choice.game === 'backgammon');

/** The one game a match is played in (its variants and presets included); null for a cycle of several. */
export function gameOfMatch(row: GameRow): string | null {
  const [first, ...rest] = row.record.settings.cycle;
  if (first === undefined) return null;
  return rest.every((choice) => choice.game === first.game) ? first.game : null;
}

/**
 * What prRowsOf reads of a player's report: the bot's and the protocol's PlayerReport both fit.
 * Luck is optional: analyses made before it was measured have none.
 */
export interface PrReport {
  readonly decisions: number;
  readonly pr: number;
  readonly luck?: number | undefined;
}

/**
 * What an analysis adds to the profiles' average PR and to their luck: one row per person in
 * the match, with his PR, his luck and his opponent's. A bot's seat is no person's; a seat with
 * no decision to judge has no PR worth averaging; other games than backgammon are not measured
 * in PR. A luck that is missing or not a finite number is null.
 */
export function prRowsOf(
  row: GameRow,
  analysis: { readonly players: readonly [PrReport, PrReport] },
  at: number,
): PrRow[] {
  return isBackgammonMatch(row) ? peopleRows(row, analysis, at) : [];
}

/** One row per person with decisions judged, whatever the game. */
function peopleRows(row: GameRow, analysis: { readonly players: readonly [PrReport, PrReport] }, at: number): PrRow[] {
  return ([0, 1] as const satisfies readonly Player[]).flatMap((p) => {
    const seat = row.seats[p];
    const report = analysis.players[p];
    if (seat.kind !== 'human' || seat.userId === null || report.decisions === 0 || !Number.isFinite(report.pr)) {
      return [];
    }
    const opponent = analysis.players[p === 0 ? 1 : 0];
    return [
      { gameId: row.id, userId: seat.userId, pr: report.pr, at, luck: luckOf(report), opponentLuck: luckOf(opponent) },
    ];
  });
}

function luckOf(report: PrReport): number | null {
  return report.luck !== undefined && Number.isFinite(report.luck) ? report.luck : null;
}

/**
 * The rows of prRowsOf in any game, each with its game, for the PR per game of the profiles:
 * what the background analysis keeps. A match of several games has no one game to measure.
 */
export function gamePrRowsOf(
  row: GameRow,
  analysis: { readonly players: readonly [PrReport, PrReport] },
  at: number,
): PrRow[] {
  const game = gameOfMatch(row);
  if (game === null) return [];
  return peopleRows(row, analysis, at).map((r) => ({ ...r, game }));
}
