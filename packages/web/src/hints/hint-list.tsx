import type { CubeHint, GameView, PlaysHint } from '@zar/protocol';
import { useState } from 'preact/hooks';
import { useI18n } from '../i18n/index.js';
import { Ltr, Rich } from '../ui.js';
import { diceText, equityText } from './format.js';
import { PlayBoard } from './play-board.js';

/** The most plays the panel lists; the hint ranks every legal play. */
export const LISTED = 5;

/**
 * The best plays of the roll with their equity and what each loses against the best; a play
 * pressed shows the board after it, below the list.
 */
export function PlaysList({ hint, view }: { hint: PlaysHint; view: GameView }) {
  const i18n = useI18n();
  const { t, f, lang } = i18n;
  const [shown, setShown] = useState<string | null>(null);
  if (hint.plays.length === 0) return <p data-testid="hint-no-play">{t.hints.noPlay}</p>;
  const listed = hint.plays.slice(0, LISTED);
  const showing = listed.find((p) => p.play === shown);
  return (
    <>
      <table class="list hint-table" data-testid="hint-plays">
        <caption>
          <Rich text={t.hints.plays} slots={{ dice: <Ltr>{diceText(hint.dice)}</Ltr> }} /> ·{' '}
          {i18n.n(t.hints.legal, hint.legal)}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t.hints.play}</th>
            <th scope="col" class="num">
              {t.hints.equity}
            </th>
            <th scope="col" class="num">
              {t.hints.loss}
            </th>
          </tr>
        </thead>
        <tbody>
          {listed.map((p, i) => (
            <tr key={p.play} class={i === 0 ? 'best' : undefined} data-testid="hint-play">
              <td>
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
              </td>
              <td class="num" data-testid="hint-equity">
                <Ltr>{equityText(lang, p.equity)}</Ltr>
              </td>
              <td class="num">{i === 0 ? t.hints.best : <Ltr>{equityText(lang, -p.loss)}</Ltr>}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td colSpan={3} class="muted">
              {hint.cubeful ? t.hints.cubeful : t.hints.cubeless} {f(t.hints.depth, { plies: i18n.num(hint.plies) })}
            </td>
          </tr>
        </tfoot>
      </table>
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
      <table class="list hint-table">
        <thead>
          <tr>
            <th scope="col">{t.hints.choice}</th>
            <th scope="col" class="num">
              {t.hints.equity}
            </th>
            <th scope="col" class="num">
              {t.hints.loss}
            </th>
          </tr>
        </thead>
        <tbody>
          {hint.choices.map((c, i) => (
            <tr key={c.action} class={i === 0 ? 'best' : undefined} data-testid="hint-choice">
              <td>{t.analysis.cube[c.action]}</td>
              <td class="num" data-testid="hint-equity">
                <Ltr>{equityText(lang, c.equity)}</Ltr>
              </td>
              <td class="num">{i === 0 ? t.hints.best : <Ltr>{equityText(lang, -c.loss)}</Ltr>}</td>
            </tr>
          ))}
        </tbody>
      </table>
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
