import type { TournamentView } from '@zar/protocol';
import { useI18n } from '../i18n/index.js';
import { type Bracket, bracketOf } from './bracket-model.js';
import { MatchCard } from './match-card.js';
import { roundNameText } from './tournament-text.js';

/**
 * A knock-out's bracket, live: rounds as columns from the first to the final (side by side on
 * a wide screen, one under the other on a phone), the rounds not drawn yet as places to be
 * decided, byes and winners marked, the match for third place under the final. Each round is a
 * headed ordered list, so a screen reader walks it round by round, match by match.
 */
export function BracketView({ view }: { view: TournamentView }) {
  const i18n = useI18n();
  const b = i18n.t.tournaments.bracket;
  const bracket = bracketOf(view);
  if (bracket.columns.length === 0) return null;
  return (
    <section aria-labelledby="tournament-bracket" class="tournament-bracket">
      <h2 id="tournament-bracket">{b.title}</h2>
      <BracketColumns bracket={bracket} name="bracket" />
      {bracket.thirdPlace !== null && (
        <section class="bracket-third" aria-labelledby="bracket-third">
          <h3 id="bracket-third">{b.thirdPlace}</h3>
          <MatchCard match={bracket.thirdPlace} testid="bracket-third" />
        </section>
      )}
    </section>
  );
}

/**
 * A bracket's rounds as columns, each a headed ordered list of its matches; `name` keeps the
 * ids and test ids of two brackets on one page apart ('bracket', 'consolation').
 */
export function BracketColumns({ bracket, name }: { bracket: Bracket; name: string }) {
  const i18n = useI18n();
  return (
    <div class="bracket" data-testid={name} style={{ '--rounds': String(bracket.columns.length) }}>
      {bracket.columns.map((col) => (
        <section class="bracket-round" key={col.number} aria-labelledby={`${name}-round-${col.number}`}>
          <h3 id={`${name}-round-${col.number}`}>{roundNameText(i18n, col.matches.length)}</h3>
          <ol class="bracket-matches">
            {col.matches.map((m, i) => (
              <li key={i}>
                <MatchCard match={m} testid={`${name}-${col.number}-${i + 1}`} />
              </li>
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}
