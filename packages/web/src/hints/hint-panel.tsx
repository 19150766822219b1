import type { GameView } from '@zar/protocol';
import { useEffect, useState } from 'preact/hooks';
import { useI18n } from '../i18n/index.js';
import { usePreferences } from '../preferences.js';
import { ErrorLine, Ltr, Rich } from '../ui.js';
import { modalOpen } from '../use-modal.js';
import { lossText } from './format.js';
import { CubeAdvice, PlaysList } from './hint-list.js';
import { type Feedback, type HintSource, useHints } from './use-hints.js';
import './hints.css';

/** The viewer plays the bot: a hint is for him alone, never in a game between people. */
const againstBot = (view: GameView): boolean =>
  view.you !== null && view.players[view.you].kind === 'human' && view.players[view.you === 0 ? 1 : 0].kind === 'bot';

/**
 * The play page's hints, in a game against the bot only: a Hint button (key H) at the
 * player's own decision that lists the bot's best plays or its cube advice with equities, and,
 * with the hint-feedback preference on, what his last play lost against the best.
 */
export function HintPanel(props: { id: string; view: GameView; version: number; source?: HintSource }) {
  if (!againstBot(props.view)) return null;
  return <BotHints {...props} />;
}

function FeedbackLine({ feedback }: { feedback: Feedback }) {
  const { t, lang } = useI18n();
  const best = feedback.loss === 0;
  return (
    <p class={best ? 'hint-feedback best' : 'hint-feedback'} data-testid="hint-feedback" data-loss={feedback.loss}>
      <Ltr>{feedback.played}</Ltr>
      {': '}
      {best ? (
        t.hints.feedbackBest
      ) : (
        <Rich
          text={t.hints.feedbackLost}
          slots={{ loss: <Ltr>{lossText(lang, feedback.loss)}</Ltr>, best: <Ltr>{feedback.best}</Ltr> }}
        />
      )}
    </p>
  );
}

function BotHints(props: { id: string; view: GameView; version: number; source?: HintSource }) {
  const { id, view, version } = props;
  const { t } = useI18n();
  const prefs = usePreferences();
  const hints = useHints(id, view, version, prefs.hintFeedback, props.source);
  // Once opened, the list follows the player's decisions until he closes it.
  const [open, setOpen] = useState(false);
  // The server's word that a hint may be asked now (its rule: the player's own decision, rules the bot values).
  const deciding = view.hint;
  const showing = open && deciding;

  useEffect(() => {
    if (showing) hints.ask();
  }, [showing, version]);

  const toggle = () => setOpen((o) => !o);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || e.key.toLowerCase() !== 'h' || modalOpen()) return;
      const target = e.target as HTMLElement | null;
      if (target?.closest('input, select, textarea') || !deciding) return;
      toggle();
      e.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [deciding]);

  const shown = hints.shown;
  return (
    <section class="hints" aria-label={t.hints.title} data-testid="hints">
      {deciding && (
        <div class="row hint-row">
          <button
            type="button"
            data-testid="hint"
            aria-expanded={showing}
            aria-keyshortcuts="H"
            {...(showing ? { 'aria-controls': 'hint-list' } : { 'aria-label': t.hints.buttonLabel })}
            onClick={toggle}
          >
            {showing ? t.hints.hide : t.hints.button}
          </button>
          <span class="muted">{t.hints.keys}</span>
        </div>
      )}
      {showing && (
        <div id="hint-list" class="hint-list" data-testid="hint-list" aria-live="polite" aria-busy={shown === null}>
          {shown === null || shown === undefined ? (
            <p class="muted">{t.hints.thinking}</p>
          ) : !shown.ok ? (
            <ErrorLine error={shown.error} />
          ) : shown.value.kind === 'plays' ? (
            <PlaysList hint={shown.value} view={view} />
          ) : (
            <CubeAdvice hint={shown.value} />
          )}
        </div>
      )}
      <div aria-live="polite">{hints.feedback && <FeedbackLine feedback={hints.feedback} />}</div>
    </section>
  );
}
