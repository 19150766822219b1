import { navigate } from '../router.js';
import { mayNotify, notificationApi, storedChoice } from './permission.js';

/** The page is in the background (another tab, a minimised window, a phone's other app). */
export const pageHidden = (): boolean => typeof document !== 'undefined' && document.hidden;

/**
 * Tells the player, when the page is hidden and he allows it, that a game wants him: `path` is
 * where a click on the notice takes him (the tab is brought forward and opens it). One notice
 * per game at a time: a newer one replaces it (its tag). Returns whether one was raised.
 */
export function notifyPlayer(title: string, body: string, path: string): boolean {
  const api = notificationApi();
  if (api === null || !mayNotify(api, storedChoice(), pageHidden())) return false;
  try {
    const notice = new api(title, { body, tag: path, icon: '/icons/icon-192.png' });
    notice.onclick = () => {
      globalThis.focus();
      navigate(path);
      notice.close();
    };
    return true;
  } catch {
    // Chrome on Android raises notices only through a service worker: there the page stays silent.
    return false;
  }
}
