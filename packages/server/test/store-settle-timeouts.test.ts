import { type GameAction, type MatchState, matchReducer, newMatch } from '@zar/match';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { settlementOf } from '../src/store/games/settle-timeouts.js';
import type { GameRow } from '../src/store/types.js';
import { type BotMatch, botMatch } from './support/bot-match.js';

/*
 * Which records schema v3 settles (settle-timeouts.ts): exactly those that stop replaying at a
 * timeout after the match was already won, with only timeouts after it; and where they settle.
 */
let played: BotMatch;
beforeAll(async () => {
  played = await botMatch({ length: 3, cycle: [{ game: 'backgammon' }] }, 21);
});

const recordOf = (m: BotMatch): GameRow['record'] => ({ version: 1, settings: m.settings, players: ['A', 'B'] });

function stateAfter(actions: readonly GameAction[]): MatchState {
  let state = newMatch(played.settings);
  for (const a of actions) {
    const r = matchReducer(state, a);
    if (!r.ok) throw new Error(r.error.message);
    state = r.value;
  }
  return state;
}

describe('settlementOf', () => {
  it('leaves a record that replays as it is', () => {
    expect(played.end.winner).not.toBeNull();
    expect(settlementOf(recordOf(played), played.actions)).toBeNull();
    expect(settlementOf(recordOf(played), [])).toBeNull();
  });

  it('settles a match abandoned one timeout per point at its first timeout, and nothing else', () => {
    fc.assert(
      fc.property(fc.nat(), fc.array(fc.constantFrom(0, 1), { minLength: 1, maxLength: 4 }), (cut, players) => {
        const prefix = played.actions.slice(0, cut % played.actions.length);
        const timeouts: GameAction[] = players.map((player) => ({ type: 'timeout', player: player as 0 | 1 }));
        const first = matchReducer(stateAfter(prefix), timeouts[0] as GameAction);
        const settled = settlementOf(recordOf(played), [...prefix, ...timeouts]);
        if (!first.ok || timeouts.length === 1) {
          expect(settled).toBeNull();
          return;
        }
        expect(first.value.winner).not.toBeNull();
        expect(settled?.kept).toBe(prefix.length + 1);
        expect(settled?.end.score).toEqual(first.value.score);
        expect(settled?.end.winner).toBe(first.value.winner);
      }),
      { numRuns: 100 },
    );
  });

  it('leaves a record broken some other way as it is', () => {
    const prefix = played.actions.slice(0, 6);
    const timeout: GameAction = { type: 'timeout', player: 0 };
    const nonsense: GameAction = { type: 'play', player: 0, play: '25/1' };
    // Broken before any timeout; a move after the timeouts; settings that do not parse.
    expect(settlementOf(recordOf(played), [...prefix, nonsense, timeout, timeout])).toBeNull();
    expect(settlementOf(recordOf(played), [...prefix, timeout, timeout, nonsense])).toBeNull();
    expect(settlementOf({ ...recordOf(played), settings: { length: -1 } as never }, [timeout, timeout])).toBeNull();
  });
});
