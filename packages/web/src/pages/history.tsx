import { useEffect, useState } from 'preact/hooks';
import { type ApiError, api, type GameSummary } from '../api.js';
import { clockAndRating } from '../clock/clock-name.js';
import { type I18n, LANG_INFO, useI18n } from '../i18n/index.js';
import { Downloads } from '../record/downloads.js';
import { seatLabel } from '../record/line-text.js';
import { rulesName } from '../record/match-name.js';
import { matchOutcome } from '../record/match-outcome.js';
import { MatchesTable } from '../record/matches-table.js';
import { ErrorLine, Ltr, lengthText, matchTitle } from '../ui.js';
import '../record/record.css';

const other = (seat: 0 | 1): 0 | 1 => (seat === 0 ? 1 : 0);

/** "won", "lost", "in progress", or nothing for a money session (no match winner). */
function outcome(i18n: I18n, g: GameSummary): string {
  const { t } = i18n;
  if (g.status !== 'over') return t.history.open;
  if (g.winner === null) return t.end.matchOver;
  if (g.you === null) return i18n.f(t.end.matchWinner, { name: seatLabel(i18n, g.players, g.winner) });
  return matchOutcome(t, g, g.you) ?? t.end.matchOver;
}

function Row({ g }: { g: GameSummary }) {
  const i18n = useI18n();
  const { t } = i18n;
  const h = t.record.history;
  const me = g.you ?? 0;
  const opponent = g.players[other(me)];
  // In the page's number locale: an Arabic page keeps Western digits, as everywhere else.
  const date = new Intl.DateTimeFormat(LANG_INFO[i18n.lang].numbers, { dateStyle: 'medium', timeStyle: 'short' });
  const rules = rulesName(t, g.settings);
  const over = g.status === 'over';
  return (
    <tr data-testid={`history-row-${g.id}`} data-status={g.status}>
      <td>
        <Ltr>{date.format(new Date(g.updatedAt))}</Ltr>
      </td>
      <td>
        {matchTitle(t, g.settings)}
        {rules && <span class="muted"> ({rules})</span>}
        <br />
        <small class="muted" data-testid={`history-clock-${g.id}`} data-rated={String(g.rated)}>
          {clockAndRating(i18n, g.clock, g.rated)}
        </small>
        {g.offline && (
          <>
            <br />
            <small class="muted" data-testid={`history-offline-${g.id}`}>
              {t.history.offline}
            </small>
          </>
        )}
      </td>
      <td>
        <bdi>
          {opponent.taken || opponent.kind === 'bot' ? seatLabel(i18n, g.players, other(me)) : t.match.waitingSeat}
        </bdi>
      </td>
      <td>{lengthText(i18n, g.settings.length)}</td>
      <td data-testid={`history-result-${g.id}`} data-winner={g.winner ?? ''}>
        {outcome(i18n, g)} · <span class="sr-only">{h.score} </span>
        <Ltr>{`${i18n.num(g.score[me])}–${i18n.num(g.score[other(me)])}`}</Ltr>
        {g.winner !== null && g.you !== null && (
          <span class="sr-only">
            {' '}
            ({h.winner}: {g.winner === g.you ? h.you : seatLabel(i18n, g.players, g.winner)})
          </span>
        )}
      </td>
      <td class="links">
        <a href={`/play/${g.id}`}>{h.play}</a>
        {' · '}
        <a href={`/replay/${g.id}`} data-testid={`history-replay-${g.id}`}>
          {h.replay}
        </a>
        {g.analysable && (
          <>
            {' · '}
            <a href={`/analysis/${g.id}`} data-testid={`history-analysis-${g.id}`}>
              {t.history.analyse}
            </a>
          </>
        )}
        {over && (
          <>
            {' · '}
            <Downloads id={g.id} mat={g.mat} testIds={{ mat: `history-mat-${g.id}`, json: `history-json-${g.id}` }} />
          </>
        )}
      </td>
    </tr>
  );
}

/**
 * The player's matches, newest first: the game and its rules, the opponent, the length, the
 * clock and whether it was rated, the outcome with the final score (the viewer's first), and
 * links to the board, the replay, the analysis and the downloads.
 */
export function History() {
  const { t } = useI18n();
  const [games, setGames] = useState<readonly GameSummary[] | null>(null);
  const [error, setError] = useState<ApiError | null>(null);

  useEffect(() => {
    api.history().then((r) => (r.ok ? setGames(r.value.games) : setError(r.error)));
  }, []);

  return (
    <section class="page history">
      <h1>{t.history.title}</h1>
      <p>
        <a href="/import" data-testid="history-import">
          {t.imports.link}
        </a>
      </p>
      <ErrorLine error={error} />
      {games === null ? (
        !error && <p>{t.common.loading}</p>
      ) : games.length === 0 ? (
        <p data-testid="history-empty">{t.history.empty}</p>
      ) : (
        <MatchesTable testid="history-list">
          {games.map((g) => (
            <Row key={g.id} g={g} />
          ))}
        </MatchesTable>
      )}
    </section>
  );
}
