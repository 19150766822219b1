import { BOT_LEVELS, type BotLevel, type TournamentView } from '@zar/protocol';
import { useEffect, useRef, useState } from 'preact/hooks';
import { api } from '../api.js';
import { useI18n } from '../i18n/index.js';
import type { TournamentConnection } from './use-tournament.js';

/**
 * What the viewer may do now, as the server says in view.you: register or withdraw; for its
 * creator, add a bot of a level, start it, cancel it (after a second click: nobody can play a
 * cancelled tournament); and, while his match of a round is played, a link to it.
 */
export function Actions({ view, live }: { view: TournamentView; live: TournamentConnection }) {
  const i18n = useI18n();
  const a = i18n.t.tournaments.actions;
  const you = view.you;
  const [level, setLevel] = useState<BotLevel>('beginner');
  const [confirming, setConfirming] = useState(false);
  // The button pressed goes away with the question: the focus moves to the safe answer, and back
  // to the cancel button when it is withdrawn, so a keyboard user is never left at the page's top.
  const keep = useRef<HTMLButtonElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  useEffect(() => {
    if (confirming) keep.current?.focus();
    else if (asked.current) cancel.current?.focus();
    asked.current = confirming;
  }, [confirming]);
  const id = view.id;
  const busy = live.busy;
  const any = you.canRegister || you.canWithdraw || you.canStart || you.canCancel || you.canAddBot;
  if (!any && you.game === null && !you.registered) return null;
  return (
    <section class="tournament-actions" data-testid="tournament-actions">
      {you.registered && <p data-testid="tournament-registered">{i18n.t.tournaments.entrants.you}</p>}
      {you.game !== null && (
        <p class="banner" data-testid="tournament-your-game">
          {a.yourGame} <a href={`/play/${you.game}`}>{a.goToGame}</a>
        </p>
      )}
      <div class="buttons">
        {you.canRegister && (
          <button
            type="button"
            class="primary"
            data-testid="tournament-register"
            disabled={busy}
            onClick={() => void live.run(() => api.joinTournament(id))}
          >
            {a.register}
          </button>
        )}
        {you.canWithdraw && (
          <button
            type="button"
            data-testid="tournament-withdraw"
            disabled={busy}
            onClick={() => void live.run(() => api.leaveTournament(id))}
          >
            {a.withdraw}
          </button>
        )}
        {you.canStart && (
          <button
            type="button"
            class="primary"
            data-testid="tournament-start-now"
            disabled={busy}
            onClick={() => void live.run(() => api.startTournament(id))}
          >
            {a.start}
          </button>
        )}
        {you.canCancel && !confirming && (
          <button
            type="button"
            ref={cancel}
            data-testid="tournament-cancel"
            disabled={busy}
            onClick={() => setConfirming(true)}
          >
            {a.cancel}
          </button>
        )}
      </div>
      {you.canCancel && confirming && (
        <p role="alert" class="confirm">
          {a.cancelSure}{' '}
          <button
            type="button"
            data-testid="tournament-cancel-yes"
            disabled={busy}
            onClick={() => {
              setConfirming(false);
              void live.run(() => api.cancelTournament(id));
            }}
          >
            {a.cancelYes}
          </button>{' '}
          <button type="button" ref={keep} data-testid="tournament-cancel-no" onClick={() => setConfirming(false)}>
            {a.cancelNo}
          </button>
        </p>
      )}
      {you.canAddBot && (
        <form
          class="add-bot"
          onSubmit={(e) => {
            e.preventDefault();
            void live.run(() => api.addTournamentBot(id, level));
          }}
        >
          <label>
            {a.level}
            <select
              data-testid="tournament-bot-level"
              value={level}
              onChange={(e) => {
                const value = (e.currentTarget as HTMLSelectElement).value;
                setLevel(BOT_LEVELS.find((l) => l === value) ?? 'beginner');
              }}
            >
              {BOT_LEVELS.map((l) => (
                <option key={l} value={l}>
                  {i18n.t.levels[l]}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" data-testid="tournament-add-bot" disabled={busy}>
            {a.addBot}
          </button>
        </form>
      )}
    </section>
  );
}
