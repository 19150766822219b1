import type { GameView } from '@zar/protocol';
import { useI18n } from '../i18n/index.js';
import { Ltr, lengthText, matchTitle } from '../ui.js';
import type { BoardModel } from './board-model.js';
import { colourOf, seatName } from './names.js';

/** Both players with their colour, score and pip count; the match length and game number. */
export function ScoreBar({ view, model, viewer }: { view: GameView; model: BoardModel | null; viewer: 0 | 1 }) {
  const i18n = useI18n();
  const { t } = i18n;
  const seats: (0 | 1)[] = viewer === 0 ? [0, 1] : [1, 0];
  const pipsOf = (seat: 0 | 1) => (model ? (seat === viewer ? model.pips.own : model.pips.opp) : null);
  return (
    <div class="score-bar" data-testid="score">
      <p class="match-line">
        {matchTitle(t, view.settings)} · {lengthText(i18n, view.settings.length)} ·{' '}
        {t.match.game.replace('{n}', i18n.num(view.gameNumber))}
        {view.game.crawford && <> · {t.match.crawford}</>}
      </p>
      <ul class="players">
        {seats.map((seat) => {
          const pips = pipsOf(seat);
          return (
            <li key={seat} class={`player ${view.game.turn === seat ? 'on-turn' : ''}`} data-testid={`player-${seat}`}>
              <span class={`swatch ${colourOf(seat)}`} aria-hidden="true" />
              <span class="sr-only">{t.colours[colourOf(seat)]}: </span>
              <bdi class="name">{seatName(t, view, seat)}</bdi>
              {view.you === seat && <span class="you"> ({t.match.you})</span>}
              <span class="points" data-testid={`score-${seat}`}>
                <span class="sr-only">{t.match.score} </span>
                <Ltr>{i18n.num(view.score[seat])}</Ltr>
              </span>
              {pips !== null && (
                <span class="pips" data-testid={`pips-${seat}`}>
                  {t.play.pips} <Ltr>{i18n.num(pips)}</Ltr>
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
