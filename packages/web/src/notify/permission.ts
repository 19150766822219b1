import { browserStorage, keep } from '../storage.js';

/*
 * Whether Zar may tell a player, through the browser's notifications, that it is his turn in a
 * correspondence match while its page is in the background. The browser is asked once, when
 * the player first starts (or seeks, or joins) such a match, from his click; whatever he
 * answers is kept, so that nothing asks again. The settings page turns them on (asking the
 * browser again where it still may) or off. A browser without notifications, or one that
 * refuses them, costs nothing else.
 */

/** What the player chose here: 'on', 'off'; absent until the browser has been asked. */
export const NOTIFY_KEY = 'zar.notify';

export type NotifyChoice = 'on' | 'off' | null;

/** A notification raised: what the page does with it. */
export interface Notice {
  onclick: ((ev: Event) => unknown) | null;
  close(): void;
}

/** The part of the browser's Notification API the page uses (a stub in tests). */
export interface NotificationApi {
  readonly permission: NotificationPermission;
  requestPermission(): Promise<NotificationPermission>;
  new (title: string, options?: NotificationOptions): Notice;
}

/** The browser's Notification API, or null where there is none (an old browser, an in-app web view). */
export function notificationApi(): NotificationApi | null {
  const api = (globalThis as { Notification?: NotificationApi }).Notification;
  return typeof api === 'function' ? api : null;
}

export function storedChoice(): NotifyChoice {
  const v = browserStorage()?.getItem(NOTIFY_KEY);
  return v === 'on' || v === 'off' ? v : null;
}

/** The browser may still be asked, and the player has not been asked here. */
export const shouldAsk = (api: NotificationApi | null, stored: NotifyChoice): boolean =>
  api !== null && api.permission === 'default' && stored === null;

/** A notification may be raised now: the browser allows it, the player has not turned it off, and the page is hidden. */
export const mayNotify = (api: NotificationApi | null, stored: NotifyChoice, hidden: boolean): boolean =>
  hidden && api !== null && api.permission === 'granted' && stored !== 'off';

/** The notifications are on, as the settings show them. */
export const notificationsOn = (api: NotificationApi | null, stored: NotifyChoice): boolean =>
  api !== null && api.permission === 'granted' && stored !== 'off';

/**
 * Asks the browser, from the player's click, and keeps the answer ('off' for a refusal or a
 * prompt closed unanswered, so that it is not asked again); resolves to the notifications
 * being on. A browser that throws (an old callback-only API) counts as a refusal.
 */
export async function requestNotifications(api: NotificationApi): Promise<boolean> {
  // Kept before the answer: a prompt left open and the page closed must not ask again either.
  keep(NOTIFY_KEY, 'off');
  let answer: NotificationPermission = 'denied';
  try {
    answer = await api.requestPermission();
  } catch {
    // Nothing to tell the player: the setting says the browser refused.
  }
  const on = answer === 'granted';
  keep(NOTIFY_KEY, on ? 'on' : 'off');
  return on;
}

/** The first correspondence match: asks the browser once, and never again. */
export function askToNotify(): void {
  const api = notificationApi();
  if (api === null || !shouldAsk(api, storedChoice())) return;
  void requestNotifications(api);
}
