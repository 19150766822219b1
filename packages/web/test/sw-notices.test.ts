import { describe, expect, it } from 'vitest';
// The worker's script, as build/pwa.ts has sw.js import it.
import SCRIPT from '../public/sw-notices.js?raw';

const ORIGIN = 'https://zar.test';

/** A window of the site, as clients.matchAll gives it; `refusesFocus`: the browser will not focus it. */
class Window {
  focused = 0;
  readonly messages: unknown[] = [];
  constructor(
    readonly url: string,
    private readonly refusesFocus = false,
  ) {}
  async focus(): Promise<Window> {
    if (this.refusesFocus) throw new Error('InvalidAccessError');
    this.focused++;
    return this;
  }
  postMessage(message: unknown): void {
    this.messages.push(message);
  }
}

/** The worker's script run in a scope of its own, over these open windows; answers its click on a notice. */
function worker(windows: Window[]) {
  const opened: string[] = [];
  const listeners = new Map<string, (e: unknown) => void>();
  const asked: unknown[] = [];
  const self = {
    location: new URL(`${ORIGIN}/sw.js`),
    addEventListener: (type: string, f: (e: unknown) => void) => listeners.set(type, f),
    clients: {
      matchAll: async (options: unknown) => {
        asked.push(options);
        return windows;
      },
      openWindow: async (url: string) => {
        opened.push(url);
        return null;
      },
    },
  };
  // Run as the worker runs it, its `self` (and `self.clients`) the stub.
  new Function('self', 'URL', SCRIPT)(self, URL);
  /** A click on a notice whose data is `data`: resolves when the worker is done with it. */
  const click = async (data: unknown): Promise<{ closed: boolean }> => {
    const notification = { data, closed: false, close: () => (notification.closed = true) };
    let done: Promise<unknown> = Promise.resolve();
    listeners.get('notificationclick')?.({ notification, waitUntil: (p: Promise<unknown>) => (done = p) });
    await done;
    return notification;
  };
  return { click, opened, asked };
}

const open = (path: string) => ({ type: 'zar-open-path', path });

describe('a click on a turn notice, in the service worker', () => {
  it('closes it, brings the open Zar window forward and tells it the game', async () => {
    const home = new Window(`${ORIGIN}/`);
    const w = worker([home]);
    expect((await w.click({ path: '/play/g1' })).closed).toBe(true);
    expect(w.asked).toEqual([{ type: 'window', includeUncontrolled: true }]);
    expect(home.focused).toBe(1);
    expect(home.messages).toEqual([open('/play/g1')]);
    expect(w.opened).toEqual([]);
  });

  it('prefers a window already on the game to the one used last', async () => {
    const last = new Window(`${ORIGIN}/lobby`);
    const there = new Window(`${ORIGIN}/play/g1`);
    const w = worker([last, there]);
    await w.click({ path: '/play/g1' });
    expect([last.focused, there.focused]).toEqual([0, 1]);
    expect(there.messages).toEqual([open('/play/g1')]);
  });

  it('opens a new window on the game when no Zar window is open', async () => {
    const w = worker([]);
    await w.click({ path: '/play/g1' });
    expect(w.opened).toEqual(['/play/g1']);
  });

  it('still tells the window the game when the browser will not focus it', async () => {
    const home = new Window(`${ORIGIN}/`, true);
    const w = worker([home]);
    await w.click({ path: '/play/g1' });
    expect(home.messages).toEqual([open('/play/g1')]);
  });

  it('opens only a path of this site: anything else opens the home page', async () => {
    for (const data of [
      { path: '//evil.test/x' },
      { path: '/\\evil.test/x' },
      { path: 'https://evil.test/' },
      { path: 'javascript:alert(1)' },
      { path: 7 },
      {},
      null,
      'text',
    ]) {
      const w = worker([]);
      await w.click(data);
      expect(w.opened, JSON.stringify(data)).toEqual(['/']);
    }
  });
});
