import { type GameId, rulesFor } from '@zar/engine';
import { boardModel } from '../table/board-model.js';
import { BoardView } from '../table/board-view.js';

/**
 * A game's starting position drawn by the play page's board, small and still: a picture for
 * the home page's card (inert, so its points are neither focusable nor announced; the card's
 * text says what it shows). Loaded with import() so the first paint does not wait for it.
 */
export function BoardPreview({ game }: { game: GameId }) {
  const rules = rulesFor(game);
  return (
    <div class="board-preview" inert>
      <BoardView
        model={boardModel(rules, rules.start())}
        viewer={0}
        dice={null}
        cube={null}
        selected={null}
        sources={[]}
        destinations={[]}
        lastMove={null}
        animate={false}
        game={game}
      />
    </div>
  );
}
