import { type MatchState, newMatch, type Player, parseMatchSettings } from '@zar/match';

/** A 3-point backgammon match, as the rating tests build their rows and records from. */
export const settings = (() => {
  const s = parseMatchSettings({ length: 3, cycle: [{ game: 'backgammon' }] });
  if (!s.ok) throw new Error(s.error.message);
  return s.value;
})();

/** The match before anything was played. */
export const played: MatchState = newMatch(settings);

/** The match won by `winner`, 3-0. */
export const won = (winner: Player): MatchState => ({ ...played, winner, score: winner === 0 ? [3, 0] : [0, 3] });
