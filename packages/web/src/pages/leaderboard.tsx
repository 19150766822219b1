import { type Leaderboard as Board, RATING_POOLS } from '@zar/protocol';
import { useEffect, useState } from 'preact/hooks';
import { type ApiError, api } from '../api.js';
import { useI18n } from '../i18n/index.js';
import { loadLatest } from '../players/latest.js';
import { poolName } from '../players/pool-name.js';
import { ratingText } from '../players/rating-text.js';
import '../players/players.css';
import { ErrorLine } from '../ui.js';

const DEFAULT_POOL = 'backgammon';

/** The pools as links (each board has its own address), the one shown marked as the current page. */
function PoolPicker({ pool }: { pool: string }) {
  const { t } = useI18n();
  return (
    <nav aria-label={t.players.pool} class="pool-picker">
      <ul>
        {RATING_POOLS.map((p) => (
          <li key={p}>
            <a
              href={`/leaderboard/${p}`}
              aria-current={p === pool ? 'page' : undefined}
              data-testid={`leaderboard-pool-${p}`}
            >
              {poolName(t, p)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A pool's top players active in the last 30 days: rank, name (to the profile), rating, matches, win rate. */
export function Leaderboard({ pool: asked }: { pool: string | null }) {
  const i18n = useI18n();
  const { t } = i18n;
  const p = t.players;
  const pool = asked ?? DEFAULT_POOL;
  const [board, setBoard] = useState<Board | null>(null);
  const [error, setError] = useState<ApiError | null>(null);

  useEffect(() => {
    setBoard(null);
    setError(null);
    return loadLatest(
      () => api.leaderboard(pool),
      (r) => (r.ok ? setBoard(r.value) : setError(r.error)),
    );
  }, [pool]);

  const name = poolName(t, pool);
  return (
    <section class="page leaderboard">
      <h1>{p.leaderboard}</h1>
      <PoolPicker pool={pool} />
      <p>{i18n.f(p.leaderboardIntro, { pool: name })}</p>
      <ErrorLine error={error} />
      {board === null ? (
        !error && <p>{t.common.loading}</p>
      ) : board.players.length === 0 ? (
        <p data-testid="leaderboard-empty">{i18n.f(p.emptyBoard, { pool: name })}</p>
      ) : (
        <div class="table-scroll">
          <table class="list numbers-end" data-testid="leaderboard-list">
            <caption class="sr-only">{name}</caption>
            <thead>
              <tr>
                <th scope="col">{p.rank}</th>
                <th scope="col">{p.player}</th>
                <th scope="col">{p.rating}</th>
                <th scope="col">{p.matches}</th>
                <th scope="col">{p.winRate}</th>
              </tr>
            </thead>
            <tbody>
              {board.players.map((row, i) => (
                <tr key={row.name} data-testid={`leaderboard-row-${row.name}`}>
                  <td>{i18n.num(i + 1)}</td>
                  <th scope="row">
                    <a href={`/players/${encodeURIComponent(row.name)}`}>
                      <bdi>{row.name}</bdi>
                    </a>
                  </th>
                  <td data-testid={`leaderboard-rating-${row.name}`}>{ratingText(i18n.lang, row.rating)}</td>
                  <td>{i18n.num(row.matches)}</td>
                  <td>{row.matches === 0 ? '–' : i18n.pct(row.wins / row.matches)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p>
        <a href="/ratings" data-testid="leaderboard-ratings">
          {p.howRated}
        </a>
      </p>
    </section>
  );
}
