import { parseZarPosition } from '@zar/engine';
import type { GameView, HintPlay } from '@zar/protocol';
import { useEffect, useRef } from 'preact/hooks';
import { useI18n } from '../i18n/index.js';
import { boardModel, lastMoveModel } from '../table/board-model.js';
import { BoardView } from '../table/board-view.js';
import { rulesOfView } from '../table/rules-of.js';
import { Ltr, Rich } from '../ui.js';

/**
 * The board after one of the hint's plays, its moves drawn as arrows: the player compares a
 * play with his own without touching the live board. Still, like every picture of a position.
 */
export function PlayBoard({ view, play }: { view: GameView; play: HintPlay }) {
  const { t } = useI18n();
  const figure = useRef<HTMLElement>(null);
  // The side panel scrolls by itself: the board just opened is brought into it.
  useEffect(() => figure.current?.scrollIntoView({ block: 'nearest' }), [play.play]);
  const rules = rulesOfView(view.game);
  const parsed = parseZarPosition(play.position);
  const viewer = view.you ?? 0;
  if (!rules || !parsed.ok) return null;
  return (
    <figure class="hint-board" data-testid="hint-board" ref={figure}>
      <div inert>
        <BoardView
          model={boardModel(rules, parsed.value)}
          viewer={viewer}
          dice={null}
          cube={null}
          selected={null}
          sources={[]}
          destinations={[]}
          lastMove={lastMoveModel(rules, { player: viewer, dice: null, play: play.play }, viewer)}
          animate={false}
          game={view.game.game}
        />
      </div>
      <figcaption class="muted">
        <Rich text={t.hints.after} slots={{ play: <Ltr>{play.play}</Ltr> }} />
      </figcaption>
    </figure>
  );
}
