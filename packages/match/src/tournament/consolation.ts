/**
 * A knock-out's optional consolation draw, pure: who enters it and when it can be drawn.
 * Backgammon clubs and tournaments run one beside the main flight: a knock-out of its own for
 * the players who lost their first match, so that everyone who came plays at least twice.
 *
 * - A player's first match is the first one of the main draw he was drawn into against an
 *   opponent: a bye is not a match, so a top seed with a round-1 bye plays his first match in
 *   round 2. A loser by forfeit enters (he lost that match); a player who withdrew does not
 *   (he left the tournament); a no-show for both puts neither in (neither came).
 * - The draw is made once every first match is decided: after round 2 when round 1 had byes
 *   (the bye holders' first matches are in round 2), else after round 1. A bye holder whose
 *   round-2 place is empty too (his opponents did not come) has no first match by then and does
 *   not enter: the draw waits for no one beyond round 2.
 * - It is seeded by rating as the main draw is (`createKnockout`, its own byes), without a
 *   third-place match; from then on it runs on its own, each round drawn when the previous one
 *   is decided, whatever the main draw's round.
 */
import { ok, type Result } from '@zar/engine';
import { createKnockout, type Knockout, type KnockoutMatch, knockoutLoser } from './knockout.js';
import type { TournamentErrorCode, TournamentPlayer } from './players.js';

/** The main draw's rounds that hold first matches: 2 when round 1 had byes, else 1 (never more than it has). */
export function firstMatchRounds(main: Knockout): number {
  const byes = (main.rounds[0] ?? []).some((m) => m.kind === 'bye');
  return Math.min(byes ? 2 : 1, main.roundCount);
}

/** True once every first match of the main draw is decided: the consolation can be drawn. */
export function consolationReady(main: Knockout): boolean {
  const rounds = firstMatchRounds(main);
  if (main.rounds.length < rounds) return false;
  return main.rounds.slice(0, rounds).every((round) => round.every((m) => m.kind !== null));
}

/** Both places filled: a match, not a bye. */
const isMatch = (m: KnockoutMatch): m is KnockoutMatch & { a: string; b: string } => m.a !== null && m.b !== null;

/**
 * Each player's first match within the rounds that hold them, by player id; a player with only
 * byes there has none.
 */
export function firstMatches(main: Knockout): Map<string, KnockoutMatch> {
  const first = new Map<string, KnockoutMatch>();
  for (const round of main.rounds.slice(0, firstMatchRounds(main))) {
    for (const m of round.filter(isMatch)) {
      if (!first.has(m.a)) first.set(m.a, m);
      if (!first.has(m.b)) first.set(m.b, m);
    }
  }
  return first;
}

/**
 * The consolation's entrants, in the main draw's seed order, once it can be drawn; null before.
 * `withdrawn`: the players who left the tournament, who do not enter.
 */
export function consolationEntrants(
  main: Knockout,
  withdrawn: ReadonlySet<string> = new Set(),
): TournamentPlayer[] | null {
  if (!consolationReady(main)) return null;
  const first = firstMatches(main);
  return main.seeds.filter((p) => {
    const m = first.get(p.id);
    return m !== undefined && knockoutLoser(m) === p.id && !withdrawn.has(p.id);
  });
}

/**
 * The consolation's bracket, once it can be drawn: null before it can be, and when fewer than 2
 * players entered (there is no consolation then).
 */
export function drawConsolation(
  main: Knockout,
  withdrawn: ReadonlySet<string> = new Set(),
): Result<Knockout | null, TournamentErrorCode> {
  const entrants = consolationEntrants(main, withdrawn);
  if (entrants === null || entrants.length < 2) return ok(null);
  return createKnockout(entrants, { thirdPlace: false });
}
