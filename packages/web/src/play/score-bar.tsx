import type { GameView } from '@zar/protocol';
import { type I18n, useI18n } from '../i18n/index.js';
import { ratingText } from '../players/rating-text.js';
import type { BoardModel } from '../table/board-model.js';
import { Ltr, lengthText, matchTitle, Rich } from '../ui.js';
import { colourOf, seatName } from './names.js';
import { unratedText } from './people.js';
import { ClockAlert, SeatClock } from './table-clock.js';
import { useAway } from './use-away.js';

/** A plug pulled out: the opponent's page is closed. */
const AwayIcon = () => (
  <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
    <path d="M2 2l12 12M6 3v3M10 3v3M4 6h8v2a4 4 0 0 1-4 4 4 4 0 0 1-4-4zM8 12v3" fill="none" stroke="currentColor" />
  </svg>
);

/**
 * The seat's rating in a rated match, when the server gave it: the number beside the name
 * ("1,512", as every page writes a rating), said with its word to screen readers ("rating 1,512").
 */
function RatingMark({ i18n, view, seat }: { i18n: I18n; view: GameView; seat: 0 | 1 }) {
  const rating = view.players[seat].rating;
  if (!view.rated || rating === undefined) return null;
  const shown = ratingText(i18n.lang, rating);
  const full = i18n.f(i18n.t.people.rated.rating, { n: shown });
  return (
    <span class="rating" data-testid={`rating-${seat}`} title={full}>
      <span aria-hidden="true">
        <Ltr>{shown}</Ltr>
      </span>
      <span class="sr-only">{full}</span>
    </span>
  );
}

/** Why a match asked rated is played unrated (people.ts unratedText), under the match's line; nothing otherwise. */
function UnratedLine({ i18n, view }: { i18n: I18n; view: GameView }) {
  const text = unratedText(i18n, view);
  return text === null ? null : (
    <p class="match-line" data-testid="unrated">
      {text}
    </p>
  );
}

/**
 * Both players with their colour, score, pip count and clock, and whether the opponent is
 * away (a mark in his row, and a line under the rows that names him in full: a row beside
 * the board has no room for the word and a long name); the match length and game number. `receivedAt` is when the view arrived: the clock
 * counts down from it.
 */
export function ScoreBar({
  view,
  model,
  viewer,
  receivedAt,
}: {
  view: GameView;
  model: BoardModel | null;
  viewer: 0 | 1;
  receivedAt: number;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const away = useAway(view);
  const seats: (0 | 1)[] = viewer === 0 ? [0, 1] : [1, 0];
  const pipsOf = (seat: 0 | 1) => (model ? (seat === viewer ? model.pips.own : model.pips.opp) : null);
  return (
    <div class="score-bar" data-testid="score">
      <p class="match-line">
        {matchTitle(t, view.settings)} · {lengthText(i18n, view.settings.length)} ·{' '}
        {t.match.game.replace('{n}', i18n.num(view.gameNumber))}
        {view.game.crawford && <> · {t.match.crawford}</>}
      </p>
      <UnratedLine i18n={i18n} view={view} />
      <ul class="players">
        {seats.map((seat) => {
          const pips = pipsOf(seat);
          const name = seatName(t, view, seat);
          return (
            <li key={seat} class={`player ${view.game.turn === seat ? 'on-turn' : ''}`} data-testid={`player-${seat}`}>
              <span class={`swatch ${colourOf(seat)}`} aria-hidden="true" />
              <span class="sr-only">{t.colours[colourOf(seat)]}: </span>
              <bdi class="name">{name}</bdi>
              {view.you === seat && <span class="you"> ({t.match.you})</span>}
              <RatingMark i18n={i18n} view={view} seat={seat} />
              {away[seat] && (
                <span class="away" data-testid={`away-${seat}`} title={t.people.presence.away}>
                  <AwayIcon />
                  <span class="sr-only">{t.people.presence.away}</span>
                </span>
              )}
              <span class="points" data-testid={`score-${seat}`}>
                <span class="sr-only">{t.match.score} </span>
                <Ltr>{i18n.num(view.score[seat])}</Ltr>
              </span>
              {pips !== null && (
                <span class="pips" data-testid={`pips-${seat}`}>
                  {t.play.pips} <Ltr>{i18n.num(pips)}</Ltr>
                </span>
              )}
              {view.clock && <SeatClock reading={view.clock} receivedAt={receivedAt} name={name} seat={seat} />}
            </li>
          );
        })}
      </ul>
      {/* A polite live region that is there before anyone leaves, so that his leaving is said. */}
      <div class="away-lines" role="status">
        {seats
          .filter((seat) => away[seat])
          .map((seat) => (
            <p key={seat} class="away-line" data-testid={`away-line-${seat}`}>
              <AwayIcon />
              <span>
                <Rich text={t.people.presence.awayLong} slots={{ name: <bdi>{seatName(t, view, seat)}</bdi> }} />
              </span>
            </p>
          ))}
      </div>
      {view.clock && <ClockAlert view={view} receivedAt={receivedAt} />}
    </div>
  );
}
