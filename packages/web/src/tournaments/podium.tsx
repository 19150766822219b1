import type { TournamentView } from '@zar/protocol';
import { useI18n } from '../i18n/index.js';

const PLACES = ['first', 'second', 'third'] as const;

/** The final places once the tournament is over (winner first), or that it ended without a winner or was cancelled. */
export function Podium({ view }: { view: TournamentView }) {
  const { t, f } = useI18n();
  const p = t.tournaments.podium;
  if (view.status === 'cancelled') {
    return (
      <p class="banner" data-testid="tournament-cancelled">
        {p.cancelled}
      </p>
    );
  }
  if (view.status !== 'over') return null;
  const winner = view.podium[0];
  return (
    <section aria-labelledby="tournament-podium" class="tournament-podium" data-testid="podium">
      <h2 id="tournament-podium">{p.title}</h2>
      <p role="status" data-testid="tournament-winner" data-winner={winner ?? ''}>
        {winner === undefined ? p.noChampion : f(p.champion, { name: winner })}
      </p>
      {view.podium.length > 0 && (
        <ol class="podium">
          {view.podium.slice(0, PLACES.length).map((name, i) => (
            <li key={name} class={`podium-${PLACES[i]}`} data-testid={`podium-${i + 1}`}>
              <span class="podium-place">{p.places[PLACES[i] ?? 'third']}</span>
              <bdi class="podium-name">{name}</bdi>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
