import type { TournamentSummary } from '@zar/protocol';
import { useI18n } from '../i18n/index.js';
import { matchTitle } from '../ui.js';
import { botNameText } from './bot-names.js';
import { dateTimeText } from './tournament-text.js';

/**
 * A list of tournaments: each one's name (to its page), game, format and whether it is rated
 * under it; players registered out of the most; the start (or the round being played); the
 * status, and the winner once over. Four columns, so that it fits a phone without scrolling sideways.
 */
export function TournamentList({
  tournaments,
  caption,
  testid,
}: {
  tournaments: readonly TournamentSummary[];
  caption: string;
  testid: string;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const tt = t.tournaments;
  return (
    <table class="list tournament-list" data-testid={testid}>
      <caption class="sr-only">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{tt.name}</th>
          <th scope="col">{tt.players}</th>
          <th scope="col">{tt.starts}</th>
          <th scope="col">{tt.status}</th>
        </tr>
      </thead>
      <tbody>
        {tournaments.map((s) => (
          <tr key={s.id} data-testid={`tournament-row-${s.id}`}>
            <th scope="row">
              <a href={`/tournaments/${s.id}`}>
                <bdi>{s.name}</bdi>
              </a>
              <small class="muted">
                {matchTitle(t, s.settings)} · {tt.formats[s.format]}
                {s.format === 'swiss' && s.roundCount > 0 && ` · ${tt.rounds}: ${i18n.num(s.roundCount)}`}
                {' · '}
                {s.rated ? t.people.rated.rated : t.people.rated.casual}
              </small>
            </th>
            <td>{i18n.f(tt.entrantsOf, { n: i18n.num(s.entrants), max: i18n.num(s.maxPlayers) })}</td>
            <td>
              {s.status === 'running' && s.round > 0
                ? i18n.f(tt.roundOf, { n: i18n.num(s.round), m: i18n.num(s.roundCount) })
                : s.startsAt !== null
                  ? dateTimeText(i18n, s.startsAt)
                  : s.status === 'registering'
                    ? tt.byCreator
                    : '–'}
            </td>
            <td data-testid={`tournament-status-${s.id}`}>
              {tt.statuses[s.status]}
              {s.winner !== null && (
                <>
                  {': '}
                  <span class="winner">
                    <bdi>{botNameText(i18n, s.winner) ?? s.winner}</bdi>
                  </span>
                </>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
