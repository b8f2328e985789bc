import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    // Builds and browser tests spawn processes and Chromium; forks keep each file isolated.
    pool: 'forks',
    globalSetup: ['test/compile-engine.global-setup.ts'],
    // The templates a build compiles (node_modules/.cache/site/templates/) import the engine's src/index.ts: loaded
    // through vitest like the test's own import of src/, not by Node as files under node_modules are, that import
    // is the very module the test runs, so pages and engine share its React contexts (and Node never sees the .ts).
    server: { deps: { inline: [/\/node_modules\/\.cache\/site\/templates\//] } },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // What a browser test waits for (a service worker installing, an island hydrating) can take seconds on a busy
    // two-core machine; expect.poll's 1 s default made such tests fail there. It is a bound, not a speed target.
    expect: { poll: { timeout: 15_000 } },
  },
});
