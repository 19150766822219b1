import { join } from 'node:path';
import type { ClockView } from '@zar/protocol';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import type { Store } from '../src/store/types.js';
import { cleanupsAfterEach } from './support/cleanups.js';
import { acting, clockTable, type Event, watch } from './support/clock-table.js';
import { WS_PATH } from './support/contract.js';
import {
  Caller,
  Client,
  type Running,
  randomAction,
  SECRET,
  seededRandom,
  sqliteStore,
  tempDir,
} from './support/harness.js';

/*
 * A restarted server resumes every clock where it stood: the time it was down is
 * not charged to anyone. A clean shutdown writes a last heartbeat, so the clock is exactly as
 * it was; after a crash, the time since the last heartbeat is lost too (at most one interval,
 * and in the actor's favour: he was not charged for it).
 */

const cleanups = cleanupsAfterEach();

const T1 = 1_767_225_600_000;
const HOUR = 3_600_000;
const CLOCK = { kind: 'timed', delayMs: 2000, perPointMs: 60_000 } as const;

/** A server on `store` whose clock is `now`; closing it leaves the store open. */
async function boot(store: Store, now: () => number, heartbeatMs = 1000): Promise<Running> {
  const app = await buildApp({ store, cookieSecret: SECRET, botDelayMs: 0, diceSeed: 'clock', now, heartbeatMs });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  return {
    app,
    store,
    base: `http://127.0.0.1:${port}`,
    ws: `ws://127.0.0.1:${port}${WS_PATH}`,
    close: () => app.close(),
  };
}

/** A store whose heartbeat stops being written once it "crashes" (the process dies without a last beat). */
function crashable(store: Store): { store: Store; crash(): void } {
  let down = false;
  const wrapped = new Proxy(store, {
    get(target, key) {
      if (key === 'setHeartbeat' && down) return async () => {};
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { store: wrapped, crash: () => (down = true) };
}

/** A timed match of two people in which the first actor has moved and the second's clock runs. */
async function midClock(server: Running, now: () => number) {
  const t = await clockTable(server, { clock: CLOCK, length: 3, now: now() });
  const [a, b] = t.people;
  if (b === null) throw new Error('two people');
  const sockets = [await watch(server, a, t.id), await watch(server, b, t.id)] as const;
  const start = await acting(sockets[0], t.id);
  return { t, sockets, start, mover: start.view.game.actor as 0 | 1 };
}

async function clockOf(base: string, caller: Caller, id: string): Promise<ClockView | null> {
  const again = new Caller(base);
  again.cookie = caller.cookie;
  return (await again.call<{ view: { clock: ClockView | null } }>('GET', `/api/games/${id}`)).body.view.clock;
}

describe('a restart resumes every clock', () => {
  it('after a clean shutdown and an hour down, the clock reads what it read at the shutdown, and runs on', async () => {
    const tmp = tempDir();
    cleanups.push(tmp.remove);
    const file = join(tmp.dir, 'zar.sqlite');
    let now = T1;
    const store = await sqliteStore(file);
    const first = await boot(store, () => now);
    const { t, sockets, start, mover } = await midClock(first, () => now);
    now += 5000;
    const moved = sockets[0].next((m) => m.t === 'event' && m.v === start.v + 1) as Promise<Event>;
    sockets[mover].send({ t: 'act', game: t.id, v: start.v, action: randomAction(start.view, seededRandom(4)) });
    await moved;
    now += 3000;
    const atShutdown = await clockOf(first.base, t.people[0].caller, t.id);
    expect(atShutdown).toMatchObject({ actor: 1 - mover, delay: 0, running: true });
    expect(atShutdown?.reserve[1 - mover]).toBe(179_000);
    await Promise.all(sockets.map((s) => s.close()));
    await first.close();
    await store.close();

    now += HOUR;
    const again = await sqliteStore(file);
    const second = await boot(again, () => now);
    cleanups.push(async () => {
      await second.close();
      await again.close();
    });
    expect(await again.pausesSince(T1)).toEqual([{ from: T1 + 8000, to: T1 + 8000 + HOUR }]);
    expect(await clockOf(second.base, t.people[0].caller, t.id)).toEqual(atShutdown);
    // The clock runs again from the restart: a second later the actor has a second less.
    now += 1000;
    const later = await clockOf(second.base, t.people[0].caller, t.id);
    expect(later?.reserve[1 - mover]).toBe(178_000);
    expect(later?.reserve[mover]).toBe(atShutdown?.reserve[mover]);
  });

  it('after a crash, the time since the last heartbeat is not charged either (at most one interval lost)', async () => {
    const tmp = tempDir();
    cleanups.push(tmp.remove);
    const file = join(tmp.dir, 'zar.sqlite');
    let now = T1;
    const base = await sqliteStore(file);
    const { store, crash } = crashable(base);
    const first = await boot(store, () => now, 20);
    const { t, sockets, start, mover } = await midClock(first, () => now);
    now += 5000;
    const moved = sockets[0].next((m) => m.t === 'event' && m.v === start.v + 1) as Promise<Event>;
    sockets[mover].send({ t: 'act', game: t.id, v: start.v, action: randomAction(start.view, seededRandom(4)) });
    await moved;
    now += 3000;
    // Heartbeats every 20 ms write this moment; then 300 ms pass with none before the crash.
    await until(async () => (await base.heartbeat()) === now);
    const lastBeat = now;
    const atLastBeat = await clockOf(first.base, t.people[0].caller, t.id);
    now += 300;
    crash();
    await Promise.all(sockets.map((s) => s.close()));
    await first.close();
    await base.close();

    now += HOUR;
    const again = await sqliteStore(file);
    const second = await boot(again, () => now);
    cleanups.push(async () => {
      await second.close();
      await again.close();
    });
    expect(await again.pausesSince(T1)).toEqual([{ from: lastBeat, to: lastBeat + 300 + HOUR }]);
    const after = await clockOf(second.base, t.people[0].caller, t.id);
    expect(after).toEqual(atLastBeat);
    expect(after?.reserve[1 - mover]).toBe(179_000);
  });

  it('a flag that fell while the server was down is not declared: the actor keeps his time', async () => {
    let now = T1;
    const tmp = tempDir();
    cleanups.push(tmp.remove);
    const file = join(tmp.dir, 'zar.sqlite');
    const store = await sqliteStore(file);
    const first = await boot(store, () => now);
    const { t, sockets, start } = await midClock(first, () => now);
    const actor = start.view.game.actor as 0 | 1;
    await Promise.all(sockets.map((s) => s.close()));
    await first.close();
    await store.close();
    // Down for a day: far past the actor's 3 minutes.
    now += 24 * HOUR;
    const again = await sqliteStore(file);
    const second = await boot(again, () => now);
    cleanups.push(async () => {
      await second.close();
      await again.close();
    });
    const socket = await Client.open(second.ws, t.people[actor]?.caller.cookie);
    cleanups.push(() => socket.close());
    const resumed = await socket.join(t.id);
    expect(resumed.view.status).toBe('playing');
    expect(resumed.view.clock).toMatchObject({ actor, delay: 2000, reserve: [180_000, 180_000] });
  });
});

async function until(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error('never came true');
}
