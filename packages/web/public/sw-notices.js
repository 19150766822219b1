/*
 * The service worker's part of the turn notifications (imported into the generated sw.js by
 * build/pwa.ts; the page raises them with registration.showNotification, src/notify/show.ts).
 * A click on a notice brings Zar forward on the notice's game: an open Zar window is focused
 * and told to open the path, or a new window opens at it.
 *
 * The window is told by a message (src/notify/notice-clicks.ts routes it in place) rather than
 * moved with WindowClient.navigate, which works only for a window this worker controls: a tab
 * opened with a forced reload, or one open before the worker was installed, is not; and a
 * message lets the page change route without reloading, its socket and table kept.
 */

/** The message a Zar window gets: open this path (src/notify/notice-clicks.ts). */
const OPEN_PATH = 'zar-open-path';

/**
 * The path a notice opens: its own (data.path), only if it is a path of this site; the home
 * page otherwise. The data is the page's own, but a path that led elsewhere would open
 * another site in the player's window.
 */
function noticePath(data) {
  const path = data !== null && typeof data === 'object' ? data.path : undefined;
  if (typeof path !== 'string' || !path.startsWith('/')) return '/';
  const origin = self.location.origin;
  let url;
  try {
    url = new URL(path, origin);
  } catch {
    return '/';
  }
  return url.origin === origin ? url.pathname + url.search + url.hash : '/';
}

/** The window to bring forward: one already on the path, else the one used last (matchAll's first). */
function chooseWindow(windows, path) {
  const origin = self.location.origin;
  const zar = windows.filter((w) => new URL(w.url).origin === origin);
  return (
    zar.find((w) => {
      const url = new URL(w.url);
      return url.pathname + url.search + url.hash === path;
    }) ?? zar[0]
  );
}

/** Brings a Zar window forward on the path, or opens one there. */
async function openNotice(path) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const chosen = chooseWindow(windows, path);
  if (chosen === undefined) {
    await self.clients.openWindow(path);
    return;
  }
  let shown = chosen;
  try {
    shown = (await chosen.focus()) ?? chosen;
  } catch {
    // The browser may refuse the focus: the window still opens the game, to be found there.
  }
  shown.postMessage({ type: OPEN_PATH, path });
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openNotice(noticePath(event.notification.data)));
});
