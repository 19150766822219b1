import type { GameAction, MatchState } from '@zar/match';
import { matchReducer } from '@zar/match';
import type { SeatView } from '@zar/protocol';

/** The seats of a test game: a person in seat 0 against the bot. */
export const SEATS_AGAINST_BOT: [SeatView, SeatView] = [
  { name: 'ana', kind: 'human', taken: true },
  { name: 'bot', kind: 'bot', level: 'club', taken: true },
];

/** The match after `actions`; a refused action fails the test with the reducer's reason. */
export function apply(m: MatchState, ...actions: GameAction[]): MatchState {
  let s = m;
  for (const a of actions) {
    const r = matchReducer(s, a);
    if (!r.ok) throw new Error(`${JSON.stringify(a)}: ${r.error.message}`);
    s = r.value;
  }
  return s;
}
