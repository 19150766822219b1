import { navigate } from '../router.js';

/** The service worker's message on a notice's click (public/sw-notices.js): open this path. */
export const OPEN_PATH = 'zar-open-path';

/** The path a message asks to open, or null: only a path of this site, never another origin's address. */
export function pathToOpen(data: unknown, origin: string): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const { type, path } = data as { type?: unknown; path?: unknown };
  if (type !== OPEN_PATH || typeof path !== 'string' || !path.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(path, origin);
  } catch {
    return null;
  }
  return url.origin === origin ? url.pathname + url.search + url.hash : null;
}

/** The page's service workers, or null where there are none (an old browser, a page not on HTTPS). */
export function serviceWorkers(): ServiceWorkerContainer | null {
  const nav = (globalThis as { navigator?: { serviceWorker?: ServiceWorkerContainer } }).navigator;
  return nav?.serviceWorker ?? null;
}

/**
 * Opens, in this window, the game of a notice the player clicked: the service worker focuses
 * the window and sends the path (it cannot move a window it does not control; see
 * public/sw-notices.js). Routed in place, so the page is not reloaded. Nothing where the
 * browser has no service workers. Returns the removal of the listener.
 */
export function followNoticeClicks(): () => void {
  const workers = serviceWorkers();
  if (workers === null) return () => undefined;
  const open = (e: MessageEvent): void => {
    const path = pathToOpen(e.data, location.origin);
    if (path !== null && path !== location.pathname + location.search + location.hash) navigate(path);
  };
  workers.addEventListener('message', open);
  return () => workers.removeEventListener('message', open);
}
