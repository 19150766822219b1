import { join } from 'node:path';
import { Pacer } from '../../src/bots/pacer.js';
import { LocalLiveness } from '../../src/cluster/index.js';
import type { Room } from '../../src/game/room.js';
import type { Subscriber } from '../../src/game/room-result.js';
import { Rooms } from '../../src/game/rooms.js';
import type { Store } from '../../src/store/types.js';
import type { Cleanup } from './cleanups.js';
import { sqliteStore, tempDir } from './harness.js';

/*
 * Instances side by side in one process for the ownership tests: each its own Rooms over one
 * SQLite store, with a liveness the test drives (who is alive, who is fenced) and a store it
 * can freeze, as a process stopped (SIGSTOP, a long GC pause) holds its calls until it wakes.
 */

/** The server's time, moved by the test: the rooms' clocks, beats and pauses all read it. */
export const clockOf = (start: number) => {
  const c = { now: start, read: () => c.now };
  return c;
};

export interface Instance {
  readonly name: string;
  readonly rooms: Rooms;
  readonly liveness: LocalLiveness;
  /** This instance's calls to the store wait (it stopped) until `thaw`. */
  freeze(): void;
  thaw(): void;
}

/** A store whose calls wait while it is frozen, then go on in the order they came. */
function freezable(store: Store): { store: Store; freeze(): void; thaw(): void } {
  let frozen: Promise<void> | null = null;
  let wake = () => {};
  const wrapped = new Proxy(store, {
    get(target, key) {
      const value = Reflect.get(target, key, target) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const held = frozen;
        if (held === null) return value.apply(target, args);
        return held.then(() => value.apply(target, args));
      };
    },
  });
  return {
    store: wrapped,
    freeze: () => {
      frozen = new Promise<void>((resolve) => (wake = resolve));
    },
    thaw: () => {
      frozen = null;
      wake();
    },
  };
}

/** A shared SQLite store in a temporary folder, closed and removed after the test. */
export async function sharedStore(cleanups: Cleanup[]): Promise<Store> {
  const tmp = tempDir();
  cleanups.push(tmp.remove);
  const store = await sqliteStore(join(tmp.dir, 'zar.sqlite'));
  cleanups.push(() => store.close());
  return store;
}

/** Instances named `names` on `store`, each seeing the others alive; closed after the test (before the store). */
export function instances(store: Store, names: readonly string[], now: () => number, cleanups: Cleanup[]): Instance[] {
  const all = names.map((name): Instance => {
    const liveness = new LocalLiveness(name);
    const held = freezable(store);
    const rooms = new Rooms({
      store: held.store,
      log: { error: () => {}, warn: () => {} },
      botDelayMs: 0,
      now,
      pacer: new Pacer(),
      heartbeatMs: 10,
      abandonAfterMs: 3_600_000,
      seedWaitMs: 60_000,
      takeoverScanMs: 50,
      cluster: { instance: name, liveness },
    });
    return { name, rooms, liveness, freeze: held.freeze, thaw: held.thaw };
  });
  for (const a of all) for (const b of all) if (a !== b) a.liveness.setPeer(b.name, true);
  // Closed before the store (cleanups run last first): a frozen one is woken to close.
  cleanups.push(async () => {
    for (const i of all) {
      i.thaw();
      await i.rooms.close();
    }
  });
  return all;
}

/** `i` dies as far as the others know: its alive key is gone. Its own process may still run (frozen). */
export function dies(i: Instance, others: readonly Instance[]): void {
  for (const o of others) o.liveness.setPeer(i.name, false);
}

/** A watcher that records its frames and whether it was told the game moved. */
export function watcher(userId: string | null): Subscriber & { frames: string[]; moved: () => void; told: number } {
  const w = {
    userId,
    frames: [] as string[],
    told: 0,
    send: (frame: string) => void w.frames.push(frame),
    moved: () => void w.told++,
  };
  return w;
}

/** The room of `id` at `i`, or null when it is not here. */
export async function roomAt(i: Instance, id: string): Promise<Room | null> {
  const at = await i.rooms.locate(id);
  return at?.at === 'here' ? at.room : null;
}

/** Waits (real time) until `check` holds, up to `limitMs`; answers how long it took. */
export async function until(check: () => boolean | Promise<boolean>, limitMs = 3000): Promise<number> {
  const start = performance.now();
  while (!(await check())) {
    if (performance.now() - start > limitMs) throw new Error(`not within ${limitMs} ms`);
    await new Promise((r) => setTimeout(r, 5));
  }
  return performance.now() - start;
}
