/**
 * FIBS ratings, exactly as the server's `help formula` text states them (spec backgammon.md §14;
 * bkgm.com rgb 1093, posted by Patti Beadles):
 *
 *   P_upset = 1 / (10^(D·√n / 2000) + 1)        D = |r1 − r2|, n = match length
 *   K       = max(1, 5 − experience / 100)      each player from his OWN experience only
 *   winner  + 4·K_w·√n·P,  loser − 4·K_l·√n·P   P = P_upset if the favourite won, else 1 − P_upset
 *
 * MacFIBS' help page writes K = max(1, 5 − (experience + n)/100), i.e. it counts the match being
 * rated; the server text does not, and the server is the authority we follow. Because K_w and K_l
 * differ while a player is new, a rated match is not zero-sum.
 *
 * Ratings are kept per game (backgammon, long nardy, ...): a player's `RatingBook` maps a game id
 * to his record in that game, and every update returns new values.
 */
import { err, ok, type Result } from '@zar/engine';

export const INITIAL_RATING = 1500;

export interface PlayerRating {
  readonly rating: number;
  /** Sum of the lengths of all rated matches completed. */
  readonly experience: number;
}

export const NEW_PLAYER: PlayerRating = { rating: INITIAL_RATING, experience: 0 };

export type RatingErrorCode = 'ERR_RATING_MATCH_LENGTH' | 'ERR_RATING_VALUE' | 'ERR_RATING_EXPERIENCE';

function checkLength(length: number): Result<number, RatingErrorCode> {
  if (!Number.isInteger(length) || length < 1) {
    return err('ERR_RATING_MATCH_LENGTH', `match length must be a whole number of points >= 1, got ${length}`);
  }
  return ok(length);
}

function checkPlayer(p: PlayerRating, who: string): Result<PlayerRating, RatingErrorCode> {
  if (!Number.isFinite(p.rating))
    return err('ERR_RATING_VALUE', `${who}: rating must be a finite number, got ${p.rating}`);
  if (!Number.isFinite(p.experience) || p.experience < 0) {
    return err('ERR_RATING_EXPERIENCE', `${who}: experience must be a finite number >= 0, got ${p.experience}`);
  }
  return ok(p);
}

/** Probability that the player rated `rating` beats the one rated `opponent` in a match of `length`. */
export function winProbability(rating: number, opponent: number, length: number): Result<number, RatingErrorCode> {
  const n = checkLength(length);
  if (!n.ok) return n;
  if (!Number.isFinite(rating) || !Number.isFinite(opponent)) {
    return err('ERR_RATING_VALUE', `ratings must be finite numbers, got ${rating} and ${opponent}`);
  }
  return ok(1 / (1 + 10 ** (((opponent - rating) * Math.sqrt(n.value)) / 2000)));
}

/** The K factor of the server's `help formula`: own experience only, floor 1 from 400 on. */
export function kFactor(experience: number): number {
  return Math.max(1, 5 - experience / 100);
}

export interface RatedResult {
  readonly winner: PlayerRating;
  readonly loser: PlayerRating;
  /** Points the winner gained (>= 0). */
  readonly winnerGain: number;
  /** Points the loser lost (>= 0). */
  readonly loserLoss: number;
}

/** Applies one finished match of `length` points; both players' experience grows by `length`. */
export function rateMatch(
  winner: PlayerRating,
  loser: PlayerRating,
  length: number,
): Result<RatedResult, RatingErrorCode> {
  const w = checkPlayer(winner, 'winner');
  if (!w.ok) return w;
  const l = checkPlayer(loser, 'loser');
  if (!l.ok) return l;
  // P = chance the loser had of winning: P_upset when the favourite won, 1 − P_upset otherwise.
  const p = winProbability(loser.rating, winner.rating, length);
  if (!p.ok) return p;
  const scale = 4 * Math.sqrt(length) * p.value;
  const winnerGain = kFactor(winner.experience) * scale;
  const loserLoss = kFactor(loser.experience) * scale;
  return ok({
    winner: { rating: winner.rating + winnerGain, experience: winner.experience + length },
    loser: { rating: loser.rating - loserLoss, experience: loser.experience + length },
    winnerGain,
    loserLoss,
  });
}

/** One player's ratings, keyed by game id (the registry's ids). Absent game = new player. */
export type RatingBook = Readonly<Record<string, PlayerRating>>;

export const EMPTY_RATING_BOOK: RatingBook = Object.freeze({});

export function ratingIn(book: RatingBook, gameId: string): PlayerRating {
  return Object.hasOwn(book, gameId) ? (book[gameId] ?? NEW_PLAYER) : NEW_PLAYER;
}

export function withRating(book: RatingBook, gameId: string, record: PlayerRating): RatingBook {
  // A computed key defines an own property even for '__proto__', so no id can touch the prototype.
  return { ...book, [gameId]: record };
}

export interface RatedBooks {
  readonly winner: RatingBook;
  readonly loser: RatingBook;
}

/** Rates a finished match of `gameId` between the owners of two books; the books are not changed. */
export function recordMatch(
  winnerBook: RatingBook,
  loserBook: RatingBook,
  gameId: string,
  length: number,
): Result<RatedBooks, RatingErrorCode> {
  const rated = rateMatch(ratingIn(winnerBook, gameId), ratingIn(loserBook, gameId), length);
  if (!rated.ok) return rated;
  return ok({
    winner: withRating(winnerBook, gameId, rated.value.winner),
    loser: withRating(loserBook, gameId, rated.value.loser),
  });
}
