import { type Dice, formatPlay, GAME_IDS, type Play } from '@zar/engine';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type GameAction,
  type GameState,
  gameReducer,
  MATCH_DEFAULTS,
  newMatch,
  rulesOf,
  standardPlayText,
} from '../src/index.js';

/** A play written step by step ("24/18 18/13"), the form standardPlayText rewrites. */
const stepByStep = (play: Play): string =>
  play.steps.map((s) => `${s.from === 25 ? 'bar' : s.from}/${s.to === 0 ? 'off' : s.to}${s.hit ? '*' : ''}`).join(' ');

/** The same state, another object: nothing kept for the first can be used for it. */
const copyOf = (state: GameState): GameState => structuredClone(state);

/**
 * What the server does with a play (its standard text, then the reducer) gives what the reducer
 * gives for that text alone, from a state it never saw.
 */
function checkPlays(state: GameState, plays: readonly Play[], pick: number): GameState {
  const chosen = plays[pick % plays.length] as Play;
  for (const play of [chosen, plays[0] as Play]) {
    for (const text of [stepByStep(play), formatPlay(play.steps)]) {
      const standard = standardPlayText(state, text);
      const action: GameAction = { type: 'play', player: state.turn, play: standard };
      const served = gameReducer(state, action);
      expect(served).toEqual(gameReducer(copyOf(state), action));
      expect(served).toEqual(gameReducer(copyOf(state), { ...action, play: text }));
    }
  }
  // Another play's text on the same state is matched anew.
  const other = plays[(pick + 1) % plays.length] as Play;
  standardPlayText(state, formatPlay(chosen.steps));
  const action: GameAction = { type: 'play', player: state.turn, play: formatPlay(other.steps) };
  expect(gameReducer(state, action)).toEqual(gameReducer(copyOf(state), action));
  const next = gameReducer(state, { type: 'play', player: state.turn, play: formatPlay(chosen.steps) });
  if (!next.ok) throw new Error(next.error.message);
  return next.value;
}

const die = fc.integer({ min: 1, max: 6 });

describe.each(GAME_IDS)('%s: a play matched for its standard text', (game) => {
  it('moves the game as the reducer alone does', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(die, die), { minLength: 10, maxLength: 50 }),
        fc.array(fc.nat(), { minLength: 50, maxLength: 50 }),
        (rolls, picks) => {
          let state = newMatch({ ...MATCH_DEFAULTS, length: 0, cycle: [{ game }] }).game;
          for (let i = 0; i < rolls.length && state.phase !== 'over'; i++) {
            const [a, b] = rolls[i] as Dice;
            if (state.phase === 'opening') {
              const r = gameReducer(state, { type: 'opening', dice: [a, b] });
              if (r.ok) state = r.value;
            } else if (state.phase === 'roll') {
              const r = gameReducer(state, { type: 'roll', player: state.turn, dice: [a, b] });
              if (r.ok) state = r.value;
            } else if (state.phase === 'move') {
              const plays = rulesOf(state.settings).legalPlays(state.position, state.dice as Dice);
              state = checkPlays(state, plays, picks[i] ?? 0);
            }
          }
        },
      ),
      { numRuns: 15 },
    );
  });
});
