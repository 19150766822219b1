import type { PuzzleView } from '@zar/protocol';
import { useState } from 'preact/hooks';
import { useI18n } from '../i18n/index.js';
import { canUndo, currentPosition, diceOfEntry, drag, highlights, playText, tap, undoEntry } from '../play/entry.js';
import { animationsOn } from '../settings.js';
import { boardModel } from '../table/board-model.js';
import { BoardView } from '../table/board-view.js';
import { Ltr } from '../ui.js';
import { cubeOwner, type PuzzlePosition } from './puzzle-position.js';

/**
 * The puzzle's board, drawn with its game's look from the solver's side. A play puzzle is
 * played on it as in a game (tap or drag, undo), then sent; a cube puzzle is answered with its
 * choices' buttons. `answered`: the try is in, the board is still.
 */
export function PuzzleBoard(props: {
  puzzle: PuzzleView;
  at: PuzzlePosition;
  answered: boolean;
  busy: boolean;
  answer: (text: string) => void;
}) {
  const { t, f } = useI18n();
  const { puzzle, at } = props;
  const [entry, setEntry] = useState(at.entry);
  const still = props.answered || props.busy;
  const lit = entry && !still ? highlights(entry) : { sources: [], destinations: [] };
  const text = entry ? playText(entry) : null;
  // A take puzzle shows the cube offered, at the value it is doubled to.
  const cube = at.rules.hasCube
    ? {
        value: puzzle.kind === 'take' ? puzzle.context.cube * 2 : puzzle.context.cube,
        owner: cubeOwner(puzzle),
        offered: puzzle.kind === 'take',
      }
    : null;
  const prompt =
    puzzle.kind === 'play'
      ? f(t.puzzles.findPlay, { dice: puzzle.dice?.join('-') ?? '' })
      : puzzle.kind === 'double'
        ? t.puzzles.cubeDouble
        : t.puzzles.cubeTake;
  const { length, score, crawford } = puzzle.context;
  // The score is the side on roll's first; a take puzzle's solver is the other side.
  const [mine, theirs] = puzzle.kind === 'take' ? [score[1], score[0]] : score;
  return (
    <div class="puzzle-board">
      <p class="lead" data-testid="puzzle-prompt">
        {prompt}
      </p>
      <p class="muted" data-testid="puzzle-context">
        {length === 0 ? t.puzzles.money : f(t.puzzles.match, { length, mine, theirs })}
        {crawford && ` · ${t.puzzles.crawford}`}
      </p>
      <BoardView
        model={boardModel(at.rules, entry ? currentPosition(entry.turn) : at.position)}
        viewer={0}
        game={puzzle.game}
        dice={entry ? { ...diceOfEntry(entry), side: 'own' } : null}
        cube={cube}
        selected={still ? null : (entry?.selected ?? null)}
        sources={lit.sources}
        destinations={lit.destinations}
        lastMove={null}
        animate={animationsOn()}
        onPoint={(p) => entry && !still && setEntry(tap(entry, p))}
        onDrag={(from, to) => entry && !still && setEntry(drag(entry, from, to))}
      />
      {entry ? (
        <p class="actions">
          <button
            type="button"
            data-testid="puzzle-undo"
            disabled={still || !canUndo(entry)}
            onClick={() => setEntry(undoEntry(entry))}
          >
            {t.puzzles.undo}
          </button>
          <button
            type="button"
            class="primary"
            data-testid="puzzle-submit"
            disabled={still || text === null}
            onClick={() => text !== null && props.answer(text)}
          >
            {t.puzzles.submit}
          </button>
          {text && (
            <span class="muted" data-testid="puzzle-play">
              <Ltr>{text}</Ltr>
            </span>
          )}
        </p>
      ) : (
        <p class="actions">
          {(puzzle.choices ?? []).map((choice) => (
            <button
              type="button"
              key={choice}
              class="primary"
              data-testid={`puzzle-choice-${choice}`}
              disabled={still}
              onClick={() => props.answer(choice)}
            >
              {(t.puzzles.choices as Record<string, string>)[choice] ?? choice}
            </button>
          ))}
        </p>
      )}
    </div>
  );
}
