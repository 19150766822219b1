import { INITIAL_RATING, rateMatch } from '@zar/match';
import type { RateRequest } from '../games-store.js';
import type { RatingRow } from '../people-store.js';
import type { RatingChangeRow } from '../rows.js';

/** What rating one match writes: both players' new standing and the two changes, winner first. */
export interface RatingWrite {
  readonly rows: readonly [RatingRow, RatingRow];
  readonly changes: readonly [RatingChangeRow, RatingChangeRow];
}

/** What a store knows of the game a rating is asked for. */
export interface RatedGame {
  readonly rated: boolean;
  readonly pool: string | null;
  readonly users: readonly [string | null, string | null];
}

/**
 * Refuses to rate a match that was not created rated, in another pool, or between others than
 * its two seated players: the room never asks that, so a request that does is a bug, and the
 * store throws (taking the action back with it) rather than move anyone's rating.
 */
export function checkRatedGame(gameId: string, game: RatedGame | null, request: RateRequest): void {
  if (game === null) throw new Error(`rate ${gameId}: no such game`);
  if (!game.rated) throw new Error(`rate ${gameId}: the match is not rated`);
  if (game.pool !== request.pool)
    throw new Error(`rate ${gameId}: the match plays in ${game.pool}, not ${request.pool}`);
  const seated = [request.winner, request.loser].every((u) => game.users.includes(u));
  if (!seated) throw new Error(`rate ${gameId}: only the match's two players are rated`);
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
