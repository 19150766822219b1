import type { GameAction, MatchState } from '@zar/match';
import { matchReducer } from '@zar/match';
import type { SeatView, ViewMeta } from '@zar/protocol';

/** The seats of a test game: a person in seat 0 against the bot. */
export const SEATS_AGAINST_BOT: [SeatView, SeatView] = [
  { name: 'ana', kind: 'human', taken: true },
  { name: 'bot', kind: 'bot', level: 'club', taken: true },
];

/**
 * What a view says beyond the match in a casual, untimed game with both players present and
 * no rematch under way (the view's fields about the people in it): spread into a ViewMeta, then override what a test
 * is about.
 */
export const CASUAL_UNTIMED: Pick<
  ViewMeta,
  'rated' | 'clock' | 'presence' | 'claim' | 'rematch' | 'series' | 'ratings' | 'fair' | 'watch' | 'chat' | 'tournament'
> = {
  rated: false,
  clock: null,
  presence: [true, true],
  claim: null,
  rematch: { offered: [false, false], allowed: false, next: null },
  series: [0, 0],
  ratings: null,
  fair: null,
  watch: { spectators: 0, allowed: true, forbidden: [false, false], canForbid: false },
  chat: { write: null, read: [] },
  tournament: null,
};

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
