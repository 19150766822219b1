import type { PresetId } from '@zar/engine';
import { BOT_LEVELS, type BotLevel, type NewGameRequest } from '@zar/protocol';
import type { Ref } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { type ApiError, api, type Opponent } from '../api.js';
import {
  type ClockChoice,
  type ClockFieldError,
  type CustomClock,
  clockChoicesFor,
  clockFor,
  DEFAULT_CUSTOM,
  isCorrespondenceChoice,
} from '../clock/clock-choice.js';
import { ClockFields } from '../clock/clock-fields.js';
import { useI18n } from '../i18n/index.js';
import { askToNotifyLater } from '../notify/ask.js';
import { navigate } from '../router.js';
import { ErrorLine, lengthText } from '../ui.js';
import { GameFields, gameChoice } from './game-options.js';
import { ratedBlock, setupRequest } from './setup-request.js';

const LENGTHS = [1, 3, 5, 7, 9, 11, 15, 0] as const;

/**
 * The offline page's address for a match against the bot in the browser (src/offline/): the
 * rules, length and level in the query. Offline the bot plays up to expert, master's deeper
 * search being too slow for a phone.
 */
export const offlinePath = (preset: PresetId, length: number, level: BotLevel): string =>
  `/offline?${new URLSearchParams({ preset, length: String(length), level: level === 'master' ? 'expert' : level })}`;

/** Whether the visitor has an account (a guest, or a visitor the server cannot tell, plays casual only). */
function useGuest(): boolean {
  const [guest, setGuest] = useState(true);
  useEffect(() => {
    let live = true;
    api.me().then((r) => live && setGuest(!r.ok || r.value.guest));
    return () => {
      live = false;
    };
  }, []);
  return guest;
}

/**
 * The form that sets up what to play (a game or a cycle, its rules), how long, against whom,
 * with which clock, rated or casual. The game chosen is the home page's (a card chooses it
 * too); a preset chosen for another game gives way to the first preset of the game now chosen.
 * Until the player picks a clock, it follows the opponent: untimed against the bot, Normal
 * against a person; days per move are offered against a person only (a correspondence clock
 * picked gives way to the default when the bot is chosen). Rated is offered only against a
 * person, and for accounts.
 */
export function SetupForm(props: {
  choice: string;
  choose: (choice: string) => void;
  busy: boolean;
  /** The refusal of the last request sent from this form, or null. */
  error: ApiError | null;
  start: (request: NewGameRequest) => void;
  root: Ref<HTMLElement>;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const { choice } = props;
  const [picked, setPreset] = useState<PresetId>('backgammon');
  const [length, setLength] = useState(5);
  const [opponent, setOpponent] = useState<Opponent>('bot');
  const [level, setLevel] = useState<BotLevel>('club');
  const [pickedClock, setClock] = useState<ClockChoice | null>(null);
  const [custom, setCustom] = useState<CustomClock>(DEFAULT_CUSTOM);
  const [broken, setBroken] = useState<ClockFieldError | null>(null);
  const [rated, setRated] = useState(false);
  const [spectators, setSpectators] = useState(true);
  const [offline, setOffline] = useState(false);
  const guest = useGuest();
  const clock = clockFor(pickedClock, opponent);
  const block = ratedBlock({ opponent, guest, length });

  const game = gameChoice(choice, picked);
  const { isCycle, preset } = game;

  // A cycle of games is played online only.
  const offlineChosen = offline && opponent === 'bot' && !isCycle;
  const submit = (e: Event) => {
    e.preventDefault();
    if (offlineChosen) {
      navigate(offlinePath(preset, length, level));
      return;
    }
    const request = setupRequest({
      cycle: isCycle ? choice : null,
      preset,
      length,
      opponent,
      level,
      clock,
      custom,
      rated,
      guest,
      spectators,
    });
    setBroken(request.ok ? null : request.error);
    if (!request.ok) return;
    // The one moment the browser is asked whether Zar may notify: the player's click on a correspondence match.
    if (isCorrespondenceChoice(clock)) askToNotifyLater();
    props.start(request.value);
  };

  return (
    <section class="setup" ref={props.root} aria-labelledby="setup-title">
      <h2 id="setup-title">{t.welcome.setup}</h2>
      <p>{t.home.intro}</p>
      {/* The page checks the custom clock itself and names the broken field in the page's language. */}
      <form class="form" onSubmit={submit} noValidate>
        <GameFields testid="new" choice={choice} game={game} choose={props.choose} pick={setPreset} />
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
        {opponent === 'bot' && !isCycle && (
          <label class="check">
            <input
              type="checkbox"
              data-testid="new-offline"
              checked={offline}
              onChange={(e) => setOffline((e.currentTarget as HTMLInputElement).checked)}
            />
            {t.home.offline}
          </label>
        )}
        <ClockFields
          choices={clockChoicesFor(opponent)}
          choice={clock}
          custom={custom}
          broken={broken}
          choose={setClock}
          edit={(c) => {
            setCustom(c);
            setBroken(null);
          }}
        />
        {opponent !== 'bot' && <RatedFields rated={rated} block={block} choose={setRated} />}
        {opponent !== 'bot' && (
          <label class="check">
            <input
              type="checkbox"
              data-testid="new-spectators"
              // A rated match is always open to spectators.
              checked={spectators || (rated && block === null)}
              disabled={rated && block === null}
              aria-describedby="new-spectators-note"
              onChange={(e) => setSpectators((e.currentTarget as HTMLInputElement).checked)}
            />
            {t.company.setup.spectators}
            <small id="new-spectators-note" class="hint">
              {' '}
              {t.company.setup.spectatorsNote}
            </small>
          </label>
        )}
        <button type="submit" class="primary" data-testid="new-start" disabled={props.busy}>
          {props.busy ? t.home.starting : t.home.start}
        </button>
        <ErrorLine error={props.error} />
        {props.error?.code === 'ERR_NETWORK' && !isCycle && (
          <button
            type="button"
            data-testid="new-offline-instead"
            onClick={() => navigate(offlinePath(preset, length, level))}
          >
            {t.home.offlineInstead}
          </button>
        )}
      </form>
    </section>
  );
}

/** Rated or casual against a person; rated is disabled, with the reason, where `block` says why. */
function RatedFields(props: {
  rated: boolean;
  block: ReturnType<typeof ratedBlock>;
  choose: (rated: boolean) => void;
}) {
  const r = useI18n().t.people.rated;
  const { rated, block } = props;
  return (
    <fieldset data-testid="new-rated-fields">
      <legend>{r.label}</legend>
      {([false, true] as const).map((value) => (
        <label class="check" key={String(value)}>
          <input
            type="radio"
            name="rated"
            value={value ? 'rated' : 'casual'}
            data-testid={value ? 'new-rated' : 'new-casual'}
            checked={(rated && block === null) === value}
            disabled={value && block !== null}
            aria-describedby={value && block !== null ? 'new-rated-why' : undefined}
            onChange={() => props.choose(value)}
          />
          {value ? r.rated : r.casual}
        </label>
      ))}
      <small id="new-rated-why" class="hint" data-testid="new-rated-note">
        {block === 'guest' ? <a href="/account">{r.guest}</a> : block === 'money' ? r.money : r.ratedNote}
      </small>
    </fieldset>
  );
}
