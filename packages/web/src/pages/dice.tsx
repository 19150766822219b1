import type { PlayerDice, SiteDice } from '@zar/protocol';
import { useEffect, useState } from 'preact/hooks';
import { type ApiError, type ApiResult, api } from '../api.js';
import { LuckView } from '../dice/luck-view.js';
import { DiceStatsView } from '../dice/stats-view.js';
import { useI18n } from '../i18n/index.js';
import { loadLatest } from '../players/latest.js';
import { ErrorLine } from '../ui.js';
import { NotFound } from './not-found.js';
import '../dice/dice.css';

/** The latest answer of `load` for `key` (a newer key's answer wins over an older one's). */
function useLoaded<T>(key: string, load: () => Promise<ApiResult<T>>) {
  const [value, setValue] = useState<T | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  useEffect(() => {
    setValue(null);
    setError(null);
    return loadLatest(load, (r) => (r.ok ? setValue(r.value) : setError(r.error)));
  }, [key]);
  return { value, error };
}

function Loading({ error }: { error: ApiError | null }) {
  const { t } = useI18n();
  return (
    <>
      <ErrorLine error={error} />
      {!error && <p>{t.common.loading}</p>}
    </>
  );
}

/** /dice: every die thrown on the site, charted and tested against fair dice. */
export function SiteDicePage() {
  const { t } = useI18n();
  const s = t.dice.stats;
  const { value, error } = useLoaded<SiteDice>('site', api.siteDice);
  return (
    <section class="page dice-page" data-testid="dice-page">
      <h1>{s.siteTitle}</h1>
      <p>{s.siteIntro}</p>
      {value ? <DiceStatsView stats={value.stats} /> : <Loading error={error} />}
    </section>
  );
}

/** /players/:name/dice: a player's dice, and the luck of his analysed backgammon matches. */
export function PlayerDicePage({ name }: { name: string }) {
  const i18n = useI18n();
  const s = i18n.t.dice.stats;
  const { value, error } = useLoaded<PlayerDice>(name, () => api.playerDice(name));
  if (error?.status === 404) return <NotFound message={s.notFound} />;
  const shown = value?.name ?? name;
  return (
    <section class="page dice-page" data-testid="dice-page">
      <h1>{i18n.f(s.playerTitle, { name: shown })}</h1>
      <p>{i18n.f(s.playerIntro, { name: shown })}</p>
      {value ? (
        <>
          <DiceStatsView stats={value.stats} />
          <LuckView name={value.name} luck={value.luck} />
        </>
      ) : (
        <Loading error={error} />
      )}
      <p>
        <a href={`/players/${encodeURIComponent(name)}`}>{shown}</a> · <a href="/dice">{s.siteLink}</a>
      </p>
    </section>
  );
}
