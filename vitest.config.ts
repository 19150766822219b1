import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Vitest keeps a core for itself by default (cores - 1 workers): on the two-core machines the
 * suite runs on, that was one worker, and every file waited for the one before it. Vitest's
 * own process mostly waits on its workers, so the unit tests take every core.
 */
const WORKERS = Math.max(2, availableParallelism());

export default defineConfig({
  test: {
    reporters: ['default', './tools/final-line-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/test/**/*.test.ts', 'tools/**/*.test.ts'],
          testTimeout: 60_000,
          // Hooks start PostgreSQL, Redis and server instances and stop them: seconds each on a
          // loaded machine, past vitest's default of 10 s.
          hookTimeout: 60_000,
          pool: 'threads',
          maxWorkers: WORKERS,
          sequence: { groupOrder: 0 },
        },
      },
      {
        // Browser tests drive Debian's Chromium against a real server, one file at a time;
        // the global setup starts the server and the browser that the files share.
        test: {
          name: 'e2e',
          include: ['packages/web/e2e/**/*.e2e.test.ts'],
          globalSetup: ['packages/web/e2e/support/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          pool: 'forks',
          // After the unit tests, with the machine to themselves: a browser test beside them
          // took up to twice as long (the bot game by clicking, 10 s once), and nothing is won
          // by overlapping them on two cores.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
