import { type GameId, rulesFor } from '@zar/engine';
import type { MatchAnalysis } from './types.js';

/**
 * The games an analysis covers, in the order they were played, read from its decisions (a
 * tavla cycle mixes three). A decision without its game was analysed before every game was:
 * backgammon.
 */
export function gamesOf(analysis: Pick<MatchAnalysis, 'decisions'>): readonly GameId[] {
  const games: GameId[] = [];
  for (const d of analysis.decisions) {
    const game = d.gameId ?? 'backgammon';
    if (!games.includes(game)) games.push(game);
  }
  return games;
}

/** How the page speaks of a match's analysis, by the games it covers. */
export interface AnalysisWording {
  /** A column of cube decisions: only where a game of the match has a cube. */
  readonly cube: boolean;
  /**
   * Equity in backgammon's words (mEMG, EMG), or as a share of a single win, which is what
   * EMG means and what a player of the other games reads without knowing backgammon's terms;
   * their PR is also compared only with matches of the same game.
   */
  readonly backgammon: boolean;
}

export function wordingOf(games: readonly GameId[]): AnalysisWording {
  return {
    cube: games.some((g) => rulesFor(g).hasCube),
    backgammon: games.every((g) => g === 'backgammon'),
  };
}
