import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    // Builds and browser tests spawn processes and Chromium; forks keep each file isolated.
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // What a browser test waits for (a service worker installing, an island hydrating) can take seconds on a busy
    // two-core machine; expect.poll's 1 s default made such tests fail there. It is a bound, not a speed target.
    expect: { poll: { timeout: 15_000 } },
  },
});
