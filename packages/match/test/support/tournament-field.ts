import type { TournamentPlayer } from '../../src/tournament/index.js';

/** `n` entrants p1…pn, seeded in that order: p1 rated highest, each 10 points below the one before. */
export const field = (n: number): TournamentPlayer[] =>
  Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, rating: 2000 - 10 * i }));
