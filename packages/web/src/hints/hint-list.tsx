import type { CubeHint, GameView, PlaysHint } from '@zar/protocol';
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { useI18n } from '../i18n/index.js';
import { diceText } from '../table/dice-text.js';
import { Ltr, Rich } from '../ui.js';
import { equityText } from './format.js';
import { PlayBoard } from './play-board.js';

/** The most plays the panel lists; the hint ranks every legal play. */
export const LISTED = 5;

/**
 * The best plays of the roll with their equity and what each loses against the best; a play
 * pressed shows the board after it, below the list.
 */
export function PlaysList({ hint, view }: { hint: PlaysHint; view: GameView }) {
  const i18n = useI18n();
  const { t, f } = i18n;
  const [shown, setShown] = useState<string | null>(null);
  if (hint.plays.length === 0) return <p data-testid="hint-no-play">{t.hints.noPlay}</p>;
  const listed = hint.plays.slice(0, LISTED);
  const showing = listed.find((p) => p.play === shown);
  return (
    <>
      <RankedTable
        testId="hint-plays"
        caption={
          <>
            <Rich text={t.hints.plays} slots={{ dice: <Ltr>{diceText(hint.dice)}</Ltr> }} /> ·{' '}
            {i18n.n(t.hints.legal, hint.legal)}
          </>
        }
        heading={t.hints.play}
        rowTestId="hint-play"
        rows={listed.map((p) => ({
          key: p.play,
          equity: p.equity,
          loss: p.loss,
          label: (
            <button
              type="button"
              class="hint-show"
              data-testid="hint-show"
              aria-pressed={p === showing}
              aria-label={f(t.hints.showLabel, { play: p.play })}
              onClick={() => setShown(p === showing ? null : p.play)}
            >
              <Ltr>{p.play}</Ltr>
            </button>
          ),
        }))}
        footer={
          <>
            {hint.cubeful ? t.hints.cubeful : t.hints.cubeless} {f(t.hints.depth, { plies: i18n.num(hint.plies) })}
          </>
        }
      />
      {showing && <PlayBoard view={view} play={showing} />}
    </>
  );
}

/** The cube decision: the proper action, the player's choices with their equities, and gnubg's three numbers. */
export function CubeAdvice({ hint }: { hint: CubeHint }) {
  const i18n = useI18n();
  const { t, f, lang } = i18n;
  const lines = [
    ['no-double', hint.equities.noDouble],
    ['double-take', hint.equities.doubleTake],
    ['double-drop', hint.equities.doubleDrop],
  ] as const;
  return (
    <div data-testid="hint-cube">
      <p class="hint-proper" data-testid="hint-proper" data-proper={hint.proper}>
        <strong>{t.hints.cube}.</strong> {f(t.hints.proper, { action: t.hints.properAction[hint.proper] })}
      </p>
      <RankedTable
        heading={t.hints.choice}
        rowTestId="hint-choice"
        rows={hint.choices.map((c) => ({
          key: c.action,
          equity: c.equity,
          loss: c.loss,
          label: t.analysis.cube[c.action],
        }))}
      />
      {hint.decision === 'double' && (
        <table class="list hint-table">
          <caption>{t.analysis.doublerView}</caption>
          <tbody>
            {lines.map(([line, equity]) => (
              <tr key={line}>
                <th scope="row">{t.analysis.cubeLine[line]}</th>
                <td class="num">
                  <Ltr>{equityText(lang, equity)}</Ltr>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p class="muted">{f(t.hints.depth, { plies: i18n.num(hint.plies) })}</p>
    </div>
  );
}

/** A ranked choice: what it is, its equity, and what it loses against the best (the first). */
interface Ranked {
  readonly key: string;
  readonly label: ComponentChildren;
  readonly equity: number;
  readonly loss: number;
}

/** The table of the plays or the cube choices, best first: each row's equity and its loss. */
function RankedTable(props: {
  readonly testId?: string;
  readonly caption?: ComponentChildren;
  /** The first column's heading: what is ranked. */
  readonly heading: string;
  readonly rowTestId: string;
  readonly rows: readonly Ranked[];
  readonly footer?: ComponentChildren;
}) {
  const { t, lang } = useI18n();
  return (
    <table class="list hint-table" data-testid={props.testId}>
      {props.caption && <caption>{props.caption}</caption>}
      <thead>
        <tr>
          <th scope="col">{props.heading}</th>
          <th scope="col" class="num">
            {t.hints.equity}
          </th>
          <th scope="col" class="num">
            {t.hints.loss}
          </th>
        </tr>
      </thead>
      <tbody>
        {props.rows.map((r, i) => (
          <tr key={r.key} class={i === 0 ? 'best' : undefined} data-testid={props.rowTestId}>
            <td>{r.label}</td>
            <td class="num" data-testid="hint-equity">
              <Ltr>{equityText(lang, r.equity)}</Ltr>
            </td>
            <td class="num">{i === 0 ? t.hints.best : <Ltr>{equityText(lang, -r.loss)}</Ltr>}</td>
          </tr>
        ))}
      </tbody>
      {props.footer && (
        <tfoot>
          <tr>
            <td colSpan={3} class="muted">
              {props.footer}
            </td>
          </tr>
        </tfoot>
      )}
    </table>
  );
}
