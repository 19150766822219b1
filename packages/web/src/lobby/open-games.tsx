import { useState } from 'preact/hooks';
import { type ApiError, api, type GameSummary } from '../api.js';
import { useI18n } from '../i18n/index.js';
import { askToNotifyLater } from '../notify/ask.js';
import { navigate } from '../router.js';
import { ErrorLine, lengthText, matchTitle } from '../ui.js';
import { clockName } from './kind-text.js';

/** The open games anyone may join, as the live lobby lists them: what, how long, which clock, rated, who. */
export function OpenGames({ games }: { games: readonly GameSummary[] }) {
  const i18n = useI18n();
  const { t } = i18n;
  const l = t.lobby;
  const [joining, setJoining] = useState<string | null>(null);
  const [error, setError] = useState<ApiError | null>(null);

  const join = async (id: string) => {
    setJoining(id);
    setError(null);
    const r = await api.joinGame(id);
    setJoining(null);
    if (r.ok) navigate(`/play/${r.value.id}`);
    else setError(r.error);
  };

  return (
    <section aria-labelledby="lobby-open">
      <h2 id="lobby-open">{l.openGames}</h2>
      <p>
        <a href="/" class="button">
          {l.create}
        </a>
      </p>
      <ErrorLine error={error} />
      {games.length === 0 ? (
        <p data-testid="lobby-empty">{l.empty}</p>
      ) : (
        <div class="table-scroll">
          <table class="list" data-testid="lobby-list">
            <thead>
              <tr>
                <th scope="col">{l.game}</th>
                <th scope="col">{l.length}</th>
                <th scope="col">{l.clock}</th>
                <th scope="col">{l.rating}</th>
                <th scope="col">{l.host}</th>
                <th scope="col">
                  <span class="sr-only">{l.join}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {games.map((g) => (
                <tr key={g.id} data-testid={`lobby-game-${g.id}`}>
                  <td>{matchTitle(t, g.settings)}</td>
                  <td>{lengthText(i18n, g.settings.length)}</td>
                  <td>{clockName(i18n, g.clock)}</td>
                  <td>{g.rated ? l.rated : l.casual}</td>
                  <td>
                    <bdi>{g.players[0].name}</bdi>
                  </td>
                  <td>
                    {g.you === null ? (
                      <button
                        type="button"
                        onClick={() => {
                          // Joining a correspondence match is the click the browser may ask from.
                          if (g.clock.kind === 'correspondence') askToNotifyLater();
                          void join(g.id);
                        }}
                        disabled={joining !== null}
                        data-testid={`lobby-join-${g.id}`}
                      >
                        {joining === g.id ? l.joining : l.join}
                      </button>
                    ) : (
                      <a href={`/play/${g.id}`}>{t.history.view}</a>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
