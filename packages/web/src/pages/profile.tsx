import type { PoolRating, Profile as ProfileData } from '@zar/protocol';
import { useEffect, useState } from 'preact/hooks';
import { type ApiError, api } from '../api.js';
import { LANG_INFO, useI18n } from '../i18n/index.js';
import { GamePrs } from '../players/game-prs.js';
import { loadLatest } from '../players/latest.js';
import { poolName } from '../players/pool-name.js';
import { abandonmentText, prText } from '../players/profile-facts.js';
import { RatingGraph } from '../players/rating-graph.js';
import { ratingText } from '../players/rating-text.js';
import { RecentMatches } from '../players/recent-matches.js';
import '../players/players.css';
import { ErrorLine } from '../ui.js';
import { NotFound } from './not-found.js';

function PoolRatingBlock({ r }: { r: PoolRating }) {
  const i18n = useI18n();
  const p = i18n.t.players;
  const name = poolName(i18n.t, r.pool);
  return (
    <section class="pool-rating" aria-labelledby={`rating-${r.pool}`} data-testid={`profile-rating-${r.pool}`}>
      <h3 id={`rating-${r.pool}`}>
        <a href={`/leaderboard/${r.pool}`}>{name}</a>
      </h3>
      <p>
        <strong data-testid={`profile-rating-value-${r.pool}`}>
          {i18n.f(p.ratingNow, { rating: ratingText(i18n.lang, r.rating) })}
        </strong>
        {' · '}
        {i18n.f(i18n.n(p.record, r.matches), { wins: i18n.num(r.wins) })}
        {' · '}
        {i18n.f(p.experience, { n: i18n.num(r.experience) })}
      </p>
      <RatingGraph pool={r.pool} poolLabel={name} history={r.history} />
    </section>
  );
}

function ProfileView({ profile }: { profile: ProfileData }) {
  const i18n = useI18n();
  const { t } = i18n;
  const p = t.players;
  const date = new Intl.DateTimeFormat(LANG_INFO[i18n.lang].numbers, { dateStyle: 'long' });
  const abandonment = abandonmentText(i18n, profile.abandonment);
  const perGame = profile.matches.filter((m) => m.matches > 0);
  return (
    <section class="page profile" data-testid="profile">
      <h1>
        <bdi>{profile.name}</bdi>
      </h1>
      <p class="muted">{i18n.f(p.since, { date: date.format(profile.since) })}</p>

      <h2>{p.ratings}</h2>
      {profile.ratings.length === 0 ? (
        <p data-testid="profile-no-ratings">{p.noRatings}</p>
      ) : (
        profile.ratings.map((r) => <PoolRatingBlock key={r.pool} r={r} />)
      )}

      <h2>{p.perGame}</h2>
      {perGame.length === 0 ? (
        <p>{p.perGameNone}</p>
      ) : (
        <ul data-testid="profile-per-game">
          {perGame.map((m) => (
            <li key={m.pool}>
              {poolName(t, m.pool)}: {i18n.num(m.matches)}
            </li>
          ))}
        </ul>
      )}

      <h2>{p.abandonment}</h2>
      <p data-testid="profile-abandonment">{abandonment ?? p.perGameNone}</p>
      <p class="muted">{p.abandonedNote}</p>

      <h2>{p.pr}</h2>
      <p data-testid="profile-pr">{prText(i18n, profile.pr)}</p>
      <p class="muted">{p.prNote}</p>
      <GamePrs games={profile.prGames} />

      <h2>{p.recent}</h2>
      <RecentMatches name={profile.name} games={profile.recent} />
      <p>
        <a href="/ratings">{p.howRated}</a>
        {' · '}
        <a href={`/players/${encodeURIComponent(profile.name)}/dice`} data-testid="profile-dice">
          {i18n.t.dice.stats.playerLink}
        </a>
      </p>
    </section>
  );
}

/** A player's public page: ratings per pool with their graphs, matches per game, abandonment, PR, recent matches. */
export function Profile({ name }: { name: string }) {
  const { t } = useI18n();
  const [profile, setProfile] = useState<ProfileData | null>(null);
  const [error, setError] = useState<ApiError | null>(null);

  useEffect(() => {
    setProfile(null);
    setError(null);
    return loadLatest(
      () => api.profile(name),
      (r) => (r.ok ? setProfile(r.value) : setError(r.error)),
    );
  }, [name]);

  if (error?.status === 404) return <NotFound message={t.players.notFound} />;
  if (profile === null)
    return (
      <section class="page profile">
        <ErrorLine error={error} />
        {!error && <p>{t.common.loading}</p>}
      </section>
    );
  return <ProfileView profile={profile} />;
}
