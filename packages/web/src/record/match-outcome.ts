import type { GameSummary } from '@zar/protocol';
import type { Catalogue } from '../i18n/index.js';

/**
 * A finished match's result for one of its players, as the history and a profile say it: won
 * or lost, and whether it ended because one side abandoned it (lost on time while away, or
 * claimed by the opponent), which a plain "lost" would hide. Null for a money session, which
 * has no match winner.
 */
export function matchOutcome(t: Catalogue, g: GameSummary, seat: 0 | 1): string | null {
  if (g.winner === null) return null;
  const won = g.winner === seat;
  if (g.abandonedBy === null) return won ? t.history.won : t.history.lost;
  return won ? t.history.wonAbandoned : t.history.lostAbandoned;
}
