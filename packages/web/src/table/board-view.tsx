import { Board, type CubeView, type DiceView, type Side } from '@zar/board-ui';
import type { GameId } from '@zar/engine';
import { useMemo } from 'preact/hooks';
import { useI18n } from '../i18n/index.js';
import { useBoardLooks } from './board-looks.js';
import type { BoardModel, LastMoveModel } from './board-model.js';
import { boardLabels } from './labels.js';

export interface BoardViewProps {
  readonly model: BoardModel;
  /** The viewer's seat: seat 0 plays White, so a viewer in seat 1 sees his own checkers dark. */
  readonly viewer: 0 | 1;
  readonly dice: DiceView | null;
  readonly cube: CubeView | null;
  readonly selected: number | null;
  readonly sources: readonly number[];
  readonly destinations: readonly number[];
  readonly lastMove: LastMoveModel | null;
  readonly animate: boolean;
  /** The game drawn, for the looks that depend on it: only a backgammon board is drawn with its home on the left. */
  readonly game: GameId | null;
  readonly onPoint?: ((p: number) => void) | undefined;
  readonly onDrag?: ((from: number, to: number) => void) | undefined;
  readonly onCube?: (() => void) | undefined;
  readonly onDice?: (() => void) | undefined;
}

/** Index 1..24: whose lone checker is pinned on each viewer point. */
function pinnedOf(model: BoardModel): (Side | null)[] {
  const pinned: (Side | null)[] = new Array(25).fill(null);
  for (const p of model.pinned.own) pinned[p] = 'own';
  for (const p of model.pinned.opp) pinned[p] = 'opp';
  return pinned;
}

/** The board component fed from a board model, with accessible names in the page's language. */
export function BoardView(props: BoardViewProps) {
  const i18n = useI18n();
  const labels = useMemo(() => boardLabels(i18n), [i18n]);
  const { model } = props;
  // Theme, checker colours, home side and motion: the player's preferences (board-looks.ts).
  const looks = useBoardLooks(props.viewer, props.game);
  return (
    <div class="board-wrap" data-testid="board">
      <Board
        own={{ points: model.own, bar: model.bar.own, off: model.off.own, pips: model.pips.own }}
        opp={{ points: model.opp, bar: model.bar.opp, off: model.off.opp, pips: model.pips.opp }}
        pinned={pinnedOf(model)}
        oppHome={model.oppHome}
        hasBar={model.hasBar}
        dice={props.dice}
        cube={props.cube}
        selected={props.selected}
        sources={props.sources}
        destinations={props.destinations}
        lastMove={
          props.lastMove ? { side: props.lastMove.byViewer ? 'own' : 'opp', steps: props.lastMove.arrows } : null
        }
        onPoint={props.onPoint}
        onDrag={props.onDrag}
        onCube={props.onCube}
        onDice={props.onDice}
        labels={labels}
        animate={props.animate && looks.animate}
        colors={looks.colors}
        theme={looks.theme}
        flip={looks.flip}
      />
    </div>
  );
}
