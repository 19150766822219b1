import { afterEach, describe, expect, it, vi } from 'vitest';
import { Outage } from '../src/common/outage.js';
import { Heartbeat } from '../src/game/heartbeat.js';
import { Auth } from '../src/people/auth.js';
import { memoryStore } from '../src/store/index.js';

/*
 * The timed tasks (the session sweep every second, the heartbeat, the lobby's and the live
 * list's reads) fail at every tick while the database is away. The operator hears once that
 * one started failing and once that it works again, not one warning a tick.
 */

afterEach(() => {
  vi.useRealTimers();
});

/** The warnings written: each one's message. */
function warnings() {
  const said: string[] = [];
  const log = {
    warn: (obj: unknown, msg?: string) => {
      said.push(msg ?? String(obj));
    },
  };
  return { said, log };
}

describe('an outage', () => {
  it('is told when it starts and when it ends, not at each failure', () => {
    const { said, log } = warnings();
    const outage = new Outage(log, 'down', 'back');
    outage.recovered();
    for (let i = 0; i < 30; i++) outage.failed(new Error('away'));
    expect(outage.failingNow).toBe(true);
    outage.recovered();
    outage.recovered();
    outage.failed(new Error('away'));
    expect(said).toEqual(['down', 'back', 'down']);
  });
});

describe('the session sweep while the store is away', () => {
  it('warns at its first failure and its recovery, not at each failing tick', async () => {
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
    const { said, log } = warnings();
    const stop = auth.sweepEvery(1000, new Outage(log, 'failing', 'back'));
    away = true;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(said).toEqual(['failing']);
    away = false;
    await vi.advanceTimersByTimeAsync(5000);
    expect(said).toEqual(['failing', 'back']);
    away = true;
    auth.sockets.track('s2', () => {}).identified('u2');
    auth.sockets.endsAt('s2', 0);
    await vi.advanceTimersByTimeAsync(5000);
    expect(said).toEqual(['failing', 'back', 'failing']);
    stop();
  });
});

describe('the heartbeat while the store is away', () => {
  it('warns at its first failed beat and when a beat is written again', async () => {
    vi.useFakeTimers();
    const store = memoryStore();
    let away = false;
    const setHeartbeat = store.setHeartbeat.bind(store);
    store.setHeartbeat = async (at) => {
      if (away) throw new Error('the store is away');
      return setHeartbeat(at);
    };
    const { said, log } = warnings();
    const beat = new Heartbeat(store, () => Date.now(), 1000, { ...log, error: () => {} });
    await beat.start();
    away = true;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(said).toEqual(['could not write the heartbeat; trying again']);
    away = false;
    await vi.advanceTimersByTimeAsync(5000);
    expect(said).toEqual(['could not write the heartbeat; trying again', 'the heartbeat is written again']);
    await beat.stop();
  });
});
