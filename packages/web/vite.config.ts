import { fileURLToPath } from 'node:url';
import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';
import { bundleBudget } from './build/bundle-budget.js';
import { netSizes } from './build/net-sizes.js';
import { pwa } from './build/pwa.js';

/** Panels and pages no first page needs: the build fails if one of them lands in the entry bundle. */
const LAZY_ONLY = [
  'src/chat/chat-panel.tsx',
  'src/dice/verify-panel.tsx',
  'src/pages/dice.tsx',
  'src/pages/watch.tsx',
  'src/pages/tournament.tsx',
  'src/pages/tournaments.tsx',
];

/** The client is built from this folder; the server serves dist/ with an SPA fallback. */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [preact(), bundleBudget(100, LAZY_ONLY, { pwa: 5 }), ...pwa()],
  // The offline page says how large the bot it downloads is (src/offline/net-size.ts).
  define: { __ZAR_NET_KB__: JSON.stringify(netSizes()) },
  // The offline play's worker (src/offline/worker.ts) splits its nets into chunks of their own,
  // loaded on a game's first offline match; its files are named for the service worker's
  // runtime cache of the offline bots (build/pwa.ts).
  worker: {
    format: 'es',
    rollupOptions: {
      output: {
        entryFileNames: 'assets/offline-bot-[name]-[hash].js',
        chunkFileNames: 'assets/offline-bot-[name]-[hash].js',
      },
    },
  },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', sourcemap: false },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/ws': { target: 'ws://127.0.0.1:3000', ws: true },
    },
  },
});
