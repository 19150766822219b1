import type { GameId } from '@zar/engine';
import type { NewGameRequest } from '@zar/protocol';
import { useRef, useState } from 'preact/hooks';
import { type ApiError, api } from '../api.js';
import { GameCards } from '../home/game-cards.js';
import { lastGame, rememberLastGame } from '../home/last-game.js';
import { LiveCount } from '../home/live-count.js';
import { requestText } from '../home/request-text.js';
import { SetupForm } from '../home/setup-form.js';
import '../home/home.css';
import { useI18n } from '../i18n/index.js';
import { rememberInvite } from '../invites.js';
import { lazy } from '../lazy.js';
import { DailyPuzzleSlot } from '../puzzles/daily-slot.js';
import { navigate } from '../router.js';
import { animationsOn } from '../settings.js';
import { ErrorLine } from '../ui.js';

/** The player's correspondence matches load after the page: most visitors have none. */
const LazyMatches = lazy(() => import('../correspondence/matches-list.js').then((m) => m.MatchesList), true);

/**
 * The start page: a welcome with the number of games being played, "play again" with the last
 * settings, a card per game (its board, what makes it special, its Learn page), and the form
 * that sets up what to play, how long, against whom; for a player with correspondence matches,
 * the list of them, his turns first.
 */
export function Home() {
  const i18n = useI18n();
  const { t, f } = i18n;
  const [choice, setChoice] = useState<string>('backgammon');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  /** Where the refused request was made: the error is shown beside that button. */
  const [errorAt, setErrorAt] = useState<'again' | 'form'>('form');
  const [last, setLast] = useState(lastGame);
  const setup = useRef<HTMLElement>(null);

  const start = async (request: NewGameRequest, from: 'again' | 'form') => {
    setBusy(true);
    setErrorAt(from);
    setError(null);
    const r = await api.createGame(request);
    setBusy(false);
    if (!r.ok) {
      setError(r.error);
      return;
    }
    rememberLastGame(request);
    setLast(request);
    if (r.value.invite) rememberInvite(r.value.id, r.value.invite);
    navigate(`/play/${r.value.id}`);
  };

  /** A card's button: the form below takes that game, and the player lands on its start button. */
  const chooseCard = (game: GameId) => {
    setChoice(game);
    const form = setup.current;
    // A script's smooth scroll ignores the stylesheet's switch: it asks for motion itself.
    form?.scrollIntoView({ block: 'start', behavior: animationsOn() ? 'smooth' : 'auto' });
    form?.querySelector<HTMLElement>('[data-testid="new-start"]')?.focus({ preventScroll: true });
  };

  return (
    <section class="page home">
      <div class="welcome">
        <h1>{t.welcome.title}</h1>
        <p class="lead">{t.welcome.lead}</p>
        <LiveCount />
        {last && (
          <p class="again">
            <button
              type="button"
              class="primary"
              data-testid="play-again"
              disabled={busy}
              aria-label={f(t.welcome.againLabel, { what: requestText(i18n, last) })}
              onClick={() => void start(last, 'again')}
            >
              {t.welcome.again}
            </button>
            <span class="muted" data-testid="last-settings">
              {f(t.welcome.last, { what: requestText(i18n, last) })}
            </span>
          </p>
        )}
        {errorAt === 'again' && <ErrorLine error={error} />}
      </div>
      <LazyMatches />
      <DailyPuzzleSlot />
      <GameCards chosen={choice} choose={chooseCard} />
      <SetupForm
        root={setup}
        choice={choice}
        choose={setChoice}
        busy={busy}
        error={errorAt === 'form' ? error : null}
        start={(request) => void start(request, 'form')}
      />
    </section>
  );
}
