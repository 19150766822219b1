import type { CorrespondenceEntry } from '@zar/protocol';

/*
 * What the home page's list of correspondence matches tells apart between two readings: pure,
 * so that the title's count and the notices are tested without a page.
 */

/** The matches where it is the player's turn: the title's count. */
export const yourTurnCount = (games: readonly CorrespondenceEntry[]): number =>
  games.reduce((n, g) => (g.yourTurn ? n + 1 : n), 0);

/** The ids of the matches where it is the player's turn. */
export const yourTurnIds = (games: readonly CorrespondenceEntry[]): ReadonlySet<string> =>
  new Set(games.filter((g) => g.yourTurn).map((g) => g.id));

/**
 * The matches that have come to the player's turn since the reading before (`before`, the ids
 * then in his turn; null for the page's first reading, which is no news).
 */
export function newlyYourTurn(
  before: ReadonlySet<string> | null,
  games: readonly CorrespondenceEntry[],
): CorrespondenceEntry[] {
  if (before === null) return [];
  return games.filter((g) => g.yourTurn && !before.has(g.id));
}
