import { fileURLToPath } from 'node:url';
import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';
import { bundleBudget } from './build/bundle-budget.js';
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
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', sourcemap: false },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/ws': { target: 'ws://127.0.0.1:3000', ws: true },
    },
  },
});
