import { createRules, type Rules } from '@zar/engine';
import type { GameStateView } from '@zar/protocol';

/** The rules a game of the match is played under (its game and options), or null if unknown. */
export function rulesOfView(g: GameStateView): Rules | null {
  const r = createRules(g.game, g.options);
  return r.ok ? r.value : null;
}
