import { useEffect, useState } from 'preact/hooks';
import { type ApiError, api, type GameSummary } from '../api.js';
import { useI18n } from '../i18n/index.js';
import { ErrorLine, Ltr, lengthText, matchTitle } from '../ui.js';

/** The player's games, newest first, each linking back to its board. */
export function History() {
  const i18n = useI18n();
  const { t } = i18n;
  const [games, setGames] = useState<readonly GameSummary[] | null>(null);
  const [error, setError] = useState<ApiError | null>(null);

  useEffect(() => {
    api.history().then((r) => (r.ok ? setGames(r.value.games) : setError(r.error)));
  }, []);

  const date = new Intl.DateTimeFormat(i18n.lang, { dateStyle: 'medium', timeStyle: 'short' });
  const opponentOf = (g: GameSummary) => g.players[g.you === 1 ? 0 : 1];

  return (
    <section class="page history">
      <h1>{t.history.title}</h1>
      <ErrorLine error={error} />
      {games === null ? (
        !error && <p>{t.common.loading}</p>
      ) : games.length === 0 ? (
        <p data-testid="history-empty">{t.history.empty}</p>
      ) : (
        <table class="list" data-testid="history-list">
          <thead>
            <tr>
              <th scope="col">{t.history.date}</th>
              <th scope="col">{t.history.game}</th>
              <th scope="col">{t.history.opponent}</th>
              <th scope="col">{t.history.result}</th>
            </tr>
          </thead>
          <tbody>
            {games.map((g) => (
              <tr key={g.id}>
                <td>
                  <Ltr>{date.format(new Date(g.updatedAt))}</Ltr>
                </td>
                <td>
                  <a href={`/play/${g.id}`}>{matchTitle(t, g.settings)}</a> · {lengthText(i18n, g.settings.length)}
                </td>
                <td>
                  <bdi>
                    {opponentOf(g).taken || opponentOf(g).kind === 'bot' ? opponentOf(g).name : t.match.waitingSeat}
                  </bdi>
                </td>
                <td>
                  {g.status === 'over' ? t.end.matchOver : t.history.open}
                  {g.analysable && (
                    <>
                      {' · '}
                      <a href={`/analysis/${g.id}`} data-testid={`history-analysis-${g.id}`}>
                        {t.history.analyse}
                      </a>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
