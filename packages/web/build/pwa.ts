import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** The module that registers the worker and announces updates; its own entry (see src/pwa/start.ts). */
const START = fileURLToPath(new URL('../src/pwa/start.ts', import.meta.url));

/**
 * Languages other than English. Their catalogue and learn chunks (assets/<lang>-<hash>.js) are
 * left out of the precache, so a visitor does not download seven languages they never read;
 * the runtime cache below keeps the one they use.
 */
const OTHER_LANGS = 'ro,tr,ru,uk,el,bg,ar';

/** The page's ground in the light theme (styles.css --bg): the splash screen and the title bar. */
const PAPER = '#faf6ee';

/**
 * The offline bots' files: the offline play's Web Worker and what it alone loads (the bot's
 * code, each game's net), named so by vite.config.ts's worker output. Never precached: they are
 * fetched when offline play is first chosen, and kept then.
 */
const OFFLINE_BOTS = 'assets/offline-bot-*.js';

/** The worker's handling of the turn notifications' clicks (public/sw-notices.js), beside sw.js. */
const NOTICES = 'sw-notices.js';

/**
 * The caches the worker keeps besides its precache. Each is its own cache, so a later kind of
 * download gets its own rule and its own limits without touching these. The first rule that
 * matches a request answers it: the offline bots' before the other chunks'.
 */
const RUNTIME_CACHES = [
  {
    // Kept for offline play once fetched (docs/operations.md, Install Zar); a new version's names are new files.
    urlPattern: /\/assets\/offline-bot-[^/]+\.js$/,
    handler: 'CacheFirst' as const,
    options: { cacheName: 'zar-offline-bots', expiration: { maxEntries: 40 } },
  },
  {
    // Hashed chunks the precache leaves out (the other languages): a name never changes its content.
    urlPattern: /\/assets\/[^/]+\.(?:js|css)$/,
    handler: 'CacheFirst' as const,
    options: { cacheName: 'zar-chunks', expiration: { maxEntries: 60 } },
  },
  {
    urlPattern: /\/sounds\/[^/]+\.wav$/,
    handler: 'CacheFirst' as const,
    options: { cacheName: 'zar-sounds', expiration: { maxEntries: 20 } },
  },
];

/**
 * Zar as an installable app: the web app manifest and a Workbox service worker built by
 * vite-plugin-pwa, and the small entry that registers it (added to index.html by
 * startScript). The worker precaches the app shell and every page's code (learn, puzzles,
 * the analysis board), answers every navigation with the app's page when offline, and waits
 * for the player to reload before a new version takes over (registerType 'prompt').
 */
export function pwa(): Plugin[] {
  return [
    ...VitePWA({
      registerType: 'prompt',
      // Registered by src/pwa/start.ts, outside the entry bundle.
      injectRegister: false,
      manifest: {
        id: '/',
        name: 'Zar: backgammon, long nardy, plakoto, fevga, gul bara',
        short_name: 'Zar',
        description: 'Backgammon, long nardy, plakoto, fevga and gul bara: play, learn, analyse.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: PAPER,
        background_color: PAPER,
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The manifest's icons are added by the plugin (includeManifestIcons).
        globPatterns: ['**/*.{js,css,html,svg}'],
        // The worker's own script is fetched by the browser with sw.js, never by a page.
        globIgnores: [`assets/{${OTHER_LANGS}}-*.js`, OFFLINE_BOTS, NOTICES],
        navigateFallback: 'index.html',
        // The server's own paths are never the app's page.
        navigateFallbackDenylist: [/^\/api\//, /^\/ws$/],
        // The first install takes the open page at once (there is no older version to
        // replace); an update still waits for the player (skipWaiting stays off).
        clientsClaim: true,
        cleanupOutdatedCaches: true,
        runtimeCaching: RUNTIME_CACHES,
        // The turn notifications' clicks (public/sw-notices.js), run by the worker itself: a
        // file of its own, as generateSW writes the rest of the worker.
        importScripts: [NOTICES],
      },
    }),
    startScript(),
  ];
}

/**
 * Builds src/pwa/start.ts as an entry of its own and adds its <script type="module"> to
 * index.html. Imported by the app instead, it would grow the entry bundle, which is at its
 * budget; bundle-budget.ts holds this entry, named 'pwa', to a budget of its own.
 */
function startScript(): Plugin {
  return {
    name: 'zar-pwa-start',
    apply: 'build',
    buildStart() {
      this.emitFile({ type: 'chunk', id: START, name: 'pwa' });
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunk = Object.values(ctx.bundle ?? {}).find((c) => c.type === 'chunk' && c.facadeModuleId === START);
        if (chunk === undefined) throw new Error('pwa: the start chunk is not in the bundle');
        // Low priority: on a slow line the app's own chunks come first (module scripts run in
        // order, so it runs after them anyway).
        const attrs = { type: 'module', crossorigin: true, fetchpriority: 'low', src: `/${chunk.fileName}` };
        return [{ tag: 'script', attrs, injectTo: 'body' }];
      },
    },
  };
}
