import type { EventAction, GameView } from '@zar/protocol';
import type { SoundName } from './synth.js';

/**
 * The sounds one socket event calls for, in the order they play: the dice, a checker set down
 * or a hit (the server's notation marks a hit with '*'), the cube turned, and the viewer's
 * turn when the game now waits on him and did not before. A whole state (joining, a refused
 * action) plays nothing: it is no event the player saw happen.
 */
export function cuesOf(action: EventAction | null, view: GameView, actorBefore: number | null): SoundName[] {
  if (action === null) return [];
  const out: SoundName[] = [];
  switch (action.type) {
    case 'opening':
    case 'roll':
      out.push('roll');
      break;
    case 'play':
      if (action.play.includes('*')) out.push('hit');
      else if (action.play !== '') out.push('move');
      break;
    case 'double':
    case 'beaver':
    case 'raccoon':
      out.push('double');
      break;
    default:
      break;
  }
  const you = view.you;
  const yours = you !== null && view.status === 'playing' && view.game.actor === you;
  if (yours && actorBefore !== you) out.push('turn');
  return out;
}
