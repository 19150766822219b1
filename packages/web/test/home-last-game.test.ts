import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LAST_GAME_KEY, lastGame, rememberLastGame } from '../src/home/last-game.js';
import { requestText } from '../src/home/request-text.js';
import { en } from '../src/i18n/en.js';
import { makeI18n } from '../src/i18n/index.js';
import { MemoryStorage } from './support/memory-storage.js';

const scope = globalThis as { localStorage?: unknown };

describe('the last new-game request', () => {
  beforeEach(() => {
    scope.localStorage = new MemoryStorage();
  });
  afterEach(() => {
    delete scope.localStorage;
  });

  it('is kept and read back as sent', () => {
    expect(lastGame()).toBeNull();
    const request = { preset: 'tavla', length: 3, opponent: 'bot', level: 'expert' } as const;
    rememberLastGame(request);
    expect(lastGame()).toEqual(request);
  });

  it('a stored value the server would refuse is forgotten, not sent', () => {
    const storage = scope.localStorage as MemoryStorage;
    for (const text of [
      '{',
      '[]',
      '{"opponent":"bot","gmae":"fevga"}',
      '{"opponent":"robot"}',
      '{"opponent":"bot","length":-1}',
    ]) {
      storage.setItem(LAST_GAME_KEY, text);
      expect(lastGame(), text).toBeNull();
    }
  });
});

describe('what a request plays, in words', () => {
  const i18n = makeI18n('en', en);
  it('a preset, a length and the computer with its level', () => {
    expect(requestText(i18n, { preset: 'tavla', length: 3, opponent: 'bot', level: 'expert' })).toBe(
      'Backgammon: Tavla (Turkey) · Match to 3 points · Computer (Expert)',
    );
  });
  it('a mixed cycle, single games, a friend; the defaults filled as the server fills them', () => {
    expect(requestText(i18n, { cycle: 'tavli', length: 0, opponent: 'friend' })).toBe(
      'Tavli: portes, plakoto, fevga · Single games · A friend (invite link)',
    );
    expect(requestText(i18n, { opponent: 'bot' })).toBe('Backgammon · Match to 5 points · Computer (Club)');
    expect(requestText(i18n, { game: 'plakoto', length: 1, opponent: 'open' })).toBe(
      'Plakoto · Match to 1 point · Anyone (lobby)',
    );
  });
});
