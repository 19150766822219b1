import { afterEach, describe, expect, it, vi } from 'vitest';
import { Auth } from '../src/auth.js';
import { memoryStore } from '../src/store/index.js';

/*
 * The session sweep runs every second; a store that is away fails each one. The operator hears
 * once that it started failing and once that it works again, not one warning a second.
 */

afterEach(() => {
  vi.useRealTimers();
});

describe('the session sweep while the store is away', () => {
  it('reports the first failure and the recovery, not each failing tick', async () => {
    vi.useFakeTimers();
    const store = memoryStore();
    let away = false;
    const sessionById = store.sessionById.bind(store);
    store.sessionById = async (id) => {
      if (away) throw new Error('the store is away');
      return sessionById(id);
    };
    const auth = new Auth({ store, now: () => 10, secureCookies: false });
    // A socket of a session whose end has come: every sweep looks it up.
    auth.sockets.track('s1', () => {}).identified('u1');
    auth.sockets.endsAt('s1', 0);
    const said: string[] = [];
    const stop = auth.sweepEvery(1000, { failed: () => said.push('failed'), recovered: () => said.push('recovered') });
    away = true;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(said).toEqual(['failed']);
    away = false;
    await vi.advanceTimersByTimeAsync(5000);
    expect(said).toEqual(['failed', 'recovered']);
    away = true;
    auth.sockets.track('s2', () => {}).identified('u2');
    auth.sockets.endsAt('s2', 0);
    await vi.advanceTimersByTimeAsync(5000);
    expect(said).toEqual(['failed', 'recovered', 'failed']);
    stop();
  });
});
