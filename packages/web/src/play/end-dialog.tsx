import type { GameResult, GameView } from '@zar/protocol';
import { useRef } from 'preact/hooks';
import { useI18n } from '../i18n/index.js';
import { ErrorLine, Ltr, Rich } from '../ui.js';
import { useModal } from '../use-modal.js';
import { useAnalysisReady } from './analysis-ready.js';
import { RatingLines, RematchPanel, SeriesLine } from './match-people.js';
import { seatName } from './names.js';
import { pointsShown, unratedText, viewerFirst } from './people.js';

/**
 * After a game: who won, how (single, gammon, backgammon, a passed double, a resignation),
 * the points, and where the match stands; at the match's end, the rating changes of a rated
 * match, the series between the two players and the rematch. Focus moves into the dialog and
 * back out on close; Escape closes it and Tab stays inside (useModal).
 */
export function EndDialog({
  view,
  result,
  onClose,
  rematch,
  error,
}: {
  view: GameView;
  result: GameResult;
  onClose: () => void;
  /** Offers or accepts a rematch (true), withdraws or declines (false). */
  rematch: (offer: boolean) => boolean;
  /**
   * The table's last refusal: the page's own error line is behind the dialog, and a rematch
   * refused (too many open games, offline) must be said where it was asked for.
   */
  error: { readonly code: string } | null;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const heading = useRef<HTMLHeadingElement>(null);
  const box = useModal(onClose, heading);

  const matchOver = view.winner !== null;
  // A match between two people is analysed in the background once it is over: the link says when it is ready.
  const betweenPeople = view.players[0].kind === 'human' && view.players[1].kind === 'human';
  const analysed = useAnalysisReady(view.id, view.status === 'over' && view.analysable && betweenPeople);
  const how = t.results[result.kind];
  const name = (seat: 0 | 1) => <bdi>{seatName(t, view, seat)}</bdi>;
  let line: preact.ComponentChildren;
  if (result.winner === null) line = t.end.draw;
  else if (view.you === result.winner) line = <Rich text={t.end.youWin} slots={{ how }} />;
  else if (view.you !== null) line = <Rich text={t.end.youLose} slots={{ how }} />;
  else line = <Rich text={t.end.wins} slots={{ name: name(result.winner), how }} />;

  // The score is one left-to-right piece: in Arabic "3–1" would otherwise read "1–3". The
  // viewer's own points first, as the score bar and the series line put him.
  const [first, second] = viewerFirst(view);
  const score = <Ltr>{`${i18n.num(view.score[first])}–${i18n.num(view.score[second])}`}</Ltr>;
  const progress =
    view.settings.length === 0 ? (
      <Rich text={t.end.progressMoney} slots={{ score, games: i18n.n(t.end.games, view.results.length) }} />
    ) : (
      <Rich text={t.end.progress} slots={{ score, length: <Ltr>{i18n.num(view.settings.length)}</Ltr> }} />
    );

  return (
    <div class="backdrop">
      <div class="dialog" role="dialog" aria-modal="true" aria-labelledby="end-title" data-testid="game-over" ref={box}>
        <h2 id="end-title" tabIndex={-1} ref={heading}>
          {matchOver ? t.end.matchOver : t.end.gameOver}
        </h2>
        <p data-testid="game-over-result" data-kind={result.kind} data-winner={String(result.winner)}>
          {line}
        </p>
        {pointsShown(view, result) && result.winner !== null && (
          <p>
            <Rich
              text={t.end.scored}
              slots={{ points: <Ltr>{i18n.n(t.match.points, result.points)}</Ltr>, name: name(result.winner) }}
            />
          </p>
        )}
        <p data-testid="game-over-score">{progress}</p>
        {matchOver && view.winner !== null && (
          <p>{i18n.f(t.end.matchWinner, { name: seatName(t, view, view.winner) })}</p>
        )}
        {/* A money session has no match winner, but it ends too (on time, or when abandoned). */}
        {view.status === 'over' && <RatingLines view={view} />}
        {view.status === 'over' && view.unrated !== undefined && (
          <p class="muted" data-testid="game-over-unrated">
            {unratedText(i18n, view)}
          </p>
        )}
        {view.status === 'over' && <SeriesLine view={view} />}
        {view.status === 'over' && <RematchPanel view={view} rematch={rematch} />}
        <ErrorLine error={error} />
        <div class="controls">
          {matchOver ? (
            <a class="button primary" href="/" data-testid="new-match">
              {t.end.newMatch}
            </a>
          ) : (
            <button type="button" class="primary" data-testid="next-game" onClick={onClose}>
              {t.end.next}
            </button>
          )}
          {/* The server says which matches it analyses (every game it values exactly), once they are over:
              a money session, which has no match winner, too. */}
          {view.status === 'over' && view.analysable && (
            <a class="button" href={`/analysis/${view.id}`} data-testid="analyse-match" data-ready={String(analysed)}>
              {analysed ? t.end.analysisReady : t.end.analyse}
            </a>
          )}
          {matchOver && (
            <button type="button" onClick={onClose} data-testid="close-dialog">
              {t.common.close}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
