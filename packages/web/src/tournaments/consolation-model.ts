import type { TournamentPairing, TournamentView } from '@zar/protocol';
import { type Bracket, bracketOf } from './bracket-model.js';

/*
 * A knock-out's consolation draw as the page shows it (docs/tournaments.md, Consolation draw):
 * a knock-out of its own for the players who lost their first match, drawn by the server once
 * every first match of the main draw is decided. Until then the view has no consolation rounds,
 * so whether it is still to come or will not be held (fewer than 2 entrants) follows from the
 * main draw's rounds, by the same rule the server draws it by.
 */

/**
 * - `off`: none asked for, or the tournament has not started (or was cancelled);
 * - `waiting`: to be drawn once the main draw's first matches are decided;
 * - `none`: they are decided and fewer than 2 players lost their first match;
 * - `drawn`: its rounds are in the view.
 */
export type ConsolationState = 'off' | 'waiting' | 'none' | 'drawn';

const decided = (p: TournamentPairing): boolean => p.state !== 'waiting' && p.state !== 'playing';

/** Where the tournament's consolation draw stands. */
export function consolationStateOf(
  view: Pick<TournamentView, 'format' | 'consolation' | 'consolationRounds' | 'rounds' | 'roundCount' | 'status'>,
): ConsolationState {
  if (view.format !== 'knockout' || !view.consolation) return 'off';
  if (view.consolationRounds.length > 0) return 'drawn';
  if (view.status === 'over') return 'none';
  if (view.status !== 'running' || view.rounds.length === 0) return 'off';
  // First matches are in round 2 too when round 1 had byes (a bye is not a match).
  const byes = view.rounds[0]!.pairings.some((p) => p.state === 'bye');
  const firstRounds = Math.min(byes ? 2 : 1, Math.max(1, view.roundCount));
  const rounds = view.rounds.slice(0, firstRounds);
  const ready = rounds.length === firstRounds && rounds.every((r) => r.pairings.every(decided));
  return ready ? 'none' : 'waiting';
}

/**
 * The consolation's bracket: its rounds drawn, then empty rounds up to its final (its first
 * round has half as many matches as its bracket has places). Empty before it is drawn.
 */
export function consolationBracketOf(view: Pick<TournamentView, 'consolationRounds'>): Bracket {
  const first = view.consolationRounds[0]?.pairings.length ?? 0;
  const roundCount = first === 0 ? 0 : Math.ceil(Math.log2(first * 2));
  return bracketOf({ rounds: view.consolationRounds, roundCount });
}
