import { createRules, type Rules } from '@zar/engine';
import type { GameSettings } from './types.js';

const cache = new Map<string, Rules>();

/**
 * The engine's rules for a game's settings (or a game of a match's cycle). Settings were
 * validated when they were parsed, so options the engine refuses here are a broken invariant.
 */
export function rulesOf(settings: Pick<GameSettings, 'game'> & { readonly options?: GameSettings['options'] }): Rules {
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
