import { CYCLES, GAME_IDS, PRESETS, type PresetId } from '@zar/engine';
import { CLOCK_PRESET_IDS, CLOCK_PRESETS, MAX_MATCH_LENGTH, parsePairingKind } from '@zar/match';
import { decode, type Lobby, type SeekKind, SeekKindSchema } from '@zar/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { presetOf } from '../src/clock/clock-choice.js';
import { en } from '../src/i18n/en.js';
import { makeI18n } from '../src/i18n/index.js';
import { ru } from '../src/i18n/ru.js';
import { clockName, durationText, elapsedText, kindText, playText } from '../src/lobby/kind-text.js';
import { INITIAL_LOBBY, type LobbyEvent, lobbyReducer, waitedMs } from '../src/lobby/lobby-model.js';
import { SEEK_DEFAULTS, SEEK_LENGTHS, type SeekChoice, seekKindOf } from '../src/lobby/seek-kind.js';

const KIND: SeekKind = { preset: 'backgammon', length: 5, clock: 'normal', rated: true };
const lobbyWith = (...ids: string[]): Lobby => ({
  games: [],
  pools: [{ kind: KIND, waiting: ids.length }],
  seeks: ids.map((id) => ({ id, kind: KIND, since: 0 })),
});
const run = (...events: LobbyEvent[]) => events.reduce(lobbyReducer, INITIAL_LOBBY);

describe('the lobby model', () => {
  it('takes each lobby whole and answers a request in flight', () => {
    const s = run(
      { type: 'status', status: 'open' },
      { type: 'asked' },
      { type: 'lobby', lobby: lobbyWith('a'), at: 10 },
    );
    expect(s.lobby).toEqual(lobbyWith('a'));
    expect(s.asking).toBe(false);
    expect(s.status).toBe('open');
  });

  it('counts a request’s wait from when this page first saw it, not from the server’s clock', () => {
    const s = run(
      { type: 'lobby', lobby: lobbyWith('a'), at: 1_000 },
      { type: 'lobby', lobby: lobbyWith('a', 'b'), at: 5_000 },
      { type: 'lobby', lobby: lobbyWith('b'), at: 9_000 },
    );
    expect(s.seen).toEqual({ b: 5_000 });
    expect(waitedMs(s, 'b', 12_000)).toBe(7_000);
    expect(waitedMs(s, 'a', 12_000)).toBe(0);
    // A browser clock that steps back never shows a negative wait.
    expect(waitedMs(s, 'b', 4_000)).toBe(0);
  });

  it('keeps a refusal until the player asks again', () => {
    let s = run({ type: 'asked' }, { type: 'error', code: 'ERR_TOO_MANY_PAIRINGS' });
    expect(s.error).toEqual({ code: 'ERR_TOO_MANY_PAIRINGS' });
    expect(s.asking).toBe(false);
    s = lobbyReducer(s, { type: 'lobby', lobby: lobbyWith(), at: 0 });
    expect(s.error).toEqual({ code: 'ERR_TOO_MANY_PAIRINGS' });
    s = lobbyReducer(s, { type: 'asked' });
    expect(s.error).toBeNull();
  });

  it('says the server cannot be reached when asked without a connection', () => {
    expect(run({ type: 'offline' }).error).toEqual({ code: 'ERR_NETWORK' });
  });

  it('forgets a request in flight when the connection drops, and keeps the last lobby to show', () => {
    const s = run(
      { type: 'lobby', lobby: lobbyWith('a'), at: 0 },
      { type: 'asked' },
      { type: 'status', status: 'reconnecting' },
    );
    expect(s.asking).toBe(false);
    expect(s.lobby).toEqual(lobbyWith('a'));
  });

  it('remembers the match a request was paired into', () => {
    expect(run({ type: 'asked' }, { type: 'paired', game: 'game42' }).paired).toBe('game42');
  });
});

const choiceArb: fc.Arbitrary<SeekChoice> = fc.record({
  choice: fc.oneof(fc.constantFrom(...GAME_IDS, ...Object.keys(CYCLES)), fc.string()),
  preset: fc.constantFrom(...PRESETS.map((p) => p.id as PresetId)),
  length: fc.oneof(fc.constantFrom(...SEEK_LENGTHS), fc.integer({ min: -5, max: 60 }), fc.double()),
  clock: fc.constantFrom(...CLOCK_PRESET_IDS),
  rated: fc.boolean(),
});

describe('the quick-pairing form’s request', () => {
  it('is always a kind the protocol and the match layer accept, and a guest never asks rated', () => {
    fc.assert(
      fc.property(choiceArb, fc.boolean(), (choice, guest) => {
        const kind = seekKindOf(choice, guest);
        expect(decode(SeekKindSchema, kind).ok).toBe(true);
        expect(parsePairingKind(kind).ok).toBe(true);
        if (guest) expect(kind.rated).toBe(false);
        else expect(kind.rated).toBe(choice.rated);
        expect(kind.length).toBeGreaterThanOrEqual(1);
        expect(kind.length).toBeLessThanOrEqual(MAX_MATCH_LENGTH);
      }),
    );
  });

  it('names a cycle by its name, and a game by the preset picked when it is the game’s', () => {
    expect(seekKindOf({ ...SEEK_DEFAULTS, choice: 'tavli' }, false)).toEqual({
      cycle: 'tavli',
      length: 5,
      clock: 'normal',
      rated: true,
    });
    expect(seekKindOf({ ...SEEK_DEFAULTS, preset: 'tavla' }, false)).toMatchObject({ preset: 'tavla' });
    // A preset of another game gives way to the chosen game's first preset.
    expect(seekKindOf({ ...SEEK_DEFAULTS, choice: 'plakoto', preset: 'tavla' }, false)).toMatchObject({
      preset: 'plakoto',
    });
  });

  it('offers only lengths a paired match may have', () => {
    for (const n of SEEK_LENGTHS) expect(n >= 1 && n <= MAX_MATCH_LENGTH).toBe(true);
  });
});

describe('kinds of match in words', () => {
  const i18n = makeI18n('en', en);
  it('reads a request as the player would say it', () => {
    expect(kindText(i18n, KIND)).toBe('Backgammon, 5 points, Normal, rated');
    expect(kindText(i18n, { preset: 'tavla', length: 1, clock: 'untimed', rated: false })).toBe(
      'Backgammon (Tavla (Turkey)), 1 point, Untimed, casual',
    );
    expect(playText(i18n, { cycle: 'tavli' })).toBe(en.cycles.tavli);
    expect(playText(i18n, { game: 'long-nardy' })).toBe('Long nardy');
  });

  it('uses the language’s plural forms', () => {
    const r = makeI18n('ru', ru);
    expect(kindText(r, { ...KIND, length: 3 })).toContain('3 очка');
  });

  it('names every preset clock by its preset, and a custom clock by its numbers', () => {
    for (const id of CLOCK_PRESET_IDS) expect(clockName(i18n, CLOCK_PRESETS[id])).toBe(en.lobby.clocks[id]);
    expect(presetOf({ kind: 'timed', delayMs: 10_000, perPointMs: 60_000 })).toBe('normal');
    expect(clockName(i18n, { kind: 'timed', delayMs: 5_000, perPointMs: 90_000 })).toBe(
      'Custom: 5 s a move + 1 min 30 s a point',
    );
  });

  it('writes durations and waits', () => {
    expect(durationText(i18n, 20_000)).toBe('20 s');
    expect(durationText(i18n, 180_000)).toBe('3 min');
    expect(elapsedText(7_900)).toBe('0:07');
    expect(elapsedText(750_000)).toBe('12:30');
    expect(elapsedText(3_723_000)).toBe('1:02:03');
    expect(elapsedText(-5)).toBe('0:00');
  });
});
