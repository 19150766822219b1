import { useI18n } from '../i18n/index.js';
import { Actions } from '../tournaments/actions.js';
import { withShownNames } from '../tournaments/bot-names.js';
import { BracketView } from '../tournaments/bracket.js';
import { ConsolationView } from '../tournaments/consolation.js';
import { Entrants } from '../tournaments/entrants.js';
import { Podium } from '../tournaments/podium.js';
import { Standings, SwissRounds } from '../tournaments/standings.js';
import { TournamentHeader } from '../tournaments/tournament-header.js';
import '../tournaments/tournaments.css';
import { useTournament } from '../tournaments/use-tournament.js';
import { ErrorLine } from '../ui.js';
import { NotFound } from './not-found.js';

/**
 * A tournament's page, live over the socket: its header, what the viewer may do, the podium
 * once over, the bracket and any consolation draw (knock-out) or the standings and each round's pairings (Swiss), and
 * the players. When the viewer's match of a round starts, the page says so and opens it.
 */
export function Tournament({ id }: { id: string }) {
  const i18n = useI18n();
  const { t } = i18n;
  const p = t.tournaments.page;
  const live = useTournament(id);
  const { view, error, status } = live;

  if (view === null) {
    if (error?.code === 'ERR_NOT_FOUND') return <NotFound message={p.notFound} />;
    return (
      <section class="page tournament">
        <p>{t.common.loading}</p>
        <ErrorLine error={error} />
      </section>
    );
  }
  // Bots by their level in the page's language, wherever players are named (bot-names.ts).
  const shown = withShownNames(i18n, view);
  return (
    <section class="page tournament" data-testid="tournament" data-status={view.status}>
      <p>
        <a href="/tournaments">{p.back}</a>
      </p>
      {status === 'reconnecting' && (
        <p class="banner" role="alert" data-testid="tournament-offline">
          {p.reconnecting}
        </p>
      )}
      {live.starting !== null && (
        <p class="banner" role="status" data-testid="tournament-starting">
          {t.tournaments.round.startedHere} <a href={`/play/${live.starting}`}>{t.tournaments.round.go}</a>
        </p>
      )}
      <TournamentHeader view={view} />
      <Actions view={view} live={live} />
      <ErrorLine error={error} />
      <Podium view={shown} />
      {view.format === 'knockout' ? (
        <>
          <BracketView view={shown} />
          <ConsolationView view={shown} />
        </>
      ) : (
        view.rounds.length > 0 && (
          <>
            <Standings view={shown} />
            <SwissRounds view={shown} />
          </>
        )
      )}
      <Entrants view={shown} />
    </section>
  );
}
