import { type Dice, formatPlay, type GameId } from '@zar/engine';
import {
  doubleRefusal,
  type GameAction,
  MATCH_DEFAULTS,
  type MatchSettings,
  type MatchState,
  matchReducer,
  newMatch,
  other,
  rulesOf,
} from '../../src/index.js';

/** A small deterministic generator (mulberry32) for the driver's choices and dice. */
export function randomSource(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const die = (random: () => number): number => 1 + Math.floor(random() * 6);

/** One random legal action for the match as it stands. */
export function randomAction(m: MatchState, random: () => number): GameAction {
  const g = m.game;
  const p = g.turn;
  const cube = g.settings.cube;
  switch (g.phase) {
    case 'opening':
      return { type: 'opening', dice: [die(random), die(random)] };
    case 'roll': {
      const r = random();
      if (r < 0.08 && doubleRefusal(g) === null) return { type: 'double', player: p };
      if (r < 0.1) return { type: 'resign', player: p, level: pick(random, [1, 2, 3] as const) };
      return { type: 'roll', player: p, dice: [die(random), die(random)] };
    }
    case 'move': {
      if (random() < 0.005) return { type: 'resign', player: p, level: 1 };
      const plays = rulesOf(g.settings).legalPlays(g.position, g.dice as Dice);
      return { type: 'play', player: p, play: formatPlay(pick(random, plays).steps) };
    }
    case 'doubled': {
      const answers: GameAction['type'][] = ['take', 'take', 'drop'];
      if (cube.beaver) answers.push('beaver');
      return { type: pick(random, answers), player: other(p) } as GameAction;
    }
    case 'beavered': {
      const answers: GameAction['type'][] = ['take', 'drop'];
      if (cube.raccoon) answers.push('raccoon');
      return { type: pick(random, answers), player: p } as GameAction;
    }
    case 'raccooned':
      return { type: pick(random, ['take', 'drop'] as const), player: other(p) };
    case 'resigning':
      return { type: pick(random, ['accept', 'decline'] as const), player: other(g.resign?.by ?? p) };
    case 'over':
      throw new Error('no action in a finished match');
  }
}

export interface RandomMatch {
  readonly settings: MatchSettings;
  readonly actions: GameAction[];
  readonly states: MatchState[];
}

/** Plays random legal actions until the match ends or `maxActions` have been played. */
export function randomMatch(settings: MatchSettings, seed: number, maxActions = 600): RandomMatch {
  const random = randomSource(seed);
  let m = newMatch(settings);
  const actions: GameAction[] = [];
  const states: MatchState[] = [m];
  while (m.winner === null && actions.length < maxActions) {
    const action = randomAction(m, random);
    const r = matchReducer(m, action);
    if (!r.ok) throw new Error(`random driver chose an illegal action ${JSON.stringify(action)}: ${r.error.message}`);
    m = r.value;
    actions.push(action);
    states.push(m);
  }
  return { settings, actions, states };
}

/** Random settings for a game: a match of 1..7 or money play with the optional rules. */
export function randomSettings(game: GameId, random: () => number): MatchSettings {
  const money = random() < 0.3;
  return {
    ...MATCH_DEFAULTS,
    cycle: [{ game }],
    length: money ? 0 : 1 + Math.floor(random() * 7),
    jacoby: money && random() < 0.5,
    beaver: money && random() < 0.5,
    raccoon: money && random() < 0.5,
    automaticDoubles: money && random() < 0.3 ? 1 : 0,
  };
}
