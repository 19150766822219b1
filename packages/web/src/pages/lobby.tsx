import { useEffect, useState } from 'preact/hooks';
import { type ApiError, api, type GameSummary } from '../api.js';
import { useI18n } from '../i18n/index.js';
import { navigate } from '../router.js';
import { ErrorLine, lengthText, matchTitle } from '../ui.js';

const REFRESH_MS = 5000;

/** Open games anyone may join; refreshed every few seconds while the page is open. */
export function Lobby() {
  const i18n = useI18n();
  const { t } = i18n;
  const [games, setGames] = useState<readonly GameSummary[] | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [joining, setJoining] = useState<string | null>(null);

  const load = async () => {
    const r = await api.lobby();
    if (r.ok) {
      setGames(r.value.games);
      setError(null);
    } else setError(r.error);
  };

  useEffect(() => {
    load();
    const timer = setInterval(load, REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  const join = async (id: string) => {
    setJoining(id);
    const r = await api.joinGame(id);
    setJoining(null);
    if (r.ok) navigate(`/play/${r.value.id}`);
    else setError(r.error);
  };

  return (
    <section class="page lobby">
      <h1>{t.lobby.title}</h1>
      <p>{t.lobby.intro}</p>
      <p class="row">
        <button type="button" onClick={load} data-testid="lobby-refresh">
          {t.lobby.refresh}
        </button>
        <a href="/" class="button">
          {t.lobby.create}
        </a>
      </p>
      <ErrorLine error={error} />
      {games === null ? (
        <p>{t.common.loading}</p>
      ) : games.length === 0 ? (
        <p data-testid="lobby-empty">{t.lobby.empty}</p>
      ) : (
        <table class="list" data-testid="lobby-list">
          <thead>
            <tr>
              <th scope="col">{t.lobby.game}</th>
              <th scope="col">{t.lobby.length}</th>
              <th scope="col">{t.lobby.host}</th>
              <th scope="col">
                <span class="sr-only">{t.lobby.join}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {games.map((g) => (
              <tr key={g.id} data-testid={`lobby-game-${g.id}`}>
                <td>{matchTitle(t, g.settings)}</td>
                <td>{lengthText(i18n, g.settings.length)}</td>
                <td>
                  <bdi>{g.players[0].name}</bdi>
                </td>
                <td>
                  {g.you === null ? (
                    <button
                      type="button"
                      onClick={() => join(g.id)}
                      disabled={joining !== null}
                      data-testid={`lobby-join-${g.id}`}
                    >
                      {joining === g.id ? t.lobby.joining : t.lobby.join}
                    </button>
                  ) : (
                    <a href={`/play/${g.id}`}>{t.history.view}</a>
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
