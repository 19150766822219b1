import { type Dice, GAME_IDS, type GameId, isGameId } from '@zar/engine';
import { type BoardCube, type BoardSetup, readPositionText } from '@zar/match';
import { useState } from 'preact/hooks';
import { useI18n } from '../i18n/index.js';
import { Ltr, Rich } from '../ui.js';
import { startSetup, switchOnRoll, withDice } from './setup.js';

const FACES = [1, 2, 3, 4, 5, 6] as const;
const CUBES = [1, 2, 4, 8, 16, 32, 64] as const;

/**
 * What surrounds the board: the game, a pasted position (read by @zar/match's reader, the
 * server's own), the side on roll, the dice and, in backgammon, the cube and the match score.
 */
export function SetupForm(props: { setup: BoardSetup; onChange(setup: BoardSetup): void }) {
  const { t } = useI18n();
  const { setup, onChange } = props;
  const [pasted, setPasted] = useState('');
  const [unreadable, setUnreadable] = useState<string | null>(null);

  const read = (e: Event) => {
    e.preventDefault();
    const r = readPositionText(pasted);
    setUnreadable(r.ok ? null : r.error.message);
    if (r.ok) onChange(r.value);
  };
  const pickGame = (game: string) => {
    if (isGameId(game) && game !== setup.game) onChange(startSetup(game as GameId));
  };
  const setDie = (i: 0 | 1, value: string) => {
    if (value === '') return onChange(withDice(setup, null));
    const face = Number(value);
    const other = setup.dice?.[i === 0 ? 1 : 0] ?? face;
    const dice: Dice = i === 0 ? [face, other] : [other, face];
    onChange(withDice(setup, dice));
  };
  const run = setup.position.run;

  return (
    <div class="board-setup">
      <form onSubmit={read} class="board-paste">
        <label>
          {t.analysisBoard.paste}
          <br />
          <input
            type="text"
            dir="ltr"
            spellcheck={false}
            data-testid="board-paste"
            value={pasted}
            onInput={(e) => setPasted(e.currentTarget.value)}
          />
        </label>{' '}
        <button type="submit" data-testid="board-read">
          {t.analysisBoard.read}
        </button>
      </form>
      {unreadable !== null && (
        <p class="error" role="alert" data-testid="board-unreadable">
          <Rich text={t.analysisBoard.unreadable} slots={{ reason: <Ltr>{unreadable}</Ltr> }} />
        </p>
      )}
      <p class="board-fields">
        <label>
          {t.analysisBoard.game}{' '}
          <select data-testid="board-game" value={setup.game} onChange={(e) => pickGame(e.currentTarget.value)}>
            {GAME_IDS.map((g) => (
              <option key={g} value={g}>
                {t.games[g]}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t.analysisBoard.onRoll}{' '}
          <select
            data-testid="board-on-roll"
            value={String(setup.onRoll)}
            onChange={(e) => Number(e.currentTarget.value) !== setup.onRoll && onChange(switchOnRoll(setup))}
          >
            <option value="0">{t.colours.white}</option>
            <option value="1">{t.colours.black}</option>
          </select>
        </label>
        <span>
          {t.analysisBoard.dice}{' '}
          {([0, 1] as const).map((i) => (
            <select
              key={i}
              aria-label={t.analysisBoard.dice}
              data-testid={`board-die-${i}`}
              disabled={run > 0}
              value={setup.dice === null ? '' : String(setup.dice[i])}
              onChange={(e) => setDie(i, e.currentTarget.value)}
            >
              <option value="">{t.analysisBoard.noDice}</option>
              {FACES.map((f) => (
                <option key={f} value={String(f)}>
                  {f}
                </option>
              ))}
            </select>
          ))}
        </span>
      </p>
      {setup.cube !== null && <CubeFields cube={setup.cube} onChange={(cube) => onChange({ ...setup, cube })} />}
    </div>
  );
}

/** Backgammon's cube (value, owner) and the match (length, each side's score) around the position. */
function CubeFields(props: { cube: BoardCube; onChange(cube: BoardCube): void }) {
  const { t } = useI18n();
  const { cube, onChange } = props;
  const number = (value: string, max: number) => Math.max(0, Math.min(max, Math.floor(Number(value) || 0)));
  const setLength = (length: number) => {
    const score: [number, number] = [
      Math.min(cube.score[0], Math.max(length - 1, 0)),
      Math.min(cube.score[1], Math.max(length - 1, 0)),
    ];
    onChange({ ...cube, matchLength: length, score: length === 0 ? [0, 0] : score, crawford: false });
  };
  return (
    <p class="board-fields">
      <label>
        {t.analysisBoard.cube}{' '}
        <select
          data-testid="board-cube"
          value={String(cube.value)}
          onChange={(e) => {
            const value = Number(e.currentTarget.value);
            onChange({
              ...cube,
              value,
              owner: value === 1 ? 'centre' : cube.owner === 'centre' ? 'onRoll' : cube.owner,
            });
          }}
        >
          {CUBES.map((v) => (
            <option key={v} value={String(v)}>
              {v}
            </option>
          ))}
        </select>{' '}
        <select
          aria-label={t.analysisBoard.cube}
          data-testid="board-cube-owner"
          value={cube.owner}
          disabled={cube.value === 1}
          onChange={(e) => onChange({ ...cube, owner: e.currentTarget.value as BoardCube['owner'] })}
        >
          {(['centre', 'onRoll', 'opponent'] as const).map((o) => (
            <option key={o} value={o}>
              {t.analysisBoard.cubeOwner[o]}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t.analysisBoard.matchLength}{' '}
        <input
          type="number"
          min={0}
          max={25}
          class="board-number"
          data-testid="board-length"
          value={cube.matchLength}
          onChange={(e) => setLength(number(e.currentTarget.value, 25))}
        />
      </label>
      {cube.matchLength > 0 &&
        ([0, 1] as const).map((i) => (
          <label key={i}>
            {t.analysisBoard.score[i]}{' '}
            <input
              type="number"
              min={0}
              max={cube.matchLength - 1}
              class="board-number"
              data-testid={`board-score-${i}`}
              value={cube.score[i]}
              onChange={(e) => {
                const score: [number, number] = [cube.score[0], cube.score[1]];
                score[i] = number(e.currentTarget.value, cube.matchLength - 1);
                onChange({ ...cube, score });
              }}
            />
          </label>
        ))}
    </p>
  );
}
