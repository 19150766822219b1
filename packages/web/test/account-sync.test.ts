import { DEFAULT_PREFERENCES, type Preferences } from '@zar/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { setFetch } from '../src/api.js';
import { syncAccountPreferences } from '../src/looks/account-sync.js';
import { preferences, setPreferences } from '../src/preferences.js';
import { realFetch } from './support/fetch-stub.js';

afterEach(realFetch);

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

const ACCOUNT = { id: 'u1', name: 'ana', guest: false };

describe("an account's preferences", () => {
  it('are never asked for a visitor without an account: the server would refuse him, in red in his console', async () => {
    const asked: string[] = [];
    for (const me of [
      { id: '', name: 'guest', guest: true },
      { id: 'g1', name: 'Guest 4f2a', guest: true },
    ]) {
      setFetch(async (path) => {
        asked.push(path);
        if (path === '/api/me') return json(200, me);
        return json(me.id === '' ? 401 : 403, { error: { code: 'ERR_ACCOUNT_ONLY', message: 'refused' } });
      });
      await syncAccountPreferences();
      // A change is kept in the browser only.
      setPreferences({ theme: 'wood' });
      await new Promise((r) => setTimeout(r, 0));
    }
    expect(asked).toEqual(['/api/me', '/api/me']);
    expect(preferences().theme).toBe('wood');
  });

  it('are loaded over the browser’s, and quick changes are saved one at a time, the newest last', async () => {
    const stored: Preferences = { ...DEFAULT_PREFERENCES, theme: 'flat' };
    const posted: Preferences[] = [];
    let open = 0;
    let most = 0;
    const release: (() => void)[] = [];
    let holdLoads = false;
    setFetch(async (path, init) => {
      if (path === '/api/me') return json(200, ACCOUNT);
      expect(path).toBe('/api/preferences');
      if (init?.method !== 'POST') {
        const copy = { ...stored };
        if (holdLoads) await new Promise<void>((resolve) => release.push(resolve));
        return json(200, copy);
      }
      posted.push(JSON.parse(String(init.body)) as Preferences);
      open++;
      most = Math.max(most, open);
      await new Promise<void>((resolve) => release.push(resolve));
      open--;
      return json(204, undefined);
    });

    await syncAccountPreferences();
    expect(preferences().theme).toBe('flat');

    // Three changes while the first save is on its way: the middle one is never sent.
    setPreferences({ theme: 'contrast' });
    setPreferences({ theme: 'wood' });
    setPreferences({ homeSide: 'left' });
    const settle = async () => {
      while (release.length > 0 || open > 0) {
        release.shift()?.();
        await new Promise((r) => setTimeout(r, 0));
      }
    };
    await settle();
    expect(posted.map((p) => [p.theme, p.homeSide])).toEqual([
      ['contrast', 'right'],
      ['wood', 'left'],
    ]);
    expect(most).toBe(1);

    // A load asked while a save is on its way waits for it, so it never brings back the older copy.
    const newer: Preferences = { ...DEFAULT_PREFERENCES, theme: 'wood', homeSide: 'left', sound: true };
    setPreferences({ sound: true });
    const loading = syncAccountPreferences();
    Object.assign(stored, newer);
    await settle();
    await loading;
    expect(posted.at(-1)).toEqual(newer);
    expect(preferences()).toEqual(newer);

    // A change made while the account's copy is on its way is newer than that copy: it stays, and is saved.
    holdLoads = true;
    const reading = syncAccountPreferences();
    await new Promise((r) => setTimeout(r, 0));
    setPreferences({ checkers: 'red-blue' });
    await settle();
    await reading;
    expect(preferences().checkers).toBe('red-blue');
    expect(posted.at(-1)?.checkers).toBe('red-blue');
  });
});
