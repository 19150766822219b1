import type { TournamentList as List, Me } from '@zar/protocol';
import { useEffect, useState } from 'preact/hooks';
import { type ApiError, api } from '../api.js';
import { useI18n } from '../i18n/index.js';
import { loadLatest } from '../players/latest.js';
import { CreateForm } from '../tournaments/create-form.js';
import { listSections } from '../tournaments/list-model.js';
import { TournamentList } from '../tournaments/tournament-list.js';
import '../tournaments/tournaments.css';
import { ErrorLine } from '../ui.js';

/**
 * The tournaments: those registering or running, then the last finished, and the form that
 * creates one (for accounts; a guest or a visitor is sent to the account page).
 */
export function Tournaments() {
  const { t } = useI18n();
  const tt = t.tournaments;
  const [list, setList] = useState<List | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [me, setMe] = useState<Me | null>(null);
  useEffect(
    () =>
      loadLatest(
        () => api.tournaments(),
        (r) => (r.ok ? setList(r.value) : setError(r.error)),
      ),
    [],
  );
  useEffect(
    () =>
      loadLatest(
        () => api.me(),
        (r) => setMe(r.ok ? r.value : null),
      ),
    [],
  );
  const sections = list === null ? null : listSections(list.tournaments);
  const account = me !== null && me.id !== '' && !me.guest;

  return (
    <section class="page tournaments">
      <h1>{tt.title}</h1>
      <p>{tt.intro}</p>
      <ErrorLine error={error} />
      {sections === null ? (
        !error && <p>{t.common.loading}</p>
      ) : (
        <>
          <section aria-labelledby="tournaments-open">
            <h2 id="tournaments-open">{tt.open}</h2>
            {sections.open.length === 0 ? (
              <p data-testid="tournaments-none-open">{tt.noneOpen}</p>
            ) : (
              <TournamentList tournaments={sections.open} caption={tt.open} testid="tournaments-open" />
            )}
          </section>
          <section aria-labelledby="tournaments-finished">
            <h2 id="tournaments-finished">{tt.finished}</h2>
            {sections.finished.length === 0 ? (
              <p>{tt.noneFinished}</p>
            ) : (
              <TournamentList tournaments={sections.finished} caption={tt.finished} testid="tournaments-finished" />
            )}
          </section>
        </>
      )}
      <section aria-labelledby="tournament-create">
        <h2 id="tournament-create">{tt.create.title}</h2>
        {account ? (
          <CreateForm />
        ) : (
          me !== null && (
            <p data-testid="tournament-account-only">
              <a href="/account">{tt.create.accountOnly}</a>
            </p>
          )
        )}
      </section>
    </section>
  );
}
