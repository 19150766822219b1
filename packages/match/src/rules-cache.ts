import { createRules, type Dice, type Play, type Position, type Rules } from '@zar/engine';
import type { GameSettings } from './types.js';

const cache = new Map<string, Rules>();

/** The engine's rules for a game's settings; settings were validated when the game was made. */
export function rulesOf(settings: GameSettings): Rules {
  const key = `${settings.game}|${JSON.stringify(settings.options)}`;
  let rules = cache.get(key);
  if (!rules) {
    const made = createRules(settings.game, settings.options);
    if (!made.ok) throw new Error(`invalid game settings: ${made.error.message}`);
    rules = made.value;
    cache.set(key, rules);
  }
  return rules;
}

/** The most a game can be worth before the cube. */
export const maxPointsOf = (rules: Rules): number => rules.maxPoints ?? 2;

const playsCache = new WeakMap<Position, Map<Rules, Map<number, readonly Play[]>>>();

/**
 * The legal plays of a roll, computed once per position object: a roll is checked for a pass
 * when it is made and its plays are needed again when the play arrives. Positions are values
 * and never change, so the cache can never be stale.
 */
export function legalPlaysOf(rules: Rules, pos: Position, dice: Dice): readonly Play[] {
  let byRules = playsCache.get(pos);
  if (!byRules) {
    byRules = new Map();
    playsCache.set(pos, byRules);
  }
  let byDice = byRules.get(rules);
  if (!byDice) {
    byDice = new Map();
    byRules.set(rules, byDice);
  }
  const key = dice[0] * 8 + dice[1];
  let plays = byDice.get(key);
  if (!plays) {
    plays = rules.legalPlays(pos, dice);
    byDice.set(key, plays);
  }
  return plays;
}
