import { navigate } from '../router.js';
import { serviceWorkers } from './notice-clicks.js';
import { mayNotify, type NotificationApi, notificationApi, storedChoice } from './permission.js';

/** The page is in the background (another tab, a minimised window, a phone's other app). */
export const pageHidden = (): boolean => typeof document !== 'undefined' && document.hidden;

/** What a notice carries: `data.path` is where its click leads (the service worker reads it). */
interface NoticeOptions extends NotificationOptions {
  readonly data: { readonly path: string };
}

/**
 * Tells the player, when the page is hidden and he allows it, that a game wants him: `path` is
 * where a click on the notice takes him (the tab is brought forward and opens it). One notice
 * per game at a time: a newer one replaces it (its tag). Returns whether one was raised, or
 * handed to the service worker to raise.
 *
 * The service worker raises it where one controls the page: Chrome on Android raises notices
 * only so (the page's `new Notification` throws there), and its click (public/sw-notices.js)
 * still finds the game after the page that raised it was reloaded or closed. Elsewhere (the
 * dev server, an old browser, a tab opened with a forced reload) the page raises it itself.
 */
export function notifyPlayer(title: string, body: string, path: string): boolean {
  const api = notificationApi();
  if (api === null || !mayNotify(api, storedChoice(), pageHidden())) return false;
  const options: NoticeOptions = { body, tag: path, icon: '/icons/icon-192.png', data: { path } };
  const workers = serviceWorkers();
  if (workers?.controller) {
    // A controlling worker is active, so `ready` resolves at once. A refusal is silent: the player's turn shows on the page.
    workers.ready.then((r) => r.showNotification(title, options)).catch(() => undefined);
    return true;
  }
  if (showOnPage(api, title, options)) return true;
  if (workers === null) return false;
  // The page's constructor throws on Android; a tab its worker does not control may still have one registered.
  workers
    .getRegistration()
    .then((r) => (r?.active ? r.showNotification(title, options) : undefined))
    .catch(() => undefined);
  return true;
}

/** Raises the notice with the page's own API, whose click brings this tab forward on the path; false where the browser refuses. */
function showOnPage(api: NotificationApi, title: string, options: NoticeOptions): boolean {
  try {
    const notice = new api(title, options);
    notice.onclick = () => {
      globalThis.focus();
      navigate(options.data.path);
      notice.close();
    };
    return true;
  } catch {
    return false;
  }
}
