import { CLOCK_PRESET_IDS, CLOCK_PRESETS, CUSTOM_CLOCK_BOUNDS, parseClockSettings } from '@zar/match';
import { decode, NewGameSchema } from '@zar/protocol';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CLOCK_CHOICES,
  type ClockChoice,
  clockRequestOf,
  DEFAULT_CUSTOM,
  defaultClock,
  presetOf,
  settingsOfRequest,
} from '../src/clock/clock-choice.js';
import { clockAndRating, clockName, durationText } from '../src/clock/clock-name.js';
import { lastGame, rememberLastGame } from '../src/home/last-game.js';
import { requestText } from '../src/home/request-text.js';
import { ratedBlock, type SetupChoices, setupRequest } from '../src/home/setup-request.js';
import { en } from '../src/i18n/en.js';
import { makeI18n } from '../src/i18n/index.js';
import { LANGS } from '../src/i18n/languages.js';
import { ro as roCatalogue } from '../src/i18n/ro.js';

const i18n = makeI18n('en', en);

const base: SetupChoices = {
  cycle: null,
  preset: 'backgammon',
  length: 5,
  opponent: 'bot',
  level: 'club',
  clock: 'untimed',
  custom: DEFAULT_CUSTOM,
  rated: false,
  guest: false,
};

describe('the clock a player picks', () => {
  it('defaults to untimed against the bot and Normal against a person', () => {
    expect(defaultClock('bot')).toBe('untimed');
    expect(defaultClock('friend')).toBe('normal');
    expect(defaultClock('open')).toBe('normal');
  });

  it('offers every preset of the match layer, and custom', () => {
    expect([...CLOCK_CHOICES].sort()).toEqual([...CLOCK_PRESET_IDS, 'custom'].sort());
  });

  it('sends a preset by id, untimed as such, and a custom clock in whole milliseconds', () => {
    expect(clockRequestOf('normal', DEFAULT_CUSTOM)).toEqual({ ok: true, value: { preset: 'normal' } });
    expect(clockRequestOf('untimed', DEFAULT_CUSTOM)).toEqual({ ok: true, value: { kind: 'untimed' } });
    expect(clockRequestOf('custom', { delaySeconds: '12', perPointMinutes: '1.5' })).toEqual({
      ok: true,
      value: { kind: 'timed', delayMs: 12_000, perPointMs: 90_000 },
    });
    expect(clockRequestOf('custom', { delaySeconds: ' 0 ', perPointMinutes: '0,5' })).toEqual({
      ok: true,
      value: { kind: 'timed', delayMs: 0, perPointMs: 30_000 },
    });
  });

  it('names the custom field that is out of its bounds or not a number', () => {
    const bad: [string, string, 'delay' | 'perPoint'][] = [
      ['61', '1', 'delay'],
      ['-1', '1', 'delay'],
      ['2.5', '1', 'delay'],
      ['', '1', 'delay'],
      ['1e1', '1', 'delay'],
      ['10', '0.05', 'perPoint'],
      ['10', '11', 'perPoint'],
      ['10', '', 'perPoint'],
      ['10', 'Infinity', 'perPoint'],
    ];
    for (const [delaySeconds, perPointMinutes, field] of bad) {
      expect(clockRequestOf('custom', { delaySeconds, perPointMinutes }), `${delaySeconds} ${perPointMinutes}`).toEqual(
        {
          ok: false,
          error: field,
        },
      );
    }
  });

  it('property: whatever the form sends, the protocol and the match layer accept as the same clock', () => {
    const typed = fc.oneof(
      fc.integer({ min: -5, max: 70 }).map(String),
      fc.double({ min: 0, max: 12, noNaN: true }).map((n) => n.toFixed(3)),
      fc.string({ maxLength: 6 }),
    );
    fc.assert(
      fc.property(fc.constantFrom(...CLOCK_CHOICES), typed, typed, (choice, delaySeconds, perPointMinutes) => {
        const r = clockRequestOf(choice, { delaySeconds, perPointMinutes });
        if (!r.ok) {
          expect(choice).toBe('custom');
          return;
        }
        const request = decode(NewGameSchema, { opponent: 'friend', clock: r.value });
        expect(request.ok).toBe(true);
        const parsed = parseClockSettings(r.value);
        expect(parsed).toEqual({ ok: true, value: settingsOfRequest(r.value) });
        const s = settingsOfRequest(r.value);
        if (s.kind === 'timed') {
          expect(s.delayMs).toBeGreaterThanOrEqual(CUSTOM_CLOCK_BOUNDS.delayMs.min);
          expect(s.perPointMs).toBeLessThanOrEqual(CUSTOM_CLOCK_BOUNDS.perPointMs.max);
        }
      }),
    );
  });

  it('knows a preset again from its settings, and a custom clock as none', () => {
    for (const id of CLOCK_PRESET_IDS) expect(presetOf(CLOCK_PRESETS[id])).toBe(id);
    expect(presetOf({ kind: 'timed', delayMs: 5_000, perPointMs: 30_000 })).toBeNull();
  });
});

describe('clocks in words', () => {
  it('names presets with their terms, custom clocks and untimed', () => {
    expect(clockName(i18n, CLOCK_PRESETS.speed)).toBe('Speed (8 s + 20 s a point)');
    expect(clockName(i18n, CLOCK_PRESETS.normal)).toBe('Normal (10 s + 1 min a point)');
    expect(clockName(i18n, CLOCK_PRESETS.casual)).toBe('Casual (15 s + 3 min a point)');
    expect(clockName(i18n, CLOCK_PRESETS.tournament)).toBe('Tournament (12 s + 2 min a point)');
    expect(clockName(i18n, { kind: 'untimed' })).toBe('Untimed');
    expect(clockName(i18n, { kind: 'timed', delayMs: 5_000, perPointMs: 90_000 })).toBe('Custom (5 s + 90 s a point)');
    expect(durationText(i18n, 0)).toBe('0 s');
  });

  it('names every clock in every language without a slot left unfilled', async () => {
    for (const lang of LANGS) {
      const t = (await import(`../src/i18n/${lang}.ts`))[lang];
      const words = makeI18n(lang, t);
      for (const id of CLOCK_PRESET_IDS) expect(clockName(words, CLOCK_PRESETS[id])).not.toMatch(/\{\w+\}/);
    }
  });
});

describe('the setup form’s request', () => {
  it('plays the bot untimed by default, at its level, never rated', () => {
    expect(setupRequest(base)).toEqual({
      ok: true,
      value: { preset: 'backgammon', length: 5, opponent: 'bot', level: 'club', clock: { kind: 'untimed' } },
    });
    const timed = setupRequest({ ...base, clock: 'speed', rated: true });
    expect(timed.ok && timed.value).toEqual({
      preset: 'backgammon',
      length: 5,
      opponent: 'bot',
      level: 'club',
      clock: { preset: 'speed' },
    });
  });

  it('asks for a rated match between accounts only, with a length', () => {
    const friend = { ...base, opponent: 'friend' as const, clock: 'normal' as ClockChoice, rated: true };
    expect(setupRequest(friend)).toEqual({
      ok: true,
      value: { preset: 'backgammon', length: 5, opponent: 'friend', rated: true, clock: { preset: 'normal' } },
    });
    const guest = setupRequest({ ...friend, guest: true });
    expect(guest.ok && guest.value.rated).toBe(false);
    const money = setupRequest({ ...friend, length: 0 });
    expect(money.ok && money.value.rated).toBe(false);
    const casual = setupRequest({ ...friend, opponent: 'open', rated: false });
    expect(casual.ok && casual.value).toEqual({
      preset: 'backgammon',
      length: 5,
      opponent: 'open',
      rated: false,
      clock: { preset: 'normal' },
    });
  });

  it('says why a match cannot be rated', () => {
    expect(ratedBlock({ opponent: 'bot', guest: false, length: 5 })).toBe('bot');
    expect(ratedBlock({ opponent: 'friend', guest: true, length: 5 })).toBe('guest');
    expect(ratedBlock({ opponent: 'open', guest: false, length: 0 })).toBe('money');
    expect(ratedBlock({ opponent: 'open', guest: false, length: 1 })).toBeNull();
  });

  it('plays a cycle by its id and refuses a custom clock out of bounds, naming the field', () => {
    const cycle = setupRequest({ ...base, cycle: 'tavli', opponent: 'friend', clock: 'casual' });
    expect(cycle.ok && cycle.value).toMatchObject({ cycle: 'tavli', clock: { preset: 'casual' } });
    expect(setupRequest({ ...base, clock: 'custom', custom: { delaySeconds: '90', perPointMinutes: '1' } })).toEqual({
      ok: false,
      error: 'delay',
    });
  });

  it('property: every request the form builds is one the server’s schema accepts', () => {
    const choices = fc.record({
      cycle: fc.constantFrom(null, 'tavli', 'tabla-cycle'),
      preset: fc.constantFrom('backgammon', 'tavla', 'plakoto', 'long-nardy') as fc.Arbitrary<SetupChoices['preset']>,
      length: fc.constantFrom(0, 1, 3, 5, 7, 25),
      opponent: fc.constantFrom('bot', 'friend', 'open') as fc.Arbitrary<SetupChoices['opponent']>,
      level: fc.constantFrom('beginner', 'club', 'master') as fc.Arbitrary<SetupChoices['level']>,
      clock: fc.constantFrom(...CLOCK_CHOICES),
      custom: fc.record({
        delaySeconds: fc.integer({ min: 0, max: 60 }).map(String),
        perPointMinutes: fc.constantFrom('0.25', '1', '2.5', '10'),
      }),
      rated: fc.boolean(),
      guest: fc.boolean(),
    });
    fc.assert(
      fc.property(choices, (c) => {
        const r = setupRequest(c);
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        expect(decode(NewGameSchema, r.value).ok).toBe(true);
        if (r.value.rated) expect(ratedBlock(c)).toBeNull();
        if (c.opponent === 'bot') expect(r.value.rated).toBeUndefined();
      }),
    );
  });
});

describe('play again with the last settings', () => {
  const scope = globalThis as { localStorage?: unknown };
  beforeEach(() => {
    const items = new Map<string, string>();
    scope.localStorage = {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => items.set(k, v),
    };
  });
  afterEach(() => {
    delete scope.localStorage;
  });

  it('keeps the clock and rated as sent, and says them', () => {
    const request = {
      preset: 'backgammon',
      length: 5,
      opponent: 'open',
      rated: true,
      clock: { kind: 'timed', delayMs: 5_000, perPointMs: 30_000 },
    } as const;
    rememberLastGame(request);
    expect(lastGame()).toEqual(request);
    expect(requestText(i18n, request)).toBe(
      'Backgammon: International rules · Match to 5 points · Anyone (lobby) · Custom (5 s + 30 s a point) · Rated',
    );
    expect(requestText(i18n, { opponent: 'bot', clock: { kind: 'untimed' } })).toBe(
      'Backgammon · Match to 5 points · Computer (Club)',
    );
  });

  it('forgets a stored clock the server would refuse', () => {
    rememberLastGame({ opponent: 'friend', clock: { kind: 'timed', delayMs: 61_000, perPointMs: 30_000 } });
    expect(lastGame()).toBeNull();
  });
});

describe('the history’s clock column', () => {
  it('names the clock and whether the match was rated', () => {
    expect(clockAndRating(i18n, CLOCK_PRESETS.normal, true)).toBe('Normal · rated');
    expect(clockAndRating(i18n, { kind: 'untimed' }, false)).toBe('Untimed · casual');
    expect(clockAndRating(i18n, { kind: 'timed', delayMs: 0, perPointMs: 120_000 }, true)).toBe(
      'Custom (0 s + 2 min a point) · rated',
    );
    const ro = makeI18n('ro', roCatalogue);
    expect(clockAndRating(ro, CLOCK_PRESETS.speed, false)).toBe('Rapid · amical');
  });
});
