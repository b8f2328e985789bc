// The engine for tests: its TypeScript sources, which vitest runs, so a test sees the current src/ without a
// compile step and its errors are instances of src/core/errors.ts's classes. The templates a build compiles import
// this same src/index.ts (vitest.config.ts loads them through vitest, not Node), so pages and engine share its React
// contexts. What starts compiled JavaScript (bin/site.mjs, the check worker, the build process of `site serve`)
// runs the folder test/compile-engine.global-setup.ts compiles once per run.

// As bin/site.mjs sets it: production React unless the test run asked otherwise.
process.env.NODE_ENV ??= 'production';

export {
  build,
  formatReport,
  formatSiteError,
  LARGE_SITE,
  PageMemory,
  SiteError,
  SiteErrorList,
  siteErrorsOf,
  startServer,
} from '../../src/api.ts';
export type { BuildOptions, BuildReport, BuildResult, OutputFile, RunningServer } from '../../src/api.ts';
