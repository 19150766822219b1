import { useI18n } from '../i18n/index.js';
import type { BracketMatch } from './bracket-model.js';
import { matchText, placeText, stateText } from './tournament-text.js';

/**
 * One match of a bracket or a round: its two places (the winner marked), the score, how it
 * stands, and its game: watched while played, replayed once over. A screen reader hears the
 * match as one sentence instead of the boxes.
 */
export function MatchCard({ match, testid }: { match: BracketMatch; testid: string }) {
  const i18n = useI18n();
  const b = i18n.t.tournaments.bracket;
  const winner = match.winner === null ? null : match.players[match.winner];
  const score = match.score;
  const state = stateText(i18n, match);
  return (
    <div class="match-card" data-testid={testid} data-state={match.state} data-winner={winner ?? ''}>
      <span class="sr-only">{matchText(i18n, match)}</span>
      <div aria-hidden="true">
        {([0, 1] as const).map((seat) => (
          <div
            key={seat}
            class={`match-place${match.winner === seat ? ' won' : ''}${match.players[seat] === null ? ' empty' : ''}`}
          >
            <bdi class="match-name">{placeText(i18n, match, seat)}</bdi>
            {score !== null && <span class="match-points">{i18n.num(score[seat])}</span>}
            {match.winner === seat && <span class="match-mark">✓</span>}
          </div>
        ))}
      </div>
      {(state !== null || match.game !== null) && match.state !== 'future' && (
        <div class="match-foot">
          {state !== null && match.state !== 'bye' && <span class="muted">{state}</span>}
          {match.game !== null && (
            <a
              href={match.state === 'playing' ? `/play/${match.game}` : `/replay/${match.game}`}
              aria-label={`${match.state === 'playing' ? b.watch : b.replay}: ${matchText(i18n, match)}`}
            >
              {match.state === 'playing' ? b.watch : b.replay}
            </a>
          )}
        </div>
      )}
    </div>
  );
}
