import { CLOCK_PRESETS, type ClockPresetId, CORRESPONDENCE_PRESET_IDS } from '@zar/match';
import type { ClockView } from '@zar/protocol';
import { describe, expect, it } from 'vitest';
import {
  CLOCK_CHOICES,
  clockChoicesFor,
  clockFor,
  DEFAULT_CUSTOM,
  isCorrespondenceChoice,
  presetOf,
} from '../src/clock/clock-choice.js';
import { clockName } from '../src/clock/clock-name.js';
import { correspondenceText, isCorrespondenceReading, seatTimeText } from '../src/clock/correspondence-time.js';
import { setupRequest } from '../src/home/setup-request.js';
import { en } from '../src/i18n/en.js';
import { makeI18n } from '../src/i18n/index.js';
import { LANGS } from '../src/i18n/languages.js';
import { ru } from '../src/i18n/ru.js';
import { clockOption } from '../src/lobby/kind-text.js';
import { poolName } from '../src/players/pool-name.js';
import { liveClocks } from '../src/watch/live-row.js';

const i18n = makeI18n('en', en);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A correspondence clock as a frame reads it: no delay, the stretch as perPointMs, what is left as the reserve. */
const days = (n: number, left: readonly [number, number], actor: 0 | 1 | null = 0): ClockView => ({
  delayMs: 0,
  perPointMs: n * DAY,
  reserve: [left[0], left[1]],
  delay: 0,
  actor,
  running: actor !== null,
});

describe('a correspondence clock’s time', () => {
  it('is days and hours from a day, hours and minutes in the last day, minutes in the last hour', () => {
    expect(correspondenceText(i18n, 2 * DAY + 5 * HOUR + 59 * MINUTE)).toBe('2 d 5 h');
    expect(correspondenceText(i18n, 7 * DAY)).toBe('7 d 0 h');
    expect(correspondenceText(i18n, DAY)).toBe('1 d 0 h');
    expect(correspondenceText(i18n, DAY - 1)).toBe('23 h 59 min');
    expect(correspondenceText(i18n, 5 * HOUR + 12 * MINUTE + 30_000)).toBe('5 h 12 min');
    expect(correspondenceText(i18n, HOUR)).toBe('1 h 0 min');
    expect(correspondenceText(i18n, 12 * MINUTE + 59_000)).toBe('12 min');
  });

  it('counts the last minute as the live clock does, down to 0:00.0 at the flag', () => {
    expect(correspondenceText(i18n, 42_000)).toBe('0:42');
    expect(correspondenceText(i18n, 9_950)).toBe('0:09.9');
    expect(correspondenceText(i18n, -5)).toBe('0:00.0');
  });

  it('is written in every language, with no slot left', async () => {
    for (const lang of LANGS) {
      const words = makeI18n(lang, (await import(`../src/i18n/${lang}.ts`))[lang]);
      for (const ms of [3 * DAY + HOUR, 2 * HOUR + MINUTE, 5 * MINUTE])
        expect(correspondenceText(words, ms)).not.toMatch(/\{\w+\}/);
    }
    expect(correspondenceText(makeI18n('ru', ru), 2 * DAY + 5 * HOUR)).toBe('2 д 5 ч');
  });

  it('is known in a frame by its days; a live clock keeps its digits', () => {
    const reading = days(3, [2 * DAY, 3 * DAY]);
    expect(isCorrespondenceReading(reading)).toBe(true);
    expect(seatTimeText(i18n, reading, reading.reserve[0])).toBe('2 d 0 h');
    const live: ClockView = { ...reading, delayMs: 10_000, perPointMs: MINUTE, reserve: [5 * HOUR, 0] };
    expect(isCorrespondenceReading(live)).toBe(false);
    expect(seatTimeText(i18n, live, 5 * HOUR)).toBe('5:00:00');
    // The list of games to watch writes it so too.
    const watched = { clock: reading } as Parameters<typeof liveClocks>[0];
    expect(liveClocks(watched, HOUR, i18n)).toEqual(['1 d 23 h', '3 d 0 h']);
    // A custom clock with no delay and the longest reserve a point is still a live one.
    expect(isCorrespondenceReading({ ...live, delayMs: 0, perPointMs: 10 * MINUTE })).toBe(false);
  });
});

describe('days per move in the setup forms', () => {
  it('are offered against people, never against the bot', () => {
    for (const id of CORRESPONDENCE_PRESET_IDS) {
      expect(CLOCK_CHOICES).toContain(id);
      expect(isCorrespondenceChoice(id)).toBe(true);
      expect(clockChoicesFor('friend')).toContain(id);
      expect(clockChoicesFor('open')).toContain(id);
      expect(clockChoicesFor('bot')).not.toContain(id);
    }
    expect(clockChoicesFor('bot')).toContain('custom');
    expect(isCorrespondenceChoice('custom')).toBe(false);
    expect(isCorrespondenceChoice('normal')).toBe(false);
  });

  it('give way to the bot’s default when the bot is chosen after them', () => {
    expect(clockFor('days-3', 'friend')).toBe('days-3');
    expect(clockFor('days-3', 'bot')).toBe('untimed');
    expect(clockFor(null, 'open')).toBe('normal');
    const base = {
      cycle: null,
      preset: 'backgammon',
      length: 5,
      level: 'club',
      custom: DEFAULT_CUSTOM,
      rated: true,
      guest: false,
    } as const;
    const friend = setupRequest({ ...base, opponent: 'friend', clock: 'days-2' });
    expect(friend.ok && friend.value.clock).toEqual({ preset: 'days-2' });
    const bot = setupRequest({ ...base, opponent: 'bot', clock: 'days-2' });
    expect(bot.ok && bot.value.clock).toEqual({ kind: 'untimed' });
  });

  it('are named with their days, known again from their settings, in the lobby too', () => {
    const id: ClockPresetId = 'days-2';
    expect(presetOf(CLOCK_PRESETS[id])).toBe(id);
    expect(clockName(i18n, CLOCK_PRESETS[id])).toBe('Correspondence (2 days a move)');
    expect(clockName(i18n, { kind: 'correspondence', daysPerMove: 1 })).toBe('Correspondence (1 day a move)');
    expect(clockOption(i18n, 'days-7')).toBe('Correspondence: 7 days a move');
  });

  it('rate in pools of their own, named by their game', () => {
    expect(poolName(en, 'corr-backgammon')).toBe('Backgammon · correspondence');
    expect(poolName(en, 'corr-tavli')).toBe(`${en.cycles.tavli} · correspondence`);
    expect(poolName(en, 'backgammon')).toBe('Backgammon');
  });
});
