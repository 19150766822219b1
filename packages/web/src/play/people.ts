import type { GameResult, GameView } from '@zar/protocol';
import type { I18n } from '../i18n/index.js';

/*
 * What the table shows about the people at it, read from the server's view alone:
 * who is away, whether and when the viewer may claim the match, the rematch, the series and
 * the ratings. Pure, so that each rule is tested without a page.
 */

const other = (seat: 0 | 1): 0 | 1 => (seat === 0 ? 1 : 0);

/**
 * The seat's player has left the game (no page of his has it open): a person who took the
 * seat, not the viewer himself (his own page is open), while the match is not over.
 */
export function isAway(view: GameView, seat: 0 | 1): boolean {
  const p = view.players[seat];
  return seat !== view.you && p.kind === 'human' && p.taken && !view.presence[seat] && view.status !== 'over';
}

/**
 * How long a player must have been away before the table says so. The server tells of a
 * socket that closed at once (and of the next within a second): a page reloaded or a
 * connection dropped and taken up again (the page retries after half a second) would
 * otherwise flash "disconnected" beside a player who never left.
 */
export const AWAY_GRACE_MS = 3_000;

/** The seats the table shows away `elapsed` ms after each became so (null: not away now). */
export function awayShown(since: readonly [number | null, number | null], now: number): [boolean, boolean] {
  const shown = (t: number | null) => t !== null && now - t >= AWAY_GRACE_MS;
  return [shown(since[0]), shown(since[1])];
}

/**
 * Under this much time left before the viewer may claim, the countdown is shown even while
 * the opponent is connected: before that, a player who is thinking is no news.
 */
export const CLAIM_SHOWN_MS = 60_000;

export type ClaimState =
  | { readonly kind: 'soon'; readonly who: 0 | 1; readonly left: number }
  | { readonly kind: 'now'; readonly who: 0 | 1 };

/**
 * The claim line `elapsed` ms after the view arrived: a countdown while the claim is not yet
 * possible (shown when the opponent is away, or the claim is less than CLAIM_SHOWN_MS off),
 * then the claim itself. `shownAway`: the seats the table shows away (useAway, which waits out
 * a reconnect), so that the countdown comes and goes with the away mark; the server's presence
 * when not given. Null when the server says the viewer cannot claim (view.claim null:
 * a timed match, his own turn, a spectator, a game against the bot).
 */
export function claimState(
  view: GameView,
  elapsed: number,
  shownAway?: readonly [boolean, boolean],
): ClaimState | null {
  if (view.claim === null || view.you === null || view.status !== 'playing') return null;
  const who = other(view.you);
  const left = Math.max(0, view.claim - Math.max(0, elapsed));
  if (left === 0) return { kind: 'now', who };
  const away = shownAway ? shownAway[who] : !view.presence[who];
  return away || left <= CLAIM_SHOWN_MS ? { kind: 'soon', who, left } : null;
}

export type RematchState =
  | { readonly kind: 'none' }
  /** The viewer may offer one. */
  | { readonly kind: 'offer' }
  /** The viewer offered; the opponent has not answered. */
  | { readonly kind: 'waiting'; readonly who: 0 | 1 }
  /** The opponent offered; the viewer may accept or decline. */
  | { readonly kind: 'offered'; readonly who: 0 | 1 }
  /** Both agreed: the next match is there. */
  | { readonly kind: 'go'; readonly next: string };

/** Where the rematch stands for the viewer. A spectator sees only where the next match is. */
export function rematchState(view: GameView): RematchState {
  const r = view.rematch;
  if (r.next !== null) return { kind: 'go', next: r.next };
  if (view.you === null || view.status !== 'over') return { kind: 'none' };
  const them = other(view.you);
  const mine = r.offered[view.you];
  const theirs = r.offered[them];
  if (mine && !theirs) return { kind: 'waiting', who: them };
  if (!r.allowed) return { kind: 'none' };
  if (theirs && !mine) return { kind: 'offered', who: them };
  return mine ? { kind: 'none' } : { kind: 'offer' };
}

/**
 * Why a match is not rated though it was asked rated (the view's `unrated`), as a sentence for
 * the viewer: a player is told he has played his limit of rated matches against this one in the
 * window, a spectator that the two have. Null for every other match (rated, or casual as made).
 */
export function unratedText(i18n: Pick<I18n, 't' | 'f' | 'n'>, view: GameView): string | null {
  const why = view.unrated;
  if (why === undefined) return null;
  const u = i18n.t.people.unrated;
  const slots = { matches: i18n.n(u.ratedMatches, why.limit), hours: i18n.n(u.hours, why.hours) };
  return i18n.f(view.you === null ? u.pairLimitWatching : u.pairLimit, slots);
}

/** A rematch of a match past the limit is asked rated and would be played unrated as well: said beside its offer. */
export const rematchUnratedShown = (view: GameView): boolean =>
  view.unrated !== undefined && ['offer', 'offered', 'waiting'].includes(rematchState(view).kind);

/** The seats as the viewer reads them: his own first, as the score bar lists them; seat 0 first for a spectator. */
export const viewerFirst = (view: GameView): readonly [0 | 1, 0 | 1] => (view.you === 1 ? [1, 0] : [0, 1]);

/**
 * The game's points are worth saying unless a match was lost on time (or claimed): the match
 * is lost whatever the game was worth, and "2 points" beside a score of 1–0 in a match to 1
 * reads as a mistake. A money session books those points, so there they are said.
 */
export const pointsShown = (view: GameView, result: GameResult): boolean =>
  result.winner !== null && !(result.kind === 'timeout' && view.settings.length > 0);

/** The series is worth showing once either player has won a match of it. */
export const seriesShown = (view: GameView): boolean => view.series[0] + view.series[1] > 0;

/** One player's rating change, as the end-of-match dialog lists it. */
export interface RatingLine {
  readonly seat: 0 | 1;
  readonly before: number;
  readonly after: number;
  /** after − before, from the values rounded as shown, so that the three numbers add up on screen. */
  readonly change: number;
}

/**
 * Both players' rating changes of a rated match that is over, the viewer's first; null
 * otherwise. Whole, as ratings are shown everywhere (players/rating-text.ts), and the change is
 * the difference of the two shown, so the line adds up.
 */
export function ratingLines(view: GameView): readonly RatingLine[] | null {
  if (!view.rated || view.ratings === null) return null;
  return viewerFirst(view).map((seat) => {
    const r = view.ratings?.[seat] ?? { before: 0, after: 0 };
    const before = Math.round(r.before);
    const after = Math.round(r.after);
    return { seat, before, after, change: after - before };
  });
}
