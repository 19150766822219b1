import { GAME_IDS } from '@zar/engine';
import { type GamePr, PROFILE_HISTORY } from '@zar/protocol';
import type { AnalysisStore } from '../store/types.js';

/** Analysed matches read for a profile's PR per game: every game's graph from one read. */
const PR_ROWS = PROFILE_HISTORY * 2;

/**
 * A person's PR per game over time, from his latest analysed matches (each match between people
 * is analysed in the background): per game, in the order of GAME_IDS, the average over those
 * matches and each one's PR, oldest first, at most PROFILE_HISTORY.
 */
export async function gamePrsOf(store: Pick<AnalysisStore, 'prHistoryOf'>, userId: string): Promise<GamePr[]> {
  const rows = await store.prHistoryOf(userId, PR_ROWS);
  return GAME_IDS.flatMap((game) => {
    const mine = rows.filter((r) => r.game === game);
    if (mine.length === 0) return [];
    const average = mine.reduce((sum, r) => sum + r.pr, 0) / mine.length;
    const history = mine
      .slice(0, PROFILE_HISTORY)
      .reverse()
      .map((r) => ({ at: r.at, pr: r.pr, match: r.gameId }));
    return [{ game, matches: mine.length, average, history }];
  });
}
