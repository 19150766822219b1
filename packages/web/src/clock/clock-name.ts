import type { ClockSettingsView } from '@zar/protocol';
import type { I18n } from '../i18n/index.js';
import { presetOf } from './clock-choice.js';

/*
 * Clocks in words, for the setup form, the "play again" line and the history: "Normal (10 s +
 * 1 min a point)", "Custom (5 s + 30 s a point)", "Untimed", "Correspondence (2 days a move)".
 */

const MINUTE = 60_000;

/** A length of time as the clock's terms write it: whole minutes as "2 min", anything else in seconds. */
export function durationText(i18n: I18n, ms: number): string {
  const c = i18n.t.people.clock;
  if (ms >= MINUTE && ms % MINUTE === 0) return i18n.f(c.minutes, { n: i18n.num(ms / MINUTE) });
  return i18n.f(c.seconds, { n: i18n.num(ms / 1000) });
}

/** A timed clock's terms: "10 s + 1 min a point". */
export function clockTerms(i18n: I18n, settings: Extract<ClockSettingsView, { kind: 'timed' }>): string {
  return i18n.f(i18n.t.people.clock.terms, {
    delay: durationText(i18n, settings.delayMs),
    reserve: durationText(i18n, settings.perPointMs),
  });
}

/** A clock by name, with its terms when it is timed. */
export function clockName(i18n: I18n, settings: ClockSettingsView): string {
  const c = i18n.t.people.clock;
  const preset = presetOf(settings);
  if (settings.kind === 'untimed') return c.presets.untimed;
  // A correspondence clock's name says its days: "Correspondence (2 days a move)".
  if (settings.kind === 'correspondence') return preset === null ? c.custom : c.presets[preset];
  const name = preset === null ? c.custom : c.presets[preset];
  return i18n.f(c.named, { name, terms: clockTerms(i18n, settings) });
}

/**
 * A match's clock and whether it is rated, short, as the history lists it under the game: a
 * preset by its name alone ("Normal · rated"), a custom clock with its terms.
 */
export function clockAndRating(i18n: I18n, settings: ClockSettingsView, rated: boolean): string {
  const { clock: c, history: h } = i18n.t.people;
  const preset = presetOf(settings);
  const name =
    preset !== null
      ? c.presets[preset]
      : settings.kind === 'timed'
        ? i18n.f(c.named, { name: c.custom, terms: clockTerms(i18n, settings) })
        : c.presets.untimed;
  return `${name} · ${rated ? h.rated : h.casual}`;
}
