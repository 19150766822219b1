import type { BoardEvaluation, BoardPlay } from '@zar/protocol';
import { equityText } from '../hints/format.js';
import { useI18n } from '../i18n/index.js';
import { diceText } from '../table/dice-text.js';
import { Ltr, Rich } from '../ui.js';
import { CubeLineRows, HeadRow, NumCell } from './equity-table.js';

/**
 * The computer's view of the position: pips and shots, the chances before the roll, the cube
 * decision with gnubg's three equities (backgammon with a cube), and every legal play of the
 * roll ranked with its equity, loss and chances; a play pressed is played on the board.
 */
export function EvaluationView(props: { evaluation: BoardEvaluation; onPlay(play: string): void }) {
  const i18n = useI18n();
  const { t, f, lang } = i18n;
  const e = props.evaluation;
  const n = (x: number) => <Ltr>{i18n.num(x)}</Ltr>;
  return (
    <div class="board-evaluation" data-testid="board-evaluation">
      <p data-testid="board-pips">
        <Rich text={t.analysisBoard.pips} slots={{ mover: n(e.pips[0]), other: n(e.pips[1]) }} />
      </p>
      {e.shots !== null && (
        <p data-testid="board-shots">
          <Rich text={t.analysisBoard.shots} slots={{ mover: n(e.shots.onRoll), other: n(e.shots.opponent) }} />
        </p>
      )}
      <p>
        <Rich
          text={t.analysisBoard.chances}
          slots={{
            win: <Ltr>{i18n.pct(e.chances.win)}</Ltr>,
            gammon: <Ltr>{i18n.pct(e.chances.winGammon)}</Ltr>,
            lost: <Ltr>{i18n.pct(e.chances.loseGammon)}</Ltr>,
            equity: <Ltr>{equityText(lang, e.equity)}</Ltr>,
          }}
        />
      </p>
      {e.cube !== null && <CubeDecision cube={e.cube} />}
      {e.plays === null ? (
        <p class="muted">{t.analysisBoard.noDiceHint}</p>
      ) : e.plays.length === 0 ? (
        <p data-testid="board-no-play">{t.analysisBoard.noPlay}</p>
      ) : (
        <table class="list board-plays" data-testid="board-plays">
          <caption>
            {e.setup.dice !== null && (
              <Rich text={t.hints.plays} slots={{ dice: <Ltr>{diceText(e.setup.dice)}</Ltr> }} />
            )}{' '}
            · {i18n.n(t.hints.legal, e.legal)}
          </caption>
          <thead>
            <HeadRow
              heading={t.analysisBoard.playHeading}
              nums={[t.hints.equity, t.hints.loss, t.analysisBoard.win, t.analysisBoard.gammon]}
              narrow={t.analysisBoard.backgammon}
            />
          </thead>
          <tbody>
            {e.plays.map((p, i) => (
              <PlayRow key={p.play} play={p} best={i === 0} onPlay={props.onPlay} />
            ))}
          </tbody>
          <tfoot>
            <tr>
              <td colSpan={6} class="muted">
                {e.cubeful ? t.analysisBoard.cubeful : t.analysisBoard.cubeless}{' '}
                {f(t.analysisBoard.plies, { plies: i18n.num(e.plies), bot: e.bot })}
              </td>
            </tr>
          </tfoot>
        </table>
      )}
    </div>
  );
}

function PlayRow(props: { play: BoardPlay; best: boolean; onPlay(play: string): void }) {
  const i18n = useI18n();
  const { t, f, lang } = i18n;
  const p = props.play;
  return (
    <tr class={props.best ? 'best' : undefined} data-testid="board-play">
      <td>
        <button
          type="button"
          class="link"
          data-testid="board-play-button"
          aria-label={f(t.analysisBoard.playLabel, { play: p.play })}
          onClick={() => props.onPlay(p.play)}
        >
          <Ltr>{p.play}</Ltr>
        </button>
      </td>
      <td class="num" data-testid="board-play-equity">
        <Ltr>{equityText(lang, p.equity)}</Ltr>
      </td>
      <td class="num">{props.best ? t.hints.best : <Ltr>{equityText(lang, -p.loss)}</Ltr>}</td>
      <NumCell>{i18n.pct(p.chances.win)}</NumCell>
      <NumCell>{i18n.pct(p.chances.winGammon)}</NumCell>
      <NumCell class="board-narrow">{i18n.pct(p.chances.winBackgammon)}</NumCell>
    </tr>
  );
}

function CubeDecision({ cube }: { cube: NonNullable<BoardEvaluation['cube']> }) {
  const { t, f } = useI18n();
  return (
    <table class="list board-cube" data-testid="board-cube-decision" data-proper={cube.proper}>
      <caption>
        <strong>{t.analysisBoard.cubeHeading}.</strong>{' '}
        {f(t.hints.proper, { action: t.hints.properAction[cube.proper] })}
      </caption>
      <tbody>
        <CubeLineRows equities={cube} rowTestId="board-cube-line" />
      </tbody>
    </table>
  );
}
