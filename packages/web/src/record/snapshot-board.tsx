import { BoardView } from '../table/board-view.js';
import type { Snapshot } from './snapshot.js';

/**
 * A past position on the board: read-only (no gestures, no animation), with that moment's dice
 * and cube. The play page shows it while a past line is picked; the replay shows every step with it.
 */
export function SnapshotBoard({ snapshot, viewer }: { snapshot: Snapshot; viewer: 0 | 1 }) {
  return (
    <BoardView
      game={snapshot.game}
      model={snapshot.model}
      viewer={viewer}
      dice={snapshot.dice}
      cube={snapshot.cube}
      selected={null}
      sources={[]}
      destinations={[]}
      lastMove={snapshot.lastMove}
      animate={false}
    />
  );
}
