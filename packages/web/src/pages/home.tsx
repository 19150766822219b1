import { CYCLES, GAME_IDS, type GameId, PRESETS, type PresetId } from '@zar/engine';
import { BOT_LEVELS, type BotLevel, type NewGameRequest } from '@zar/protocol';
import { useRef, useState } from 'preact/hooks';
import { type ApiError, api, type Opponent } from '../api.js';
import { GameCards } from '../home/game-cards.js';
import { lastGame, rememberLastGame } from '../home/last-game.js';
import { LiveCount } from '../home/live-count.js';
import { requestText } from '../home/request-text.js';
import '../home/home.css';
import { useI18n } from '../i18n/index.js';
import { rememberInvite } from '../invites.js';
import { navigate } from '../router.js';
import { animationsOn } from '../settings.js';
import { ErrorLine, lengthText } from '../ui.js';

const LENGTHS = [1, 3, 5, 7, 9, 11, 15, 0] as const;
const CYCLE_IDS = Object.keys(CYCLES);

/**
 * The start page: a welcome with the number of games being played, "play again" with the last
 * settings, a card per game (its board, what makes it special, its Learn page), and the form
 * that sets up what to play, how long, against whom.
 */
export function Home() {
  const i18n = useI18n();
  const { t, f } = i18n;
  const [choice, setChoice] = useState<string>('backgammon');
  const [preset, setPreset] = useState<PresetId>('backgammon');
  const [length, setLength] = useState(5);
  const [opponent, setOpponent] = useState<Opponent>('bot');
  const [level, setLevel] = useState<BotLevel>('club');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  /** Where the refused request was made: the error is shown beside that button. */
  const [errorAt, setErrorAt] = useState<'again' | 'form'>('form');

  const isCycle = CYCLE_IDS.includes(choice);
  const presets = PRESETS.filter((p) => p.game === choice);

  const chooseGame = (value: string) => {
    setChoice(value);
    const first = PRESETS.find((p) => p.game === value);
    if (first) setPreset(first.id);
  };

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

  const submit = (e: Event) => {
    e.preventDefault();
    const what = isCycle ? { cycle: choice } : { preset };
    void start({ ...what, length, opponent, ...(opponent === 'bot' ? { level } : {}) }, 'form');
  };

  /** A card's button: the form below takes that game, and the player lands on its start button. */
  const chooseCard = (game: GameId) => {
    chooseGame(game);
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
      <GameCards chosen={choice} choose={chooseCard} />
      <section class="setup" ref={setup} aria-labelledby="setup-title">
        <h2 id="setup-title">{t.welcome.setup}</h2>
        <p>{t.home.intro}</p>
        <form class="form" onSubmit={submit}>
          <label>
            {t.home.game}
            <select
              data-testid="new-game"
              value={choice}
              onChange={(e) => chooseGame((e.currentTarget as HTMLSelectElement).value)}
            >
              {GAME_IDS.map((g: GameId) => (
                <option key={g} value={g}>
                  {t.games[g]}
                </option>
              ))}
              <optgroup label={t.home.mixed}>
                {CYCLE_IDS.map((c) => (
                  <option key={c} value={c}>
                    {(t.cycles as Readonly<Record<string, string>>)[c] ?? c}
                  </option>
                ))}
              </optgroup>
            </select>
          </label>
          {!isCycle && presets.length > 1 && (
            <label>
              {t.home.rules}
              <select
                data-testid="new-rules"
                value={preset}
                onChange={(e) => {
                  const value = (e.currentTarget as HTMLSelectElement).value;
                  const chosen = presets.find((p) => p.id === value);
                  if (chosen) setPreset(chosen.id);
                }}
              >
                {/* Typed by the engine's preset ids: each language names every preset, or this does not compile. */}
                {presets.map((p) => (
                  <option key={p.id} value={p.id}>
                    {t.presets[p.id]}
                  </option>
                ))}
              </select>
            </label>
          )}
          <label>
            {t.home.length}
            <select
              data-testid="new-length"
              value={String(length)}
              onChange={(e) => setLength(Number((e.currentTarget as HTMLSelectElement).value))}
            >
              {LENGTHS.map((n) => (
                <option key={n} value={String(n)}>
                  {n === 0 ? t.home.money : lengthText(i18n, n)}
                </option>
              ))}
            </select>
          </label>
          <fieldset>
            <legend>{t.home.opponent}</legend>
            {(['bot', 'friend', 'open'] as const).map((o) => (
              <label class="check" key={o}>
                <input
                  type="radio"
                  name="opponent"
                  value={o}
                  data-testid={`new-opponent-${o}`}
                  checked={opponent === o}
                  onChange={() => setOpponent(o)}
                />
                {t.home[o]}
              </label>
            ))}
          </fieldset>
          {opponent === 'bot' && (
            <label>
              {t.home.level}
              <select
                data-testid="new-level"
                value={level}
                onChange={(e) => {
                  const value = (e.currentTarget as HTMLSelectElement).value;
                  setLevel(BOT_LEVELS.find((l) => l === value) ?? 'club');
                }}
              >
                {/* The protocol's levels, weakest first; each language names every one of them. */}
                {BOT_LEVELS.map((l) => (
                  <option key={l} value={l}>
                    {t.levels[l]}
                  </option>
                ))}
              </select>
            </label>
          )}
          <button type="submit" class="primary" data-testid="new-start" disabled={busy}>
            {busy ? t.home.starting : t.home.start}
          </button>
          {errorAt === 'form' && <ErrorLine error={error} />}
        </form>
      </section>
    </section>
  );
}
