import { parseZarPosition, rulesFor } from '@zar/engine';
import { useI18n } from '../i18n/index.js';
import { animationsOn } from '../settings.js';
import { boardModel, lastMoveModel } from '../table/board-model.js';
import { BoardView } from '../table/board-view.js';
import { Ltr, Rich } from '../ui.js';
import { BLACK_ON_ROLL } from './content/positions.js';

/**
 * A worked position, drawn by the same board as play. The text is seen from the side on
 * roll, drawn as the near side; the move that led here was the other side's.
 */
export function PositionBlock({
  position,
  caption,
  lastMove,
}: {
  position: string;
  caption: string;
  lastMove?: string;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const parsed = parseZarPosition(position);
  if (!parsed.ok) {
    return (
      <p class="error">
        <Ltr>{position}</Ltr>: {parsed.error.message}
      </p>
    );
  }
  const rules = rulesFor(parsed.value.game);
  const model = boardModel(rules, parsed.value);
  // The side on roll is drawn near; its colour follows the caption (Black on roll: dark).
  const viewer = BLACK_ON_ROLL.has(position) ? 1 : 0;
  const arrows = lastMove
    ? lastMoveModel(rules, { player: viewer === 0 ? 1 : 0, dice: null, play: lastMove }, viewer)
    : null;
  return (
    <figure class="position" data-testid="learn-position">
      <BoardView
        model={model}
        viewer={viewer}
        game={parsed.value.game}
        dice={null}
        cube={null}
        selected={null}
        sources={[]}
        destinations={[]}
        lastMove={arrows}
        animate={animationsOn()}
      />
      <figcaption>
        <p>{caption}</p>
        <p class="muted">
          <Rich
            text={t.learn.pipsLine}
            slots={{ mover: <Ltr>{i18n.num(model.pips.own)}</Ltr>, other: <Ltr>{i18n.num(model.pips.opp)}</Ltr> }}
          />
        </p>
        {lastMove && (
          <p class="muted">
            <Rich text={t.learn.lastMove} slots={{ play: <Ltr>{lastMove}</Ltr> }} />
          </p>
        )}
      </figcaption>
    </figure>
  );
}
