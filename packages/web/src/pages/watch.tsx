import { useI18n } from '../i18n/index.js';
import { ErrorLine } from '../ui.js';
import { LiveList } from '../watch/live-list.js';
import { useLive } from '../watch/use-live.js';
import '../watch/watch.css';

/**
 * Watching: the games being played, best first as the server ranks them, live over
 * the socket. A row opens the match at /play/:id, where a visitor without a seat is a spectator.
 */
export function Watch() {
  const { t } = useI18n();
  const l = t.company.live;
  const { live, receivedAt, status, error } = useLive();
  return (
    <section class="page watch" data-testid="watch-page">
      <h1>{l.title}</h1>
      <p>{l.intro}</p>
      {status === 'reconnecting' && (
        <p class="banner" role="alert">
          {t.common.offline}
        </p>
      )}
      <ErrorLine error={error} />
      {live === null ? (
        <p>{t.common.loading}</p>
      ) : live.games.length === 0 ? (
        <p data-testid="live-empty">{l.empty}</p>
      ) : (
        <LiveList games={live.games} receivedAt={receivedAt} />
      )}
    </section>
  );
}
