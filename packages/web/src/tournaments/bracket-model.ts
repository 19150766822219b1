import type { TournamentPairing, TournamentRound, TournamentView } from '@zar/protocol';

/*
 * A knock-out's bracket as the page draws it: one column a round, top of the draw first, with
 * the rounds not drawn yet as empty places ("to be decided"), so the whole shape of the
 * tournament shows from its first round. The server draws a round when the one before is
 * decided (docs/tournaments.md), so its view holds only the rounds drawn so far.
 */

/** A match of the bracket; `future` for a place of a round not drawn yet. */
export interface BracketMatch {
  readonly players: readonly [string | null, string | null];
  readonly state: TournamentPairing['state'] | 'future';
  readonly winner: 0 | 1 | null;
  readonly game: string | null;
  readonly score: readonly [number, number] | null;
}

export interface BracketColumn {
  /** The round's number, from 1. */
  readonly number: number;
  readonly matches: readonly BracketMatch[];
}

export interface Bracket {
  readonly columns: readonly BracketColumn[];
  /** The match for third place, once drawn. */
  readonly thirdPlace: BracketMatch | null;
}

const FUTURE: BracketMatch = { players: [null, null], state: 'future', winner: null, game: null, score: null };

const matchOf = (p: TournamentPairing): BracketMatch => ({
  players: p.players,
  state: p.state,
  winner: p.winner,
  game: p.game,
  score: p.score,
});

const samePairing = (a: TournamentPairing, b: TournamentPairing): boolean =>
  a.game === b.game && a.players[0] === b.players[0] && a.players[1] === b.players[1];

/** A round's bracket matches: its pairings less the third-place match, which the view may list last as well. */
function bracketPairings(round: TournamentRound): readonly TournamentPairing[] {
  const last = round.pairings.at(-1);
  const third = round.thirdPlace;
  if (third !== null && last !== undefined && round.pairings.length > 1 && samePairing(last, third)) {
    return round.pairings.slice(0, -1);
  }
  return round.pairings;
}

/**
 * The bracket of a knock-out's view: the rounds drawn, then empty rounds up to its round
 * count, each with half the matches of the one before (rounded up). Empty before the draw.
 */
export function bracketOf(view: Pick<TournamentView, 'rounds' | 'roundCount'>): Bracket {
  const columns: BracketColumn[] = view.rounds.map((r) => ({
    number: r.number,
    matches: bracketPairings(r).map(matchOf),
  }));
  let size = columns.at(-1)?.matches.length ?? 0;
  for (let n = columns.length + 1; size > 1 && n <= view.roundCount; n++) {
    size = Math.ceil(size / 2);
    columns.push({ number: n, matches: Array.from({ length: size }, () => FUTURE) });
  }
  const third = [...view.rounds].reverse().find((r) => r.thirdPlace !== null)?.thirdPlace ?? null;
  return { columns, thirdPlace: third === null ? null : matchOf(third) };
}

/** How a knock-out round is called, by the matches it has: the final, the semi-finals, the quarter-finals, the round of N. */
export type RoundName =
  | { readonly kind: 'final' }
  | { readonly kind: 'semi' }
  | { readonly kind: 'quarter' }
  | { readonly kind: 'roundOf'; readonly players: number };

export function roundName(matches: number): RoundName {
  if (matches <= 1) return { kind: 'final' };
  if (matches === 2) return { kind: 'semi' };
  if (matches <= 4) return { kind: 'quarter' };
  return { kind: 'roundOf', players: matches * 2 };
}
