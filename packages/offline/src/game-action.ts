import type { GameAction } from '@zar/match';
import type { EventAction } from '@zar/protocol';

/** The match layer's action an event tells; null for one an offline match cannot have (a timeout: no clock). */
export function gameAction(a: EventAction): GameAction | null {
  return a.type === 'timeout' ? null : (a as GameAction);
}
