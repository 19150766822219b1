import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/test/**/*.test.ts', 'tools/**/*.test.ts'],
    reporters: ['default', './tools/final-line-reporter.ts'],
    testTimeout: 60_000,
    pool: 'threads',
  },
});
