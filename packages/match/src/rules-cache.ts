import { createRules, type Rules } from '@zar/engine';
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
