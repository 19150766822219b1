import { INITIAL_RATING } from '@zar/match';
import type { GameRow, GamesStore, PeopleStore, Store } from '../../store/types.js';
import { NO_STANDING, RATED_PAIR_LIMIT, RATED_PAIR_WINDOW_MS, type Standing, standingAfter } from './ratings.js';

/*
 * What a room reads of the store for its ratings and its rematch: at start, and when someone
 * sits down. The room passes what they answer into its deciders (view.ts ratedAfterRead).
 */

/** What the standing is read from. */
export type StandingStore = Pick<PeopleStore, 'ratingChangesOf' | 'ratingsOf'>;

/**
 * A room's standing as the store has it: a rated match that is over shows the changes it made;
 * one being played, each seated player's rating in the pool now (INITIAL_RATING for a player
 * new to it), which is his rating as the match began unless another of his rated matches
 * ended since; so does a match created rated that was found not to count (GameRow.unrated).
 * A casual match has none.
 */
export async function loadStanding(store: StandingStore, row: GameRow): Promise<Standing> {
  if ((!row.rated && row.unrated === null) || row.pool === null) return NO_STANDING;
  if (row.status === 'over') {
    const rated = standingAfter(row, await store.ratingChangesOf(row.id));
    if (rated !== null) return rated;
  }
  const pool = row.pool;
  const ratingOf = (userId: string | null) => (userId === null ? null : ratingIn(store, userId, pool));
  const [a, b] = await Promise.all([ratingOf(row.seats[0].userId), ratingOf(row.seats[1].userId)]);
  return { seats: [a, b], changes: null };
}

/**
 * Whether a rated match about to begin (both seats taken, no action yet: `played` is how many
 * are stored) is past its players' limit: the two accounts have had RATED_PAIR_LIMIT rated
 * matches together in the day before `now`. Asked once, before the first move, so that what a
 * player is shown from the start holds; the room then stores the answer (GameRow.unrated), and
 * a restart reads it rather than counting again with a window that has moved. A match found
 * under the limit is checked again by the store as it ends (ratings.ts withPairLimit).
 */
export async function pastPairLimit(
  store: Pick<PeopleStore, 'ratedMatchesBetween'>,
  row: GameRow,
  played: number,
  now: number,
): Promise<boolean> {
  if (!row.rated || row.status !== 'playing' || played > 0) return false;
  const [a, b] = [row.seats[0].userId, row.seats[1].userId];
  if (a === null || b === null || a === b) return false;
  return (await store.ratedMatchesBetween(a, b, now - RATED_PAIR_WINDOW_MS)) >= RATED_PAIR_LIMIT;
}

/** The user's rating in `pool` now; INITIAL_RATING for a player new to it. */
export async function ratingIn(store: Pick<Store, 'ratingsOf'>, userId: string, pool: string): Promise<number> {
  const rows = await store.ratingsOf(userId);
  return rows.find((r) => r.pool === pool)?.rating ?? INITIAL_RATING;
}

/**
 * The match a rematch of `row` started, as the store has it (a restart forgets offers, not
 * this); null when none or while the match is being played. Asked by the match's id (an
 * index), not looked for among its players' newest games: a player with many games since
 * would not find it there, and could start a second rematch of the same match.
 */
export async function storedRematchOf(store: Pick<GamesStore, 'rematchOf'>, row: GameRow): Promise<string | null> {
  if (row.status !== 'over') return null;
  return store.rematchOf(row.id);
}

/** The standing, and with `rematch` the rematch already started (read when the room starts). */
export async function readStanding(
  store: StandingStore & Pick<GamesStore, 'rematchOf'>,
  row: GameRow,
  rematch: boolean,
): Promise<{ readonly standing: Standing; readonly next: string | null }> {
  const standing = await loadStanding(store, row);
  return { standing, next: rematch ? await storedRematchOf(store, row) : null };
}
