import { parseZarPosition, rulesFor } from '@zar/engine';
import { BACKGAMMON } from '../learn/content/positions.js';
import { boardModel, lastMoveModel } from '../table/board-model.js';
import { BoardView } from '../table/board-view.js';

const SAMPLE = BACKGAMMON.hit;

/**
 * A backgammon position with something of everything (a checker on the bar, the last move
 * with a hit, dice, an owned cube), drawn with the player's current choices as he makes them.
 */
export function PreviewBoard() {
  const rules = rulesFor('backgammon');
  const parsed = parseZarPosition(SAMPLE.position);
  if (!parsed.ok) return null;
  // Black on roll, seen by Black (seat 1) just after White's hit sent a checker to the bar.
  const model = boardModel(rules, parsed.value);
  const arrows = lastMoveModel(rules, { player: 0, dice: null, play: SAMPLE.lastMove }, 1);
  return (
    <BoardView
      model={model}
      viewer={1}
      game="backgammon"
      dice={{ values: [5, 3], used: [false, false], side: 'own' }}
      cube={{ value: 2, owner: 'opp' }}
      selected={null}
      sources={[]}
      destinations={[]}
      lastMove={arrows}
      animate={true}
    />
  );
}
