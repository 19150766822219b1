import {
  CLOCK_PRESET_IDS,
  CLOCK_PRESETS,
  type ClockPresetId,
  CORRESPONDENCE_PRESET_IDS,
  CUSTOM_CLOCK_BOUNDS,
} from '@zar/match';
import type { ClockRequest, ClockSettingsView, Opponent } from '@zar/protocol';

/*
 * The clock a player picks when setting up a game: one of the match layer's presets (the live
 * ones, or days per move for a correspondence match between people), or a custom delay and
 * reserve per point within its bounds. The page checks the custom numbers
 * before sending, so a typo is named beside its field; the server checks them again.
 */

export type ClockChoice = ClockPresetId | 'custom';

/** The choices in the order the form lists them: the presets from the fastest, untimed, custom, then days per move. */
export const CLOCK_CHOICES: readonly ClockChoice[] = [
  'speed',
  'normal',
  'tournament',
  'casual',
  'untimed',
  'custom',
  ...CORRESPONDENCE_PRESET_IDS,
];

/** A choice of days per move: a correspondence match, played between people only. */
export const isCorrespondenceChoice = (choice: ClockChoice): boolean =>
  choice !== 'custom' && CLOCK_PRESETS[choice].kind === 'correspondence';

/** The choices the form offers against this opponent: the bot plays no correspondence matches. */
export const clockChoicesFor = (opponent: Opponent): readonly ClockChoice[] =>
  opponent === 'bot' ? CLOCK_CHOICES.filter((c) => !isCorrespondenceChoice(c)) : CLOCK_CHOICES;

/** The clock picked, while the opponent allows it; else the opponent's default. */
export const clockFor = (picked: ClockChoice | null, opponent: Opponent): ClockChoice =>
  picked !== null && clockChoicesFor(opponent).includes(picked) ? picked : defaultClock(opponent);

/** Games against the bot are untimed unless the player asks for a clock; between people, Normal. */
export const defaultClock = (opponent: Opponent): ClockChoice => (opponent === 'bot' ? 'untimed' : 'normal');

/** The custom clock as typed: the delay in whole seconds, the reserve per point in minutes. */
export interface CustomClock {
  readonly delaySeconds: string;
  readonly perPointMinutes: string;
}

export const DEFAULT_CUSTOM: CustomClock = { delaySeconds: '10', perPointMinutes: '1' };

/** The custom field that is wrong. */
export type ClockFieldError = 'delay' | 'perPoint';

export type ClockRequestResult =
  | { readonly ok: true; readonly value: ClockRequest }
  | { readonly ok: false; readonly error: ClockFieldError };

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** A typed number, or null for anything that is not one ("", "1e", "Infinity"). */
function numberOf(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : null;
}

const within = (ms: number, bound: { readonly min: number; readonly max: number }): boolean =>
  ms >= bound.min && ms <= bound.max;

/**
 * What the form sends for a choice: a preset by id (untimed as `{kind: 'untimed'}`), or the
 * custom clock in whole milliseconds when both its fields are within CUSTOM_CLOCK_BOUNDS.
 */
export function clockRequestOf(choice: ClockChoice, custom: CustomClock): ClockRequestResult {
  if (choice === 'untimed') return { ok: true, value: { kind: 'untimed' } };
  if (choice !== 'custom') return { ok: true, value: { preset: choice } };
  const seconds = numberOf(custom.delaySeconds);
  if (seconds === null || !Number.isInteger(seconds) || !within(seconds * SECOND, CUSTOM_CLOCK_BOUNDS.delayMs)) {
    return { ok: false, error: 'delay' };
  }
  const minutes = numberOf(custom.perPointMinutes);
  const perPointMs = minutes === null ? Number.NaN : Math.round(minutes * MINUTE);
  if (!within(perPointMs, CUSTOM_CLOCK_BOUNDS.perPointMs)) return { ok: false, error: 'perPoint' };
  return { ok: true, value: { kind: 'timed', delayMs: seconds * SECOND, perPointMs } };
}

/** The clock a request or a stored game plays, as settings (a preset by id read as its settings). */
export function settingsOfRequest(r: ClockRequest): ClockSettingsView {
  if ('preset' in r) return CLOCK_PRESETS[r.preset];
  return r;
}

/** The preset a clock is, or null for a custom one (a custom clock equal to a preset is that preset). */
export function presetOf(settings: ClockSettingsView): ClockPresetId | null {
  for (const id of CLOCK_PRESET_IDS) {
    const p = CLOCK_PRESETS[id];
    if (p.kind === 'untimed' && settings.kind === 'untimed') return id;
    if (
      p.kind === 'timed' &&
      settings.kind === 'timed' &&
      p.delayMs === settings.delayMs &&
      p.perPointMs === settings.perPointMs
    ) {
      return id;
    }
    if (p.kind === 'correspondence' && settings.kind === 'correspondence' && p.daysPerMove === settings.daysPerMove) {
      return id;
    }
  }
  return null;
}
