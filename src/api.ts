// The engine as a library, for scripts and tests that run it as `site` does (see bin/engine-bundle.mjs).
export { build, type BuildResult, LARGE_SITE } from './build.ts';
export type { BuildOptions } from './core/config.ts';
export { formatSiteError, SiteError, SiteErrorList, siteErrorsOf } from './core/errors.ts';
export type { OutputFile } from './core/output-file.ts';
export { PageMemory } from './pages/page-memory.ts';
export { prepareInstall } from './prepare.ts';
export { type BuildReport, formatReport } from './report.ts';
export { type RunningServer, startServer } from './serve/server.ts';
