import type { GameAction, MatchState, Player } from '@zar/match';
import type { RatingChange } from '@zar/protocol';
import type { GameRow, RateRequest, RatingChangeRow } from '../../store/types.js';
import type { Presence } from '../presence.js';

/*
 * Ratings in a room. The store rates a rated match in the same transaction as the
 * action that ends it (Store.appendAction's `rate`), so a match is rated exactly when its end
 * is stored: a write that fails leaves neither, and the action is tried again. The room only
 * asks for it (rateAtEnd), and remembers what it answered for the view (ratedAtEnd).
 */

/**
 * Rated matches between the same two accounts that move their ratings in any 24 hours. Farming
 * a rating needs a partner who loses on purpose, again and again: past the third match of the
 * day between them, a match created rated is played unrated (its row and its view say so, and
 * why, from its start). A limit a day rather than a weight: a player sees exactly which matches
 * count, and three is more than a fair series of rematches with one friend asks of a day.
 */
export const RATED_PAIR_LIMIT = 3;
export const RATED_PAIR_WINDOW_MS = 24 * 60 * 60_000;

/** What a room shows of its match's ratings. */
export interface Standing {
  /** Each seat's rating in the pool as the match began; null in a casual match and for an empty seat. */
  readonly seats: readonly [number | null, number | null];
  /** Once a rated match is over: each seat's rating before and after it. */
  readonly changes: readonly [RatingChange, RatingChange] | null;
}

export const NO_STANDING: Standing = { seats: [null, null], changes: null };

/**
 * What to rate with the action that takes the match from `before` to `after`: the pool, the
 * length and both accounts, once, when a rated match gets its winner (a timeout and a claim too:
 * the absent player loses). Nothing for a casual match, nor for any other action.
 *
 * A match nobody played (no action by a player in `actions`, the ending one included: only the
 * automatic opening, then a timeout) is rated only if its winner was connected as it ended
 * (`present`): he showed and the absent one loses. Neither there, it is not rated, as lichess
 * does not rate games nobody played: a rated no-show would move both ratings by a coin toss.
 */
export function rateRequestOf(
  row: GameRow,
  before: MatchState,
  after: MatchState,
  actions: readonly GameAction[],
  present: Presence,
): RateRequest | undefined {
  if (!row.rated || row.pool === null || before.winner !== null || after.winner === null) return undefined;
  const winner = row.seats[after.winner].userId;
  const loser = row.seats[other(after.winner)].userId;
  if (winner === null || loser === null || winner === loser) return undefined;
  if (!actions.some(byPlayer) && !present[after.winner]) return undefined;
  return { pool: row.pool, length: after.settings.length, winner, loser };
}

/** An action a player made himself: neither the automatic opening nor a timeout the clock declared. */
const byPlayer = (a: GameAction): boolean => a.type !== 'opening' && a.type !== 'timeout';

const other = (p: Player): Player => (p === 0 ? 1 : 0);

/**
 * The rating request as the store is to see it: with the limit, which the store checks again
 * in the rating's transaction (two matches of theirs ending at once). A match found past the
 * limit as it began is no longer rated (its row says so), and asks for nothing.
 */
export function withPairLimit(request: RateRequest | undefined, at: number): RateRequest | undefined {
  if (request === undefined) return undefined;
  return { ...request, perPair: { limit: RATED_PAIR_LIMIT, since: at - RATED_PAIR_WINDOW_MS } };
}

/**
 * Decides what the store rates with `action`, applied at `at` after `actions`, taking the match
 * from `before` to `after` (`present`: who was connected): rateRequestOf within the pair limit.
 * Any action but the one that ends a rated match answers at once, without copying the record.
 */
export function rateAtEnd(
  row: GameRow,
  before: MatchState,
  after: MatchState,
  actions: readonly GameAction[],
  action: GameAction,
  present: Presence,
  at: number,
): RateRequest | undefined {
  if (!row.rated || before.winner !== null || after.winner === null) return undefined;
  return withPairLimit(rateRequestOf(row, before, after, [...actions, action], present), at);
}

/** The standing once the store has rated the match: the changes it answered, seat by seat. */
export function standingAfter(row: GameRow, rows: readonly RatingChangeRow[]): Standing | null {
  const of = (p: Player) => rows.find((r) => r.gameId === row.id && r.userId === row.seats[p].userId) ?? null;
  const a = of(0);
  const b = of(1);
  if (a === null || b === null) return null;
  return { seats: [a.before, b.before], changes: [change(a), change(b)] };
}

const change = (r: RatingChangeRow): RatingChange => ({ before: r.before, after: r.after });
