import type { PresetId } from '@zar/engine';
import { CLOCK_PRESET_IDS, CLOCK_PRESETS, type ClockPresetId } from '@zar/match';
import type { SeekKind } from '@zar/protocol';
import { useState } from 'preact/hooks';
import { GameOptions, PresetOptions } from '../home/game-options.js';
import { useI18n } from '../i18n/index.js';
import { askToNotifyLater } from '../notify/ask.js';
import { LengthField } from '../ui.js';
import { clockOption } from './kind-text.js';
import { presetFor, presetsOf, SEEK_DEFAULTS, SEEK_LENGTHS, type SeekChoice, seekKindOf } from './seek-kind.js';

/** Pairing pools hold preset clocks only; custom clocks are for invitations. */
const CLOCKS = CLOCK_PRESET_IDS;

/**
 * The quick-pairing form: what to play (a game and its rules, or a mixed cycle, as the setup
 * form offers them), how long, which clock, rated or casual. A guest sees the rated choice
 * disabled with the reason, and asks casual; a visitor who has not played yet is made a guest
 * by the page as he asks (pages/lobby.tsx).
 */
export function SeekForm(props: { guest: boolean; busy: boolean; seek: (kind: SeekKind) => void }) {
  const i18n = useI18n();
  const { t } = i18n;
  const l = t.lobby;
  const [form, setForm] = useState<SeekChoice>(SEEK_DEFAULTS);
  const set = (part: Partial<SeekChoice>) => setForm((f) => ({ ...f, ...part }));
  const presets = presetsOf(form.choice);
  const preset = presetFor(form.choice, form.preset);
  const rated = form.rated && !props.guest;

  const submit = (e: Event) => {
    e.preventDefault();
    // Seeking a correspondence match is the click the browser may ask from: the pairing comes later.
    if (CLOCK_PRESETS[form.clock].kind === 'correspondence') askToNotifyLater();
    props.seek(seekKindOf(form, props.guest));
  };
  const value = (e: Event) => (e.currentTarget as HTMLSelectElement).value;

  return (
    <form class="form seek-form" onSubmit={submit} data-testid="seek-form">
      <label>
        {l.game}
        <select data-testid="seek-game" value={form.choice} onChange={(e) => set({ choice: value(e) })}>
          <GameOptions />
        </select>
      </label>
      {preset !== null && presets.length > 1 && (
        <label>
          {l.rules}
          <select
            data-testid="seek-rules"
            value={preset}
            onChange={(e) => {
              const chosen = presets.find((p) => p.id === value(e));
              if (chosen) set({ preset: chosen.id as PresetId });
            }}
          >
            <PresetOptions presets={presets} />
          </select>
        </label>
      )}
      <LengthField
        label={l.length}
        testId="seek-length"
        lengths={SEEK_LENGTHS}
        value={form.length}
        change={(length) => set({ length })}
      />
      <label>
        {l.clock}
        <select
          data-testid="seek-clock"
          value={form.clock}
          onChange={(e) => set({ clock: CLOCKS.find((c) => c === value(e)) ?? ('normal' satisfies ClockPresetId) })}
        >
          {CLOCKS.map((c) => (
            <option key={c} value={c}>
              {clockOption(i18n, c)}
            </option>
          ))}
        </select>
      </label>
      <RatedChoice guest={props.guest} rated={rated} choose={(r) => set({ rated: r })} />
      <button type="submit" class="primary" data-testid="seek-submit" disabled={props.busy}>
        {l.seek}
      </button>
      <p class="muted">{l.leaveNote}</p>
    </form>
  );
}

/** Rated or casual; a guest sees rated disabled, with the reason. */
function RatedChoice({ guest, rated, choose }: { guest: boolean; rated: boolean; choose: (rated: boolean) => void }) {
  const l = useI18n().t.lobby;
  return (
    <fieldset aria-describedby={guest ? 'seek-guest-rated' : undefined}>
      <legend>{l.rating}</legend>
      <label class="check">
        <input
          type="radio"
          name="seek-rated"
          data-testid="seek-rated"
          checked={rated}
          disabled={guest}
          onChange={() => choose(true)}
        />
        {l.rated}
      </label>
      <label class="check">
        <input
          type="radio"
          name="seek-rated"
          data-testid="seek-casual"
          checked={!rated}
          onChange={() => choose(false)}
        />
        {l.casual}
      </label>
      {guest && (
        <p class="muted" id="seek-guest-rated" data-testid="seek-guest-rated">
          {l.guestRated}
        </p>
      )}
    </fieldset>
  );
}
