import { INITIAL_RATING, rateMatch } from '@zar/match';
import type { RateRequest, RatingChangeRow, RatingRow } from './types.js';

/** What rating one match writes: both players' new standing and the two changes, winner first. */
export interface RatingWrite {
  readonly rows: readonly [RatingRow, RatingRow];
  readonly changes: readonly [RatingChangeRow, RatingChangeRow];
}

/** A player's standing before his first rated match in a pool. */
export function newStanding(userId: string, pool: string, at: number): RatingRow {
  return { userId, pool, rating: INITIAL_RATING, experience: 0, matches: 0, wins: 0, updatedAt: at };
}

/**
 * Rates one match from both players' standing as stored (null: never rated in the pool), with
 * the match layer's FIBS formula, for every store alike. A request the formula refuses (a
 * length below 1: a money session) or a player rated against himself is the server's mistake,
 * not a player's: it throws, and the store's transaction takes the action back with it.
 */
export function rateRows(
  gameId: string,
  request: RateRequest,
  winner: RatingRow | null,
  loser: RatingRow | null,
  at: number,
): RatingWrite {
  const { pool, length } = request;
  if (request.winner === request.loser) throw new Error(`rate ${gameId}: ${request.winner} cannot play himself`);
  const w = winner ?? newStanding(request.winner, pool, at);
  const l = loser ?? newStanding(request.loser, pool, at);
  const rated = rateMatch(w, l, length);
  if (!rated.ok) throw new Error(`rate ${gameId}: ${rated.error.message}`);
  const { winner: wNext, loser: lNext } = rated.value;
  return {
    rows: [
      { ...w, ...wNext, matches: w.matches + 1, wins: w.wins + 1, updatedAt: at },
      { ...l, ...lNext, matches: l.matches + 1, updatedAt: at },
    ],
    changes: [
      { gameId, userId: w.userId, pool, before: w.rating, after: wNext.rating, at },
      { gameId, userId: l.userId, pool, before: l.rating, after: lNext.rating, at },
    ],
  };
}
