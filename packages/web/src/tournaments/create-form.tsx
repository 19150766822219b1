import type { PresetId } from '@zar/engine';
import { MAX_SWISS_ROUNDS, MAX_TOURNAMENT_SIZE, type TournamentFormat } from '@zar/protocol';
import { useState } from 'preact/hooks';
import { type ApiError, api } from '../api.js';
import { GameFields, gameChoice } from '../home/game-options.js';
import { useI18n } from '../i18n/index.js';
import { navigate } from '../router.js';
import { ErrorLine } from '../ui.js';
import {
  DEFAULT_ROUND,
  type RoundChoice,
  type TournamentFieldError,
  tournamentRequest,
  wholeIn,
} from './create-request.js';
import { RoundFields } from './round-fields.js';

/** Knock-out rounds a field of `players` needs at most. */
const knockoutRounds = (players: number): number => Math.max(1, Math.ceil(Math.log2(Math.max(2, players))));

/**
 * The form that creates a tournament (accounts only: the page shows it to them alone): its
 * name, what it plays (the home form's games, cycles and rules), knock-out or Swiss, each
 * round's length and clock, rated or casual, the most players, and when it starts. A created
 * tournament opens its page, where its creator registers bots and starts it.
 */
export function CreateForm() {
  const i18n = useI18n();
  const { t } = i18n;
  const c = t.tournaments.create;
  const [name, setName] = useState('');
  const [choice, setChoice] = useState('backgammon');
  const [picked, setPreset] = useState<PresetId>('backgammon');
  const [format, setFormat] = useState<TournamentFormat>('knockout');
  const [rounds, setRounds] = useState('5');
  const [thirdPlace, setThirdPlace] = useState(true);
  const [consolation, setConsolation] = useState(false);
  const [rows, setRows] = useState<readonly RoundChoice[]>([DEFAULT_ROUND]);
  const [rated, setRated] = useState(false);
  const [maxPlayers, setMaxPlayers] = useState('16');
  const [startAt, setStartAt] = useState<string | null>(null);
  const [broken, setBroken] = useState<TournamentFieldError | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);

  const game = gameChoice(choice, picked);
  const { isCycle, preset } = game;
  // While a number is being typed, the round rows follow the last whole one.
  const limit =
    format === 'swiss'
      ? (wholeIn(rounds, 1, MAX_SWISS_ROUNDS) ?? 1)
      : knockoutRounds(wholeIn(maxPlayers, 2, MAX_TOURNAMENT_SIZE) ?? MAX_TOURNAMENT_SIZE);
  // Rows past what the format plays stay in the form (a Swiss's rounds lowered and raised again) but are not shown nor sent.
  const shown = rows.slice(0, Math.max(1, limit));

  const submit = async (e: Event) => {
    e.preventDefault();
    const request = tournamentRequest(
      {
        name,
        cycle: isCycle ? choice : null,
        preset,
        format,
        rounds,
        thirdPlace,
        consolation,
        roundSettings: shown,
        rated,
        maxPlayers,
        startAt,
      },
      Date.now(),
    );
    setBroken(request.ok ? null : request.error);
    if (!request.ok) return;
    setBusy(true);
    setError(null);
    const r = await api.createTournament(request.value);
    setBusy(false);
    if (r.ok) navigate(`/tournaments/${r.value.id}`);
    else setError(r.error);
  };

  return (
    <form class="form tournament-form" onSubmit={(e) => void submit(e)} noValidate data-testid="tournament-form">
      <label>
        {c.name}
        <input
          type="text"
          maxLength={40}
          data-testid="tournament-name"
          value={name}
          aria-invalid={broken === 'name'}
          aria-describedby="tournament-name-rule"
          onInput={(e) => {
            setName((e.currentTarget as HTMLInputElement).value);
            setBroken(null);
          }}
        />
        <small
          id="tournament-name-rule"
          class={broken === 'name' ? 'error' : 'hint'}
          role={broken === 'name' ? 'alert' : undefined}
        >
          {broken === 'name' ? c.nameBroken : c.nameRule}
        </small>
      </label>
      <GameFields testid="tournament" choice={choice} game={game} choose={setChoice} pick={setPreset} />
      <fieldset>
        <legend>{t.tournaments.format}</legend>
        {(['knockout', 'swiss'] as const).map((f) => (
          <label class="check" key={f}>
            <input
              type="radio"
              name="tournament-format"
              data-testid={`tournament-format-${f}`}
              checked={format === f}
              onChange={() => setFormat(f)}
            />
            {t.tournaments.formats[f]}
          </label>
        ))}
      </fieldset>
      {format === 'swiss' ? (
        <NumberField
          label={c.rounds}
          testid="tournament-round-count"
          value={rounds}
          min={1}
          max={MAX_SWISS_ROUNDS}
          broken={broken === 'rounds'}
          change={(text) => {
            setRounds(text);
            setBroken(null);
          }}
        />
      ) : (
        <label class="check">
          <input
            type="checkbox"
            data-testid="tournament-third-place"
            checked={thirdPlace}
            onChange={(e) => setThirdPlace((e.currentTarget as HTMLInputElement).checked)}
          />
          {c.thirdPlace}
        </label>
      )}
      {format === 'knockout' && (
        <label class="check">
          <input
            type="checkbox"
            data-testid="tournament-consolation"
            checked={consolation}
            aria-describedby="tournament-consolation-note"
            onChange={(e) => setConsolation((e.currentTarget as HTMLInputElement).checked)}
          />
          {c.consolation}
          <small id="tournament-consolation-note" class="hint">
            {c.consolationNote}
          </small>
        </label>
      )}
      <RoundFields rows={shown} limit={limit} change={setRows} />
      <fieldset>
        <legend>{t.people.rated.label}</legend>
        {([false, true] as const).map((value) => (
          <label class="check" key={String(value)}>
            <input
              type="radio"
              name="tournament-rated"
              data-testid={value ? 'tournament-rated' : 'tournament-casual'}
              checked={rated === value}
              onChange={() => setRated(value)}
            />
            {value ? t.people.rated.rated : t.people.rated.casual}
          </label>
        ))}
        <small class="hint">{c.ratedNote}</small>
      </fieldset>
      <NumberField
        label={c.maxPlayers}
        testid="tournament-max"
        value={maxPlayers}
        min={2}
        max={MAX_TOURNAMENT_SIZE}
        broken={broken === 'players'}
        change={(text) => {
          setMaxPlayers(text);
          setBroken(null);
        }}
      />
      <StartFields
        startAt={startAt}
        broken={broken === 'start'}
        change={(s) => {
          setStartAt(s);
          setBroken(null);
        }}
      />
      <button type="submit" class="primary" data-testid="tournament-create" disabled={busy}>
        {busy ? c.creating : c.submit}
      </button>
      <ErrorLine error={error} />
    </form>
  );
}

/** When it starts: when its creator starts it, or at a time (the time field, in the visitor's time zone). */
function StartFields(props: { startAt: string | null; broken: boolean; change: (startAt: string | null) => void }) {
  const c = useI18n().t.tournaments.create;
  const { startAt, broken } = props;
  return (
    <fieldset>
      <legend>{c.start}</legend>
      <label class="check">
        <input
          type="radio"
          name="tournament-start"
          data-testid="tournament-start-manual"
          checked={startAt === null}
          onChange={() => props.change(null)}
        />
        {c.startManual}
      </label>
      <label class="check">
        <input
          type="radio"
          name="tournament-start"
          data-testid="tournament-start-at"
          checked={startAt !== null}
          onChange={() => props.change('')}
        />
        {c.startAt}
      </label>
      {startAt !== null && (
        <label>
          {c.startTime}
          <input
            type="datetime-local"
            dir="ltr"
            data-testid="tournament-start-time"
            value={startAt}
            aria-invalid={broken}
            aria-describedby="tournament-start-rule"
            onInput={(e) => props.change((e.currentTarget as HTMLInputElement).value)}
          />
          <small id="tournament-start-rule" class={broken ? 'error' : 'hint'} role={broken ? 'alert' : undefined}>
            {broken ? c.startBroken : c.startNote}
          </small>
        </label>
      )}
    </fieldset>
  );
}

/** A whole number as typed, with its bounds said under it, and said again as an error when the last submit found it out of them. */
function NumberField(props: {
  label: string;
  testid: string;
  value: string;
  min: number;
  max: number;
  broken: boolean;
  change: (text: string) => void;
}) {
  const i18n = useI18n();
  const { broken } = props;
  const rule = `${props.testid}-rule`;
  return (
    <label>
      {props.label}
      <input
        type="number"
        inputMode="numeric"
        min={props.min}
        max={props.max}
        step={1}
        dir="ltr"
        data-testid={props.testid}
        value={props.value}
        aria-invalid={broken}
        aria-describedby={rule}
        onInput={(e) => props.change((e.currentTarget as HTMLInputElement).value)}
      />
      <small id={rule} class={broken ? 'error' : 'hint'} role={broken ? 'alert' : undefined}>
        {i18n.f(i18n.t.tournaments.create.between, { min: i18n.num(props.min), max: i18n.num(props.max) })}
      </small>
    </label>
  );
}
