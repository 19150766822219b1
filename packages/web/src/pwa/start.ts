import { Workbox } from 'workbox-window';
import { pwaText } from './text/index.js';
import { showUpdateNotice } from './update-notice.js';

/*
 * Registers the service worker that vite-plugin-pwa builds (dist/sw.js; see build/pwa.ts) and
 * announces a new version. This module is its own entry, loaded by its own <script> tag, not
 * imported by the app: the app's entry bundle is at its budget, and nothing here is needed
 * for the first paint. It shares no module with the app, so the app's chunks do not change.
 */

/** The worker's address and scope: the whole site, as the manifest's start_url is '/'. */
const WORKER = '/sw.js';

/**
 * A page loaded before the worker first took control fetched its language and page chunks
 * past it; fetching them again through the worker stores them in its runtime cache, so
 * the same pages open offline after this first visit (they come from the HTTP cache).
 */
function keepLoadedChunks(): void {
  for (const entry of performance.getEntriesByType('resource')) {
    const url = new URL(entry.name);
    if (url.origin === location.origin && url.pathname.startsWith('/assets/')) void fetch(url).catch(() => {});
  }
}

function start(): void {
  const wb = new Workbox(WORKER, { scope: '/' });
  let registration: ServiceWorkerRegistration | undefined;
  // A new version waits (registerType 'prompt': the worker never skips waiting by itself)
  // until the player reloads; another tab may already have let it in.
  const reload = (): void => {
    if (registration?.waiting) {
      wb.addEventListener('controlling', () => location.reload());
      wb.messageSkipWaiting();
    } else location.reload();
  };
  wb.addEventListener('waiting', () => showUpdateNotice(pwaText(document.documentElement.lang), reload));
  wb.addEventListener('controlling', (e) => {
    if (!e.isUpdate) keepLoadedChunks();
  });
  // Workbox registers after the page's load event, so the precache never slows the first load.
  wb.register().then(
    (r) => {
      registration = r;
    },
    () => {},
  );
}

if ('serviceWorker' in navigator) start();
