import type { TournamentView } from '@zar/protocol';
import { useI18n } from '../i18n/index.js';
import { ratingText } from '../players/rating-text.js';

/** The players registered, strongest first as they are seeded, with their ratings; bots and withdrawals marked. */
export function Entrants({ view }: { view: TournamentView }) {
  const i18n = useI18n();
  const e = i18n.t.tournaments.entrants;
  const sorted = [...view.entrants].sort((a, b) => b.rating - a.rating);
  return (
    <section aria-labelledby="tournament-entrants" class="tournament-entrants">
      <h2 id="tournament-entrants">
        {e.title} (
        {i18n.f(i18n.t.tournaments.entrantsOf, { n: i18n.num(view.entrants.length), max: i18n.num(view.maxPlayers) })})
      </h2>
      {sorted.length === 0 ? (
        <p>{e.none}</p>
      ) : (
        <table class="list" data-testid="tournament-entrants">
          <thead>
            <tr>
              <th scope="col">{e.player}</th>
              <th scope="col">{e.rating}</th>
            </tr>
          </thead>
          <tbody>
            {sorted.map((p) => (
              <tr key={p.name} data-testid={`entrant-${p.name}`} class={p.withdrawn ? 'withdrawn' : undefined}>
                <th scope="row">
                  {p.kind === 'human' ? (
                    <a href={`/players/${encodeURIComponent(p.name)}`}>
                      <bdi>{p.name}</bdi>
                    </a>
                  ) : (
                    <bdi>{p.name}</bdi>
                  )}
                  {p.kind === 'bot' && <small class="muted"> · {e.bot}</small>}
                  {p.withdrawn && <small class="muted"> · {e.withdrawn}</small>}
                </th>
                <td>{ratingText(i18n.lang, p.rating)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
