/**
 * Knock-out tournaments (issue 29, line 5), pure: the bracket is built from the entrants and
 * grows as results come in; the server starts the matches `knockoutPending` names.
 *
 * - Seeding by rating (strongest = seed 1, ties by id), in the standard bracket order (1 v N,
 *   then the seeds placed so that 1 and 2 can meet only in the final, 1..4 only in the
 *   semi-finals, and so on: the order of the ITF and of every chess or tennis draw).
 * - The bracket has the next power of two of places; the places above N are byes, and as seed
 *   s meets seed size+1-s, the byes fall to the top seeds. A bye is decided at once.
 * - Rounds go one at a time: the next round is drawn when every match of the current one has a
 *   winner, so the server starts a whole round together (the "automatic start of each
 *   round's matches"). The winner is known after ceil(log2 N) rounds.
 * - Consolation: an optional third-place match between the two semi-final losers, played with
 *   the final (chosen over a consolation bracket for first-round losers: it needs no extra
 *   rounds, and a tournament of 4 or more ends with a full podium). It is held only when both
 *   semi-finals were played, not byes.
 * - A player who does not show loses by forfeit: the result kind 'forfeit', winner the other.
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
  /** Null until decided. */
  readonly winner: string | null;
  readonly kind: TournamentResultKind | 'bye' | null;
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

/** A new match; one with an empty place is a bye, won at once by the player in it. */
function drawn(id: string, round: number, a: string | null, b: string | null): KnockoutMatch {
  if (a === null || b === null) return { id, round, a, b, winner: a ?? b, kind: 'bye' };
  return { id, round, a, b, winner: null, kind: null };
}

/** The matches to play now: both players known, no result yet. */
export function knockoutPending(k: Knockout): KnockoutMatch[] {
  const current = k.rounds[k.rounds.length - 1]!;
  const open = [...current, ...(k.thirdPlaceMatch ? [k.thirdPlaceMatch] : [])];
  return open.filter((m) => m.winner === null);
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
  const decided: KnockoutMatch = { ...match, winner, kind };
  if (match.id === '3rd') return ok({ ...k, thirdPlaceMatch: decided });
  const current = k.rounds[k.rounds.length - 1]!.map((m) => (m.id === matchId ? decided : m));
  const rounds = [...k.rounds.slice(0, -1), current];
  return ok(advance({ ...k, rounds }));
}

/** Draws the next round (and the third-place match after the semi-finals) once a round is complete. */
function advance(k: Knockout): Knockout {
  const current = k.rounds[k.rounds.length - 1]!;
  const round = k.rounds.length;
  if (round === k.roundCount || current.some((m) => m.winner === null)) return k;
  const next: KnockoutMatch[] = [];
  for (let i = 0; i < current.length / 2; i++) {
    next.push(drawn(`R${round + 1}-${i + 1}`, round + 1, current[2 * i]!.winner, current[2 * i + 1]!.winner));
  }
  let thirdPlaceMatch = k.thirdPlaceMatch;
  const played = current.every((m) => m.kind !== 'bye');
  if (k.thirdPlace && round === k.roundCount - 1 && played) {
    thirdPlaceMatch = drawn('3rd', round + 1, loser(current[0]!), loser(current[1]!));
  }
  return { ...k, rounds: [...k.rounds, next], thirdPlaceMatch };
}

function loser(m: KnockoutMatch): string | null {
  return m.winner === m.a ? m.b : m.a;
}

/** The champion, once the final is decided; null before. */
export function knockoutWinner(k: Knockout): string | null {
  if (k.rounds.length < k.roundCount) return null;
  return k.rounds[k.roundCount - 1]![0]!.winner;
}

/** True when nothing is left to play: the final and any third-place match are decided. */
export function knockoutFinished(k: Knockout): boolean {
  return knockoutWinner(k) !== null && knockoutPending(k).length === 0;
}

export interface Podium {
  readonly first: string;
  readonly second: string;
  /** The third-place match's winner; null without one. */
  readonly third: string | null;
}

/** First, second and third once the tournament is finished; null before. */
export function knockoutPodium(k: Knockout): Podium | null {
  if (!knockoutFinished(k)) return null;
  const final = k.rounds[k.roundCount - 1]![0]!;
  return { first: final.winner!, second: loser(final)!, third: k.thirdPlaceMatch?.winner ?? null };
}
