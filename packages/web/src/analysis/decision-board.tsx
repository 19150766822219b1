import { useI18n } from '../i18n/index.js';
import { BoardView } from '../table/board-view.js';
import { Ltr } from '../ui.js';
import { decisionPicture } from './decision-picture.js';
import { type Decision, equityText } from './types.js';

/**
 * One decision in detail: the position as the deciding player saw it (drawn from his side, as
 * the play page draws that game), and the choices with their equities — the best plays found,
 * or the three cube actions.
 */
export function DecisionBoard({ decision }: { decision: Decision }) {
  const i18n = useI18n();
  const { t } = i18n;
  const picture = decisionPicture(decision);
  if (!picture.ok) return <p class="error">{picture.error.message}</p>;
  const { game, model, dice, cube, text } = picture.value;
  return (
    <div class="decision-detail" data-testid="analysis-detail" data-game={game}>
      <BoardView
        model={model}
        viewer={decision.player}
        game={game}
        dice={dice}
        cube={cube}
        selected={null}
        sources={[]}
        destinations={[]}
        lastMove={null}
        animate={false}
      />
      <p class="muted">
        <Ltr>{text}</Ltr>
      </p>
      {decision.kind === 'move' ? (
        <table class="list" data-testid="analysis-alternatives">
          <thead>
            <tr>
              <th scope="col">{t.analysis.play}</th>
              <th scope="col">{t.analysis.equity}</th>
            </tr>
          </thead>
          <tbody>
            {decision.alternatives.map((a) => (
              <tr key={a.play} class={a.play === decision.played ? 'played' : ''}>
                <td>
                  <Ltr>{a.play || t.play.noPlay}</Ltr>
                  {a.play === decision.played ? ` (${t.analysis.played})` : ''}
                </td>
                <td>
                  <Ltr>{equityText(a.equity)}</Ltr>
                </td>
              </tr>
            ))}
            {!decision.alternatives.some((a) => a.play === decision.played) && (
              <tr class="played">
                <td>
                  <Ltr>{decision.played}</Ltr> ({t.analysis.played})
                </td>
                <td>
                  <Ltr>{equityText(decision.equityPlayed)}</Ltr>
                </td>
              </tr>
            )}
          </tbody>
        </table>
      ) : (
        <table class="list" data-testid="analysis-cube">
          <caption>{t.analysis.doublerView}</caption>
          <tbody>
            {(
              [
                ['no-double', decision.equities.noDouble],
                ['double-take', decision.equities.doubleTake],
                ['double-drop', decision.equities.doubleDrop],
              ] as const
            ).map(([k, e]) => (
              <tr key={k}>
                <th scope="row">{t.analysis.cubeLine[k]}</th>
                <td>
                  <Ltr>{equityText(e)}</Ltr>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
