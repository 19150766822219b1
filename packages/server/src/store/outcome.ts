import { type GameAction, matchReducer, newMatch, parseMatchSettings } from '@zar/match';
import type { GameRow, MatchOutcome } from './types.js';

/** A match before any action. */
export const NO_OUTCOME: MatchOutcome = { score: [0, 0], winner: null };

/**
 * The score and winner a game's actions make, by replaying them: how a database written before
 * the games table kept them gets them (schema.ts). A record that stops replaying (a broken
 * invariant: the server stored only actions its rules accepted) counts up to where it stops.
 */
export function outcomeOf(record: GameRow['record'], actions: readonly GameAction[]): MatchOutcome {
  const settings = parseMatchSettings(record.settings);
  if (!settings.ok) return NO_OUTCOME;
  let state = newMatch(settings.value);
  for (const action of actions) {
    const next = matchReducer(state, action);
    if (!next.ok) break;
    state = next.value;
  }
  return { score: [state.score[0], state.score[1]], winner: state.winner };
}
