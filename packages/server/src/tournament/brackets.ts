import { err, ok, type Result } from '@zar/engine';
import {
  consolationReady,
  drawConsolation,
  type Knockout,
  type KnockoutMatch,
  knockoutFinished,
  knockoutPending,
  knockoutWinner,
  recordKnockoutNoShow,
  recordKnockoutResult,
} from '@zar/match';
import type { Board, StoredRound, StoredTournament } from './data.js';

/**
 * A knock-out's two brackets on the server: the main draw and, when the
 * creator asked for one, the consolation draw (@zar/match consolation.ts) for the players who
 * lose their first match. Both are the pure layer's Knockout; this stores each one's rounds as
 * boards with games, apart from each other, so that the consolation runs at its own pace: each
 * of its rounds starts as soon as its previous one is decided, whatever the main draw's round.
 *
 * A consolation board's match id is the pure layer's with CONSOLATION before it ('CR1-1'), and
 * its game id has a 'c' before the round (consolationGameId), so neither meets the main draw's.
 */

export const CONSOLATION = 'C';

/** Whether a board's match is the consolation draw's. */
export const isConsolation = (match: string): boolean => match.startsWith(CONSOLATION);

/**
 * The id of a consolation board's match: the main draw's (data.ts boardGameId) with a 'c' before
 * the round, so the same for the same board after a restart, and never a main draw's id.
 */
export const consolationGameId = (tournament: string, round: number, board: number): string =>
  `${tournament}-c${round}-${board}`;

/** Whether the tournament has a consolation draw (false for one stored before it could). */
export const hasConsolation = (t: StoredTournament): boolean => t.consolation === true;

/** The consolation's rounds started so far. */
export const consolationRoundsOf = (t: StoredTournament): readonly StoredRound[] => t.consolationRounds ?? [];

/** The bracket a board's match is in, and the match's id in it; null bracket: not drawn (or not a knock-out). */
export function bracketOf(t: StoredTournament, match: string): { k: Knockout | null; id: string } {
  if (isConsolation(match)) return { k: t.consolationDraw ?? null, id: match.slice(CONSOLATION.length) };
  return { k: t.knockout, id: match };
}

const matchesOf = (k: Knockout): KnockoutMatch[] => [
  ...k.rounds.flat(),
  ...(k.thirdPlaceMatch ? [k.thirdPlaceMatch] : []),
];

/** The pure layer's record of a knock-out board's match; null when there is none. */
export function bracketMatch(t: StoredTournament, match: string): KnockoutMatch | null {
  const { k, id } = bracketOf(t, match);
  return k === null ? null : (matchesOf(k).find((m) => m.id === id) ?? null);
}

/** Whether a knock-out board's match waits for its result. */
export function bracketOpen(t: StoredTournament, match: string): boolean {
  const { k, id } = bracketOf(t, match);
  return k !== null && knockoutPending(k).some((m) => m.id === id);
}

/** A knock-out board's result booked in its bracket (refused as the pure layer refuses it). */
export function bookInBracket(
  t: StoredTournament,
  match: string,
  result: { readonly winner: string | null; readonly kind: 'win' | 'forfeit' | 'no-show' },
): Result<StoredTournament, 'ERR_TOURNAMENT'> {
  const { k, id } = bracketOf(t, match);
  if (k === null) return err('ERR_TOURNAMENT', `no bracket holds match "${match}"`);
  const booked =
    result.winner === null
      ? recordKnockoutNoShow(k, id)
      : recordKnockoutResult(k, id, result.winner, result.kind === 'forfeit' ? 'forfeit' : 'win');
  if (!booked.ok) return booked;
  const value: StoredTournament = isConsolation(match)
    ? { ...t, consolationDraw: booked.value }
    : { ...t, knockout: booked.value };
  return ok(value);
}

const withdrawn = (t: StoredTournament, id: string | null): boolean =>
  id !== null && t.entrants.some((e) => e.id === id && e.withdrawn);

/**
 * A bracket's rounds drawn by the pure layer that are not yet in `stored`, stored with a game
 * per match to play (its id from `gameId`, its match id after `prefix`); a match with a withdrawn
 * player is forfeited at once (both withdrawn: a no-show), which may decide the round and draw the next.
 */
export function storeDrawnRounds(
  t: StoredTournament,
  bracket: Knockout,
  stored: readonly StoredRound[],
  now: number,
  gameId: (round: number, board: number) => string,
  prefix = '',
): { k: Knockout; rounds: StoredRound[] } {
  let k = bracket;
  let rounds = [...stored];
  while (rounds.length < k.rounds.length) {
    const number = rounds.length + 1;
    const matches = [...(k.rounds[number - 1] ?? [])];
    if (k.thirdPlaceMatch !== null && k.thirdPlaceMatch.round === number) matches.push(k.thirdPlaceMatch);
    for (const m of matches) {
      if (m.kind !== null || m.a === null || m.b === null) continue;
      const [outA, outB] = [withdrawn(t, m.a), withdrawn(t, m.b)];
      if (!outA && !outB) continue;
      const r =
        outA && outB ? recordKnockoutNoShow(k, m.id) : recordKnockoutResult(k, m.id, outA ? m.b : m.a, 'forfeit');
      if (r.ok) k = r.value;
    }
    const pending = new Set(knockoutPending(k).map((m) => m.id));
    const boards: Board[] = matches.map((m, i) => ({
      match: `${prefix}${m.id}`,
      a: m.a,
      b: m.b,
      game: pending.has(m.id) ? gameId(number, i + 1) : null,
    }));
    rounds = [...rounds, { number, startedAt: now, boards }];
  }
  return { k, rounds };
}

/**
 * The consolation drawn once the main draw's first matches are decided (for the players who
 * have not withdrawn then), and its rounds not yet stored stored. Nothing to do without one.
 */
export function drawConsolationRounds(t: StoredTournament, id: string, now: number): StoredTournament {
  if (!hasConsolation(t) || t.knockout === null) return t;
  let draw = t.consolationDraw ?? null;
  if (draw === null) {
    // Drawn in the step that decides the last first match, so never drawn twice: a later step
    // finds it drawn, or finds the same too few entrants (withdrawals only take some away).
    const out = new Set(t.entrants.filter((e) => e.withdrawn).map((e) => e.id));
    const drawn = drawConsolation(t.knockout, out);
    if (!drawn.ok || drawn.value === null) return t;
    draw = drawn.value;
  }
  const stored = storeDrawnRounds(
    t,
    draw,
    consolationRoundsOf(t),
    now,
    (r, b) => consolationGameId(id, r, b),
    CONSOLATION,
  );
  return { ...t, consolationDraw: stored.k, consolationRounds: stored.rounds };
}

/**
 * Whether the consolation is over: decided, or never held (none asked for, or fewer than 2
 * entrants once the first matches were decided). False while it waits to be drawn.
 */
export function consolationOver(t: StoredTournament): boolean {
  if (!hasConsolation(t) || t.knockout === null) return true;
  const draw = t.consolationDraw ?? null;
  return draw === null ? consolationReady(t.knockout) : knockoutFinished(draw);
}

/** The consolation's winner once it is over; null before, without one, and when nobody came to its final. */
export function consolationWinnerOf(t: StoredTournament): string | null {
  const draw = t.consolationDraw ?? null;
  return draw !== null && knockoutFinished(draw) ? knockoutWinner(draw) : null;
}
