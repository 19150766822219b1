import { CYCLES, GAME_IDS, type GameId, PRESETS, type PresetId } from '@zar/engine';
import { BOT_LEVELS, type BotLevel, type NewGameRequest } from '@zar/protocol';
import type { Ref } from 'preact';
import { useState } from 'preact/hooks';
import type { ApiError, Opponent } from '../api.js';
import { useI18n } from '../i18n/index.js';
import { ErrorLine, lengthText } from '../ui.js';

const LENGTHS = [1, 3, 5, 7, 9, 11, 15, 0] as const;
const CYCLE_IDS = Object.keys(CYCLES);

/**
 * The form that sets up what to play (a game or a cycle, its rules), how long, against whom.
 * The game chosen is the home page's (a card chooses it too); a preset chosen for another
 * game gives way to the first preset of the game now chosen.
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

  const isCycle = CYCLE_IDS.includes(choice);
  const presets = PRESETS.filter((p) => p.game === choice);
  const preset = presets.some((p) => p.id === picked) ? picked : (presets[0]?.id ?? picked);

  const submit = (e: Event) => {
    e.preventDefault();
    const what = isCycle ? { cycle: choice } : { preset };
    props.start({ ...what, length, opponent, ...(opponent === 'bot' ? { level } : {}) });
  };

  return (
    <section class="setup" ref={props.root} aria-labelledby="setup-title">
      <h2 id="setup-title">{t.welcome.setup}</h2>
      <p>{t.home.intro}</p>
      <form class="form" onSubmit={submit}>
        <label>
          {t.home.game}
          <select
            data-testid="new-game"
            value={choice}
            onChange={(e) => props.choose((e.currentTarget as HTMLSelectElement).value)}
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
        <button type="submit" class="primary" data-testid="new-start" disabled={props.busy}>
          {props.busy ? t.home.starting : t.home.start}
        </button>
        <ErrorLine error={props.error} />
      </form>
    </section>
  );
}
