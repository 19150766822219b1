import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { followNoticeClicks, OPEN_PATH, pathToOpen } from '../src/notify/notice-clicks.js';
import { NOTIFY_KEY } from '../src/notify/permission.js';
import { notifyPlayer } from '../src/notify/show.js';
import { dropMemoryStorage, type MemoryStorage, useMemoryStorage } from './support/memory-storage.js';

/** The page's Notification: Chrome on Android's throws when constructed (`throws`). */
class PageNotification {
  static permission: NotificationPermission = 'granted';
  static throws = false;
  static shown: { title: string; options?: NotificationOptions }[] = [];
  static async requestPermission(): Promise<NotificationPermission> {
    return PageNotification.permission;
  }
  onclick: ((ev: Event) => unknown) | null = null;
  constructor(title: string, options?: NotificationOptions) {
    if (PageNotification.throws) throw new TypeError('Illegal constructor');
    PageNotification.shown.push({ title, options });
  }
  close(): void {}
}

/** A service worker registration, recording the notices it raises (or refusing them). */
class Registration {
  readonly shown: { title: string; options?: NotificationOptions }[] = [];
  refuses = false;
  constructor(readonly active: object | null = {}) {}
  async showNotification(title: string, options?: NotificationOptions): Promise<void> {
    if (this.refuses) throw new TypeError('No notification permission has been granted for this origin.');
    this.shown.push({ title, options });
  }
}

/** navigator.serviceWorker as the page sees it: controlled by the worker of `registration`, or only registered. */
class Workers extends EventTarget {
  constructor(
    readonly registration: Registration | undefined,
    readonly controller: object | null,
  ) {
    super();
  }
  get ready(): Promise<Registration> {
    // Like the browser's: never settles without a registration.
    return this.registration === undefined ? new Promise(() => undefined) : Promise.resolve(this.registration);
  }
  async getRegistration(): Promise<Registration | undefined> {
    return this.registration;
  }
}

const scope = globalThis as Record<string, unknown>;
const STUBBED = ['Notification', 'document', 'window', 'history', 'focus', 'location', 'navigator'] as const;
let storage: MemoryStorage;
const paths: string[] = [];

function page(opts: { hidden?: boolean; workers?: Workers }): void {
  scope.Notification = PageNotification;
  scope.document = { hidden: opts.hidden ?? true };
  Object.defineProperty(globalThis, 'navigator', {
    value: opts.workers === undefined ? {} : { serviceWorker: opts.workers },
    configurable: true,
    writable: true,
  });
}

beforeEach(() => {
  storage = useMemoryStorage();
  storage.setItem(NOTIFY_KEY, 'on');
  PageNotification.permission = 'granted';
  PageNotification.throws = false;
  PageNotification.shown = [];
  paths.length = 0;
  scope.window = { scrollTo: () => undefined };
  scope.history = { pushState: (_s: unknown, _t: string, path: string) => paths.push(path) };
  scope.focus = () => undefined;
  scope.location = { origin: 'https://zar.test', pathname: '/', search: '', hash: '' };
});

afterEach(() => {
  dropMemoryStorage();
  for (const k of STUBBED) delete scope[k];
});

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('a notice raised through the service worker', () => {
  it('goes to the worker that controls the page, with its game as tag and path', async () => {
    const reg = new Registration();
    page({ workers: new Workers(reg, {}) });
    expect(notifyPlayer('bob moved: your turn', 'Backgammon', '/play/g1')).toBe(true);
    await settle();
    expect(reg.shown).toEqual([
      {
        title: 'bob moved: your turn',
        options: { body: 'Backgammon', tag: '/play/g1', icon: '/icons/icon-192.png', data: { path: '/play/g1' } },
      },
    ]);
    expect(PageNotification.shown).toEqual([]);
  });

  it('one notice per game: a newer one carries the same tag', async () => {
    const reg = new Registration();
    page({ workers: new Workers(reg, {}) });
    notifyPlayer('bob moved: your turn', 'Backgammon', '/play/g1');
    notifyPlayer('bob moved: your turn', 'Backgammon', '/play/g1');
    notifyPlayer('ana moved: your turn', 'Plakoto', '/play/g2');
    await settle();
    expect(reg.shown.map((n) => n.options?.tag)).toEqual(['/play/g1', '/play/g1', '/play/g2']);
  });

  it('is gated as the page’s: hidden page, the browser’s permission, the player’s choice', async () => {
    const reg = new Registration();
    page({ hidden: false, workers: new Workers(reg, {}) });
    expect(notifyPlayer('x', 'y', '/play/g1')).toBe(false);
    page({ workers: new Workers(reg, {}) });
    storage.setItem(NOTIFY_KEY, 'off');
    expect(notifyPlayer('x', 'y', '/play/g1')).toBe(false);
    storage.setItem(NOTIFY_KEY, 'on');
    PageNotification.permission = 'denied';
    expect(notifyPlayer('x', 'y', '/play/g1')).toBe(false);
    delete scope.Notification;
    expect(notifyPlayer('x', 'y', '/play/g1')).toBe(false);
    await settle();
    expect(reg.shown).toEqual([]);
  });

  it('a worker that refuses leaves the page as it was', async () => {
    const reg = new Registration();
    reg.refuses = true;
    page({ workers: new Workers(reg, {}) });
    expect(notifyPlayer('x', 'y', '/play/g1')).toBe(true);
    await settle();
    expect(reg.shown).toEqual([]);
  });
});

describe('a notice raised by the page', () => {
  it('without a worker controlling the page (the dev server, a forced reload), as before', async () => {
    const reg = new Registration();
    page({ workers: new Workers(reg, null) });
    expect(notifyPlayer('x', 'y', '/play/g1')).toBe(true);
    page({});
    expect(notifyPlayer('x', 'y', '/play/g2')).toBe(true);
    await settle();
    expect(reg.shown).toEqual([]);
    expect(PageNotification.shown.map((n) => n.options?.data)).toEqual([{ path: '/play/g1' }, { path: '/play/g2' }]);
  });

  it('Android’s page refuses it: a worker registered, though not in control, raises it', async () => {
    PageNotification.throws = true;
    const reg = new Registration();
    page({ workers: new Workers(reg, null) });
    expect(notifyPlayer('x', 'y', '/play/g1')).toBe(true);
    await settle();
    expect(reg.shown.map((n) => n.options?.tag)).toEqual(['/play/g1']);
  });

  it('Android with no worker at all: silent, and nothing breaks', async () => {
    PageNotification.throws = true;
    page({});
    expect(notifyPlayer('x', 'y', '/play/g1')).toBe(false);
    page({ workers: new Workers(new Registration(null), null) });
    expect(() => notifyPlayer('x', 'y', '/play/g1')).not.toThrow();
    page({ workers: new Workers(undefined, null) });
    expect(() => notifyPlayer('x', 'y', '/play/g1')).not.toThrow();
    await settle();
  });
});

describe('the worker’s message on a notice’s click', () => {
  const origin = 'https://zar.test';

  it('opens only a path of this site', () => {
    expect(pathToOpen({ type: OPEN_PATH, path: '/play/g1' }, origin)).toBe('/play/g1');
    expect(pathToOpen({ type: OPEN_PATH, path: '/play/g1?x=1#m' }, origin)).toBe('/play/g1?x=1#m');
    for (const path of ['//evil.test/x', '/\\evil.test/x', 'https://evil.test/', 'play/g1', 7, undefined]) {
      expect(pathToOpen({ type: OPEN_PATH, path }, origin), String(path)).toBeNull();
    }
    expect(pathToOpen({ type: 'other', path: '/play/g1' }, origin)).toBeNull();
    expect(pathToOpen('/play/g1', origin)).toBeNull();
    expect(pathToOpen(null, origin)).toBeNull();
  });

  it('routes this tab to the game, in place; a tab already there stays', () => {
    const workers = new Workers(new Registration(), null);
    page({ workers });
    const stop = followNoticeClicks();
    const send = (data: unknown) => workers.dispatchEvent(new MessageEvent('message', { data }));
    send({ type: OPEN_PATH, path: '/play/g1' });
    send({ type: OPEN_PATH, path: '//evil.test/x' });
    scope.location = { origin, pathname: '/play/g2', search: '', hash: '' };
    send({ type: OPEN_PATH, path: '/play/g2' });
    expect(paths).toEqual(['/play/g1']);
    stop();
    send({ type: OPEN_PATH, path: '/play/g3' });
    expect(paths).toEqual(['/play/g1']);
  });

  it('nothing to follow where the browser has no service workers', () => {
    page({});
    expect(() => followNoticeClicks()()).not.toThrow();
  });
});
