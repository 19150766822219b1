import type { TournamentView } from '@zar/protocol';
import { useI18n } from '../i18n/index.js';
import { BracketColumns } from './bracket.js';
import { consolationBracketOf, consolationStateOf } from './consolation-model.js';

/**
 * A knock-out's consolation draw, under the main bracket: what it is, then that it is still to
 * be drawn, that it will not be held, or its bracket, live, and its winner once it is over.
 */
export function ConsolationView({ view }: { view: TournamentView }) {
  const i18n = useI18n();
  const c = i18n.t.tournaments.consolation;
  const state = consolationStateOf(view);
  if (state === 'off') return null;
  const bracket = consolationBracketOf(view);
  return (
    <section
      aria-labelledby="tournament-consolation"
      class="tournament-bracket tournament-consolation"
      data-testid="consolation-draw"
      data-state={state}
    >
      <h2 id="tournament-consolation">{c.title}</h2>
      <p class="hint">{c.note}</p>
      {state === 'waiting' && <p data-testid="consolation-waiting">{c.waiting}</p>}
      {state === 'none' && <p data-testid="consolation-none">{c.none}</p>}
      {view.consolationWinner !== null && (
        <p role="status" data-testid="consolation-winner" data-winner={view.consolationWinner}>
          {i18n.f(c.winner, { name: view.consolationWinner })}
        </p>
      )}
      {state === 'drawn' && <BracketColumns bracket={bracket} name="consolation" />}
    </section>
  );
}
