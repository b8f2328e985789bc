import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    // Builds and browser tests spawn processes and Chromium; forks keep each file isolated.
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
