import { CLOCK_PRESETS, CUSTOM_CLOCK_BOUNDS } from '@zar/match';
import { useI18n } from '../i18n/index.js';
import { type ClockChoice, type ClockFieldError, type CustomClock, isCorrespondenceChoice } from './clock-choice.js';
import { clockName, durationText } from './clock-name.js';

/**
 * The setup form's clock: a preset (each with its terms), untimed, a custom delay and
 * reserve per point, with the bounds stated under each field and named again when broken, or
 * days per move where the opponent is a person.
 */
export function ClockFields({
  choices,
  choice,
  custom,
  broken,
  choose,
  edit,
}: {
  /** The choices offered (CLOCK_CHOICES, or fewer against the bot). */
  choices: readonly ClockChoice[];
  choice: ClockChoice;
  custom: CustomClock;
  /** The custom field the last submit found out of bounds, or null. */
  broken: ClockFieldError | null;
  choose: (choice: ClockChoice) => void;
  edit: (custom: CustomClock) => void;
}) {
  const i18n = useI18n();
  const c = i18n.t.people.clock;
  const d = CUSTOM_CLOCK_BOUNDS.delayMs;
  const p = CUSTOM_CLOCK_BOUNDS.perPointMs;
  const bounds = (b: { readonly min: number; readonly max: number }) => ({
    min: durationText(i18n, b.min),
    max: durationText(i18n, b.max),
  });
  const field = (which: ClockFieldError) => {
    const isDelay = which === 'delay';
    const id = `new-clock-${which}-rule`;
    const rule = i18n.f(
      broken === which ? (isDelay ? c.delayBroken : c.perPointBroken) : isDelay ? c.delayRule : c.perPointRule,
      bounds(isDelay ? d : p),
    );
    return (
      <label>
        {isDelay ? c.delay : c.perPoint}
        <input
          type="number"
          inputMode="decimal"
          min={isDelay ? d.min / 1000 : p.min / 60_000}
          max={isDelay ? d.max / 1000 : p.max / 60_000}
          step={isDelay ? 1 : 'any'}
          dir="ltr"
          data-testid={`new-clock-${which}`}
          value={isDelay ? custom.delaySeconds : custom.perPointMinutes}
          aria-invalid={broken === which}
          aria-describedby={id}
          onInput={(e) => {
            const value = (e.currentTarget as HTMLInputElement).value;
            edit(isDelay ? { ...custom, delaySeconds: value } : { ...custom, perPointMinutes: value });
          }}
        />
        <small id={id} class={broken === which ? 'error' : 'hint'} role={broken === which ? 'alert' : undefined}>
          {rule}
        </small>
      </label>
    );
  };
  return (
    <fieldset data-testid="new-clock-fields">
      <legend>{c.label}</legend>
      <label>
        <span class="sr-only">{c.label}</span>
        <select
          data-testid="new-clock"
          value={choice}
          onChange={(e) => {
            const value = (e.currentTarget as HTMLSelectElement).value;
            choose(choices.find((x) => x === value) ?? 'untimed');
          }}
        >
          {choices.map((x) => (
            <option key={x} value={x}>
              {x === 'custom' ? c.custom : clockName(i18n, CLOCK_PRESETS[x])}
            </option>
          ))}
        </select>
      </label>
      {choice === 'custom' && field('delay')}
      {choice === 'custom' && field('perPoint')}
      {choice !== 'untimed' && (
        <p class="hint">{isCorrespondenceChoice(choice) ? i18n.t.correspondence.explain : c.explain}</p>
      )}
    </fieldset>
  );
}
