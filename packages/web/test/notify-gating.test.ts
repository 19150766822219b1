import { MATCH_DEFAULTS, newMatch } from '@zar/match';
import { type GameView, matchView, type SeatView } from '@zar/protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { correspondenceByClock, listSettles } from '../src/notify/correspondence-game.js';
import {
  askToNotify,
  mayNotify,
  NOTIFY_KEY,
  type NotificationApi,
  notificationsOn,
  requestNotifications,
  shouldAsk,
  storedChoice,
} from '../src/notify/permission.js';
import { notifyPlayer } from '../src/notify/show.js';
import { becameYourTurn } from '../src/notify/turn-notice.js';
import { CASUAL_UNTIMED } from './support/matches.js';
import { dropMemoryStorage, type MemoryStorage, useMemoryStorage } from './support/memory-storage.js';

/** The browser's Notification, recording what the page asks of it and raises. */
class FakeNotification {
  static permission: NotificationPermission = 'default';
  /** What the player answers when asked. */
  static answer: NotificationPermission = 'granted';
  static asked = 0;
  static shown: FakeNotification[] = [];
  static async requestPermission(): Promise<NotificationPermission> {
    FakeNotification.asked++;
    FakeNotification.permission = FakeNotification.answer;
    return FakeNotification.answer;
  }
  onclick: ((ev: Event) => unknown) | null = null;
  closed = false;
  constructor(
    readonly title: string,
    readonly options?: NotificationOptions,
  ) {
    FakeNotification.shown.push(this);
  }
  close(): void {
    this.closed = true;
  }
}

const scope = globalThis as Record<string, unknown>;
const STUBBED = ['Notification', 'document', 'window', 'history', 'focus'] as const;
let storage: MemoryStorage;
const paths: string[] = [];
let focused = 0;

/** A page with the fake API (or none), hidden or not. */
function page(api: boolean, hidden: boolean): void {
  if (api) scope.Notification = FakeNotification;
  else delete scope.Notification;
  scope.document = { hidden };
}

beforeEach(() => {
  storage = useMemoryStorage();
  FakeNotification.permission = 'default';
  FakeNotification.answer = 'granted';
  FakeNotification.asked = 0;
  FakeNotification.shown = [];
  paths.length = 0;
  focused = 0;
  scope.window = { scrollTo: () => undefined };
  scope.history = { pushState: (_s: unknown, _t: string, path: string) => paths.push(path) };
  scope.focus = () => {
    focused++;
  };
});

afterEach(() => {
  dropMemoryStorage();
  for (const k of STUBBED) delete scope[k];
});

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('asking the browser', () => {
  it('asks once, on the first correspondence match, and keeps the answer', async () => {
    page(true, false);
    expect(shouldAsk(FakeNotification, storedChoice())).toBe(true);
    askToNotify();
    await settle();
    expect(FakeNotification.asked).toBe(1);
    expect(storage.getItem(NOTIFY_KEY)).toBe('on');
    askToNotify();
    await settle();
    expect(FakeNotification.asked).toBe(1);
    expect(notificationsOn(FakeNotification, storedChoice())).toBe(true);
  });

  it('never asks again once refused, or once the prompt was closed unanswered', async () => {
    page(true, false);
    FakeNotification.answer = 'default';
    askToNotify();
    await settle();
    expect(storage.getItem(NOTIFY_KEY)).toBe('off');
    askToNotify();
    await settle();
    expect(FakeNotification.asked).toBe(1);
    expect(shouldAsk(FakeNotification, storedChoice())).toBe(false);
  });

  it('asks nothing where the browser has no notifications, or has refused them already', async () => {
    page(false, false);
    expect(() => askToNotify()).not.toThrow();
    expect(storage.getItem(NOTIFY_KEY)).toBeNull();
    page(true, false);
    FakeNotification.permission = 'denied';
    askToNotify();
    await settle();
    expect(FakeNotification.asked).toBe(0);
  });

  it('counts a browser that throws when asked as a refusal', async () => {
    const throwing = {
      permission: 'default',
      requestPermission: () => {
        throw new TypeError('callback only');
      },
    } as unknown as NotificationApi;
    expect(await requestNotifications(throwing)).toBe(false);
    expect(storage.getItem(NOTIFY_KEY)).toBe('off');
  });

  it('the settings turn them on again: the browser is asked again where it may be', async () => {
    page(true, false);
    storage.setItem(NOTIFY_KEY, 'off');
    expect(notificationsOn(FakeNotification, storedChoice())).toBe(false);
    expect(await requestNotifications(FakeNotification)).toBe(true);
    expect(notificationsOn(FakeNotification, storedChoice())).toBe(true);
  });
});

describe('raising a notification', () => {
  it('only while the page is hidden, the browser allows it and the player has not turned it off', () => {
    expect(mayNotify(null, null, true)).toBe(false);
    FakeNotification.permission = 'granted';
    expect(mayNotify(FakeNotification, null, true)).toBe(true);
    expect(mayNotify(FakeNotification, 'on', false)).toBe(false);
    expect(mayNotify(FakeNotification, 'off', true)).toBe(false);
    FakeNotification.permission = 'denied';
    expect(mayNotify(FakeNotification, 'on', true)).toBe(false);
  });

  it('says who moved; its click brings the page forward on the game', () => {
    page(true, true);
    FakeNotification.permission = 'granted';
    expect(notifyPlayer('bob moved: your turn', 'Backgammon', '/play/g1')).toBe(true);
    const [notice] = FakeNotification.shown;
    expect(notice?.title).toBe('bob moved: your turn');
    expect(notice?.options?.body).toBe('Backgammon');
    notice?.onclick?.(new Event('click'));
    expect(focused).toBe(1);
    expect(paths).toEqual(['/play/g1']);
    expect(notice?.closed).toBe(true);
  });

  it('stays silent while the page is seen, or without the API', () => {
    page(true, false);
    FakeNotification.permission = 'granted';
    expect(notifyPlayer('x', 'y', '/play/g1')).toBe(false);
    page(false, true);
    expect(notifyPlayer('x', 'y', '/play/g1')).toBe(false);
    expect(FakeNotification.shown).toEqual([]);
  });
});

describe('the opponent’s move in a frame of a correspondence match', () => {
  const seats: [SeatView, SeatView] = [
    { name: 'ana', kind: 'human', taken: true },
    { name: 'bob', kind: 'human', taken: true },
  ];
  const base = matchView(
    newMatch(MATCH_DEFAULTS),
    { id: 'game01', status: 'playing', players: seats, you: 0, hint: false, analysable: false, ...CASUAL_UNTIMED },
    [],
  );
  const view = (actor: 0 | 1 | null, status: GameView['status'] = 'playing'): GameView => ({
    ...base,
    status,
    clock: {
      delayMs: 0,
      perPointMs: 2 * 86_400_000,
      reserve: [86_400_000, 86_400_000],
      delay: 0,
      actor,
      running: true,
    },
    game: { ...base.game, actor },
  });

  it('is a correspondence match by its days, or, on a short day, by the player’s own list', () => {
    expect(correspondenceByClock(view(0))).toBe(true);
    expect(listSettles(view(0))).toBe(false);
    expect(correspondenceByClock(base)).toBe(false);
    expect(listSettles(base)).toBe(false);
    const clock = { delayMs: 0, perPointMs: 30_000, reserve: [30_000, 30_000] as [number, number], delay: 0 };
    const short: GameView = { ...view(0), clock: { ...clock, actor: 0, running: true } };
    expect(correspondenceByClock(short)).toBe(false);
    expect(listSettles(short)).toBe(true);
    // A spectator has no list to ask, a match over needs no notice, a clock with a delay is live.
    expect(listSettles({ ...short, you: null })).toBe(false);
    expect(listSettles({ ...short, status: 'over' })).toBe(false);
    expect(listSettles({ ...short, clock: { ...clock, delayMs: 8_000, actor: 0, running: true } })).toBe(false);
  });

  it('makes it the viewer’s turn when someone else was to act in the frame before', () => {
    expect(becameYourTurn(1, view(0))).toBe(true);
    expect(becameYourTurn(null, view(0))).toBe(true);
    // The page's first frame, his own roll, the opponent still to act, a match over: no news.
    expect(becameYourTurn(undefined, view(0))).toBe(false);
    expect(becameYourTurn(0, view(0))).toBe(false);
    expect(becameYourTurn(0, view(1))).toBe(false);
    expect(becameYourTurn(1, view(0, 'over'))).toBe(false);
    expect(becameYourTurn(1, { ...view(0), you: null })).toBe(false);
  });
});
