import type { TournamentView } from '@zar/protocol';
import { clockName } from '../clock/clock-name.js';
import { countdownText } from '../clock/countdown.js';
import { useNow } from '../clock/use-now.js';
import { useI18n } from '../i18n/index.js';
import { lengthText, matchTitle } from '../ui.js';
import { dateTimeText } from './tournament-text.js';

/**
 * The top of a tournament's page: its name, who made it, what it plays and how (format,
 * rounds, each round's length and clock, rated), its status, and when it starts: a countdown
 * to a set start, or that its creator starts it.
 */
export function TournamentHeader({ view }: { view: TournamentView }) {
  const i18n = useI18n();
  const { t } = i18n;
  const tt = t.tournaments;
  const p = tt.page;
  const rounds = view.roundSettings;
  return (
    <header class="tournament-header">
      <h1 data-testid="tournament-name">
        <bdi>{view.name}</bdi>
      </h1>
      <p class="muted">{i18n.f(p.by, { name: view.creator })}</p>
      <p>
        <span data-testid="tournament-status" data-status={view.status}>
          {tt.statuses[view.status]}
        </span>
        {view.status === 'running' && view.rounds.length > 0 && (
          <> · {i18n.f(tt.roundOf, { n: i18n.num(view.rounds.length), m: i18n.num(view.roundCount) })}</>
        )}
      </p>
      <StartLine view={view} />
      <section aria-labelledby="tournament-settings">
        <h2 id="tournament-settings" class="sr-only">
          {p.settings}
        </h2>
        <ul class="tournament-settings" data-testid="tournament-settings">
          <li>{matchTitle(t, view.settings)}</li>
          <li>
            {tt.formats[view.format]}
            {view.format === 'swiss' && ` · ${tt.rounds}: ${i18n.num(view.roundCount)}`}
            {view.format === 'knockout' && view.thirdPlace && ` · ${p.thirdPlace}`}
            {view.format === 'knockout' && view.consolation && ` · ${p.consolation}`}
          </li>
          <li>{view.rated ? t.people.rated.rated : t.people.rated.casual}</li>
          {rounds.map((r, i) => (
            <li key={i}>
              {i18n.f(rounds.length === 1 ? p.allRounds : i === rounds.length - 1 ? p.laterRounds : p.roundSettings, {
                n: i18n.num(i + 1),
                length: lengthText(i18n, r.length),
                clock: clockName(i18n, r.clock),
              })}
            </li>
          ))}
        </ul>
      </section>
    </header>
  );
}

/** When it starts (a countdown while registering), or when it started and ended. */
function StartLine({ view }: { view: TournamentView }) {
  const i18n = useI18n();
  const p = i18n.t.tournaments.page;
  const counting = view.status === 'registering' && view.startsAt !== null;
  // The countdown counts from the page's clock; the server starts the tournament by its own.
  useNow(counting, 1000);
  if (view.status === 'registering') {
    if (view.startsAt === null) return <p data-testid="tournament-start">{p.startsByCreator}</p>;
    return (
      <p data-testid="tournament-start">
        {i18n.f(p.startsAt, { time: dateTimeText(i18n, view.startsAt) })}
        {' · '}
        <span role="timer" aria-live="off">
          {i18n.f(p.startsIn, { time: countdownText(view.startsAt - Date.now()) })}
        </span>
      </p>
    );
  }
  return (
    <p data-testid="tournament-start">
      {view.startedAt !== null && i18n.f(p.started, { time: dateTimeText(i18n, view.startedAt) })}
      {view.endedAt !== null && ` · ${i18n.f(p.ended, { time: dateTimeText(i18n, view.endedAt) })}`}
    </p>
  );
}
