import { type Dice, formatPlay } from '@zar/engine';
import { expect } from 'vitest';
import { type GameAction, type MatchState, matchReducer, type Player, rulesOf } from '../../src/index.js';

/** Applies actions that must all be legal; fails the test with the refusal otherwise. */
export function apply(m: MatchState, ...actions: GameAction[]): MatchState {
  let s = m;
  for (const a of actions) {
    const r = matchReducer(s, a);
    if (!r.ok) expect.fail(`${JSON.stringify(a)} refused: ${r.error.code} ${r.error.message}`);
    s = r.value;
  }
  return s;
}

/** The error code the match gives for an action, asserting the state is left as it was. */
export function refusal(m: MatchState, action: GameAction): string {
  const before = JSON.stringify(m, (_k, v) => (v instanceof Int8Array ? [...v] : v));
  const r = matchReducer(m, action);
  if (r.ok) expect.fail(`${JSON.stringify(action)} was accepted`);
  expect(JSON.stringify(m, (_k, v) => (v instanceof Int8Array ? [...v] : v))).toBe(before);
  return r.error.code;
}

/** Opening roll won by `player` (6 against 1). */
export const openingFor = (player: Player): GameAction => ({ type: 'opening', dice: player === 0 ? [6, 1] : [1, 6] });

/** The first legal play for the player to move, in notation. */
export function firstPlay(m: MatchState): GameAction {
  const g = m.game;
  const plays = rulesOf(g.settings).legalPlays(g.position, g.dice as Dice);
  return { type: 'play', player: g.turn, play: formatPlay(plays[0]?.steps ?? []) };
}

/** Ends the current game with `loser` resigning at `level`; the opening goes to the loser. */
export function resignGame(m: MatchState, loser: Player, level: 1 | 2 | 3): MatchState {
  let s = m;
  if (s.game.phase === 'opening') s = apply(s, openingFor(loser));
  if (s.game.turn !== loser) {
    if (s.game.phase === 'roll') s = apply(s, { type: 'roll', player: s.game.turn, dice: [2, 1] });
    s = apply(s, firstPlay(s));
  }
  return apply(s, { type: 'resign', player: loser, level }, { type: 'accept', player: loser === 0 ? 1 : 0 });
}

/** Brings the game to `player` being on roll before rolling (phase 'roll'). */
export function toRollPhase(m: MatchState, player: Player): MatchState {
  let s = m;
  if (s.game.phase === 'opening') s = apply(s, openingFor(player === 0 ? 1 : 0));
  while (!(s.game.phase === 'roll' && s.game.turn === player)) {
    if (s.game.phase === 'move') s = apply(s, firstPlay(s));
    else if (s.game.phase === 'roll') s = apply(s, { type: 'roll', player: s.game.turn, dice: [2, 1] });
    else expect.fail(`cannot reach a roll phase from ${s.game.phase}`);
  }
  return s;
}
