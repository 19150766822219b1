/**
 * Knock-out tournaments, pure: the bracket is built from the entrants and
 * grows as results come in; the server starts the matches `knockoutPending` names.
 *
 * - Seeding by rating (strongest = seed 1, ties by id), in the standard bracket order (1 v N,
 *   then the seeds placed so that 1 and 2 can meet only in the final, 1..4 only in the
 *   semi-finals, and so on: the order of the ITF and of every chess or tennis draw).
 * - The bracket has the next power of two of places; the places above N are byes, and as seed
 *   s meets seed size+1-s, the byes fall to the top seeds. A bye is decided at once.
 * - Rounds go one at a time: the next round is drawn when every match of the current one has a
 *   winner, so the server starts each round's matches together, by itself. The winner is known
 *   after ceil(log2 N) rounds.
 * - Third place: an optional match between the two semi-final losers, played with the final,
 *   so that a tournament of 4 or more ends with a full podium. It is held only when both
 *   semi-finals were played, not byes. (The consolation draw for the players who lose their
 *   first match is a knock-out of its own: consolation.ts.)
 * - A player who does not show loses by forfeit: the result kind 'forfeit', winner the other.
 *   When neither shows (`recordKnockoutNoShow`), both are out and the next opponent goes through
 *   on a bye; a final nobody shows for has no champion. A walkover is not won by being absent.
 */
import { ok, type Result } from '@zar/engine';
import {
  byRating,
  checkPlayers,
  fail,
  type TournamentErrorCode,
  type TournamentPlayer,
  type TournamentResultKind,
} from './players.js';

export interface KnockoutMatch {
  /** 'R1-1'... (round, then place in the bracket from the top), or '3rd' for the third-place match. */
  readonly id: string;
  readonly round: number;
  /** The upper place of the bracket; null only for a bye's empty place. */
  readonly a: string | null;
  readonly b: string | null;
  /** Who goes through; null until decided, and after a no-show or an empty place. */
  readonly winner: string | null;
  /** Null until decided; 'no-show' when neither player came. */
  readonly kind: TournamentResultKind | 'bye' | 'no-show' | null;
}

export interface KnockoutOptions {
  readonly thirdPlace: boolean;
}

export interface Knockout {
  /** The entrants in seed order: index 0 is seed 1. */
  readonly seeds: readonly TournamentPlayer[];
  readonly thirdPlace: boolean;
  /** Rounds needed: log2 of the bracket size. */
  readonly roundCount: number;
  /** The rounds drawn so far, in bracket order. */
  readonly rounds: readonly (readonly KnockoutMatch[])[];
  readonly thirdPlaceMatch: KnockoutMatch | null;
}

/** Seeds 1..size in bracket order, size a power of two: 1,8,4,5,2,7,3,6 for 8. */
export function bracketOrder(size: number): number[] {
  let order = [1];
  for (let m = 1; m < size; m *= 2) order = order.flatMap((s) => [s, 2 * m + 1 - s]);
  return order;
}

/** The bracket's first round for these entrants, byes already decided. */
export function createKnockout(
  players: readonly TournamentPlayer[],
  options: KnockoutOptions = { thirdPlace: false },
): Result<Knockout, TournamentErrorCode> {
  const checked = checkPlayers(players);
  if (!checked.ok) return checked;
  const seeds = [...players].sort(byRating);
  let size = 1;
  let roundCount = 0;
  while (size < seeds.length) {
    size *= 2;
    roundCount += 1;
  }
  const order = bracketOrder(size);
  const first: KnockoutMatch[] = [];
  for (let i = 0; i < size / 2; i++) {
    const a = seeds[order[2 * i]! - 1]?.id ?? null;
    const b = seeds[order[2 * i + 1]! - 1]?.id ?? null;
    first.push(drawn(`R1-${i + 1}`, 1, a, b));
  }
  return ok({ seeds, thirdPlace: options.thirdPlace, roundCount, rounds: [first], thirdPlaceMatch: null });
}

/**
 * A new match; one with an empty place is a bye, won at once by the player in it (or by nobody
 * when both places are empty, after no-shows).
 */
function drawn(id: string, round: number, a: string | null, b: string | null): KnockoutMatch {
  if (a === null || b === null) return { id, round, a, b, winner: a ?? b, kind: 'bye' };
  return { id, round, a, b, winner: null, kind: null };
}

/** The matches to play now: both players known, no result yet. */
export function knockoutPending(k: Knockout): KnockoutMatch[] {
  const current = k.rounds[k.rounds.length - 1]!;
  const open = [...current, ...(k.thirdPlaceMatch ? [k.thirdPlaceMatch] : [])];
  return open.filter((m) => m.kind === null);
}

/**
 * Books the result of a pending match and draws the next round when this one is complete.
 * Refused: an unknown or already decided match, a winner who is not in it, an unknown kind.
 */
export function recordKnockoutResult(
  k: Knockout,
  matchId: string,
  winner: string,
  kind: TournamentResultKind,
): Result<Knockout, TournamentErrorCode> {
  if (kind !== 'win' && kind !== 'forfeit') return fail(`unknown result kind "${String(kind)}"`);
  const match = knockoutPending(k).find((m) => m.id === matchId);
  if (!match) return fail(`match "${matchId}" is not waiting for a result`);
  if (winner !== match.a && winner !== match.b) return fail(`"${winner}" does not play match "${matchId}"`);
  return ok(book(k, { ...match, winner, kind }));
}

/** Books a match neither player came to: both are out. Refused: a match not waiting for a result. */
export function recordKnockoutNoShow(k: Knockout, matchId: string): Result<Knockout, TournamentErrorCode> {
  const match = knockoutPending(k).find((m) => m.id === matchId);
  if (!match) return fail(`match "${matchId}" is not waiting for a result`);
  return ok(book(k, { ...match, winner: null, kind: 'no-show' }));
}

function book(k: Knockout, decided: KnockoutMatch): Knockout {
  if (decided.id === '3rd') return { ...k, thirdPlaceMatch: decided };
  const current = k.rounds[k.rounds.length - 1]!.map((m) => (m.id === decided.id ? decided : m));
  return advance({ ...k, rounds: [...k.rounds.slice(0, -1), current] });
}

/** Draws the next round (and the third-place match after the semi-finals) once a round is complete. */
function advance(k: Knockout): Knockout {
  const current = k.rounds[k.rounds.length - 1]!;
  const round = k.rounds.length;
  if (round === k.roundCount || current.some((m) => m.kind === null)) return k;
  const next: KnockoutMatch[] = [];
  for (let i = 0; i < current.length / 2; i++) {
    next.push(drawn(`R${round + 1}-${i + 1}`, round + 1, current[2 * i]!.winner, current[2 * i + 1]!.winner));
  }
  let thirdPlaceMatch = k.thirdPlaceMatch;
  const played = current.every((m) => m.kind === 'win' || m.kind === 'forfeit');
  if (k.thirdPlace && round === k.roundCount - 1 && played) {
    thirdPlaceMatch = drawn('3rd', round + 1, knockoutLoser(current[0]!), knockoutLoser(current[1]!));
  }
  // After no-shows a whole round may be decided as it is drawn (byes and empty places): go on.
  return advance({ ...k, rounds: [...k.rounds, next], thirdPlaceMatch });
}

/** The player who lost a match played or forfeited; null for a bye or a no-show (neither came). */
export function knockoutLoser(m: KnockoutMatch): string | null {
  if (m.kind !== 'win' && m.kind !== 'forfeit') return null;
  return m.winner === m.a ? m.b : m.a;
}

/** True when nothing is left to play: the final and any third-place match are decided. */
export function knockoutFinished(k: Knockout): boolean {
  return k.rounds.length === k.roundCount && knockoutPending(k).length === 0;
}

/** The champion once the final is decided; null before, and when nobody came to the final. */
export function knockoutWinner(k: Knockout): string | null {
  if (k.rounds.length < k.roundCount) return null;
  return k.rounds[k.roundCount - 1]![0]!.winner;
}

export interface Podium {
  /** Null only when neither finalist came. */
  readonly first: string | null;
  /** The final's loser; null when the final was a walkover or a no-show. */
  readonly second: string | null;
  /** The third-place match's winner; null without one. */
  readonly third: string | null;
}

/** First, second and third once the tournament is finished; null before. */
export function knockoutPodium(k: Knockout): Podium | null {
  if (!knockoutFinished(k)) return null;
  const final = k.rounds[k.roundCount - 1]![0]!;
  return { first: final.winner, second: knockoutLoser(final), third: k.thirdPlaceMatch?.winner ?? null };
}
