import type { CubeView, DiceView } from '@zar/board-ui';
import { BAR, OFF, rulesFor } from '@zar/engine';
import type { BoardSetup } from '@zar/match';
import { useState } from 'preact/hooks';
import { useI18n } from '../i18n/index.js';
import { boardModel } from '../table/board-model.js';
import { BoardView } from '../table/board-view.js';
import { addChecker, clearBoard, type Edit, moveChecker, removeChecker, turnPin } from './editor.js';
import { nearView, startSetup, withNearView } from './setup.js';

type Tool = 'near' | 'far' | 'remove' | 'pin';

/** Every place a checker can be picked up from: the points and the bar. */
const PLACES: readonly number[] = Array.from({ length: BAR }, (_, i) => i + 1);

/** The dice as the board draws them, in the half of the side on roll. */
function diceView(setup: BoardSetup): DiceView | null {
  if (setup.dice === null) return null;
  const [a, b] = setup.dice;
  const values = a === b ? [a, a, a, a] : [a, b];
  return { values, used: values.map(() => false), side: setup.onRoll === 0 ? 'own' : 'opp' };
}

function cubeView(setup: BoardSetup): CubeView | null {
  const cube = setup.cube;
  if (cube === null) return null;
  const nearOwns = (cube.owner === 'onRoll') === (setup.onRoll === 0);
  const owner = cube.owner === 'centre' ? null : nearOwns ? 'own' : 'opp';
  return { value: cube.value, owner, offered: cube.doubled };
}

/**
 * The board of the setup, player 0 (White) near, and its editor: a tap puts a checker of the
 * chosen side on a point or the bar (or takes one away, or turns a plakoto pin), a drag moves
 * one, to the tray takes it off. Every edit is kept, legal or not; the page says what the
 * rules refuse.
 */
export function BoardEditor(props: { setup: BoardSetup; onChange(setup: BoardSetup): void }) {
  const { t } = useI18n();
  const { setup, onChange } = props;
  const rules = rulesFor(setup.game);
  const [tool, setTool] = useState<Tool>('near');
  const [refused, setRefused] = useState<Edit | null>(null);
  const near = nearView(setup);

  const apply = (edit: Edit) => {
    setRefused(edit.ok ? null : edit);
    if (edit.ok) onChange(withNearView(setup, edit.value));
  };
  const tap = (place: number) => {
    if (tool === 'remove') apply(place === OFF ? { ok: true, value: near } : removeChecker(rules, near, place));
    else if (tool === 'pin') apply(turnPin(rules, near, place));
    else apply(addChecker(rules, near, tool, place));
  };
  const tools: readonly Tool[] = rules.hasPins ? ['near', 'far', 'remove', 'pin'] : ['near', 'far', 'remove'];

  return (
    <div class="board-editor" data-testid="board-editor">
      <BoardView
        model={boardModel(rules, near)}
        viewer={0}
        game={setup.game}
        dice={diceView(setup)}
        cube={cubeView(setup)}
        selected={null}
        sources={PLACES}
        destinations={[]}
        lastMove={null}
        animate={false}
        onPoint={tap}
        onDrag={(from, to) => apply(moveChecker(rules, near, from, to))}
      />
      <fieldset class="board-tools">
        <legend>{t.analysisBoard.edit}</legend>
        <p class="muted">{t.analysisBoard.editHelp}</p>
        {tools.map((k) => (
          <label key={k} class="board-tool">
            <input
              type="radio"
              name="board-tool"
              data-testid={`board-tool-${k}`}
              checked={tool === k}
              onChange={() => setTool(k)}
            />{' '}
            {t.analysisBoard.tool[k]}
          </label>
        ))}
        <span class="board-tool-buttons">
          <button type="button" data-testid="board-start" onClick={() => onChange(startSetup(setup.game))}>
            {t.analysisBoard.start}
          </button>
          <button
            type="button"
            data-testid="board-clear"
            onClick={() => onChange(withNearView(setup, clearBoard(rules, near)))}
          >
            {t.analysisBoard.clear}
          </button>
        </span>
      </fieldset>
      {refused !== null && !refused.ok && (
        <p class="error" role="alert" data-testid="board-edit-refused">
          {t.analysisBoard.refused[refused.error.code]}
        </p>
      )}
    </div>
  );
}
