import { describe, expect, it } from 'vitest';
import { forgetMatch, keepMatch, keptMatch } from '../src/offline/kept.js';

describe('the offline match kept in IndexedDB', () => {
  it('says the storage is refused, never throws, where the browser gives no IndexedDB', async () => {
    // As a browser that refuses IndexedDB (a private window, the user's settings) leaves the page.
    expect(typeof indexedDB).toBe('undefined');
    const record = {
      id: 'o-kept-1',
      settings: {
        length: 1,
        cycle: [{ game: 'backgammon' as const }],
        jacoby: false,
        beaver: false,
        raccoon: false,
        automaticDoubles: 0,
        laterGames: 'opening-roll' as const,
      },
      level: 'club' as const,
      seed: 'kept',
      names: ['White', 'Bot (club)'] as const,
      actions: [],
      startedAt: 0,
    };
    expect(await keepMatch(record)).toEqual({ ok: false, code: 'ERR_STORAGE' });
    expect(await keptMatch('o-kept-1')).toEqual({ ok: false, code: 'ERR_STORAGE' });
    expect(await forgetMatch('o-kept-1')).toEqual({ ok: false, code: 'ERR_STORAGE' });
  });
});
