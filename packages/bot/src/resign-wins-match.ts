import { type MatchState, type Player, resignPoints, rulesOf } from '@zar/match';

/**
 * Whether the resignation on the table gives `me` the match: the points it scores reach what
 * `me` still needs. Such an offer is worth taking whatever playing on is worth in points (a
 * gammon more is nothing once the match is won); an evaluator that weighs points, not the
 * match, would otherwise decline a single in a 1-point match it could win by a gammon.
 * A money session has no match to win: false.
 */
export function resignWinsMatch(match: MatchState, me: Player): boolean {
  const g = match.game;
  if (match.settings.length === 0 || g.resign === null || g.resign.by === me) return false;
  const points = resignPoints(g, g.resign.level, rulesOf(g.settings).maxPoints);
  return points >= match.settings.length - match.score[me];
}
