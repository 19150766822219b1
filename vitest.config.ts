import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    reporters: ['default', './tools/final-line-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/test/**/*.test.ts', 'tools/**/*.test.ts'],
          testTimeout: 60_000,
          pool: 'threads',
        },
      },
      {
        // Browser tests drive Debian's Chromium against a real server, one file at a time.
        test: {
          name: 'e2e',
          include: ['packages/web/e2e/**/*.e2e.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          pool: 'forks',
        },
      },
    ],
  },
});
