// The engine as a library, for scripts and tests that run it as `site` does (see bin/engine-bundle.mjs).
export { build, LARGE_SITE, type BuildResult } from './build.ts';
export type { BuildOptions } from './core/config.ts';
export { SiteError, SiteErrorList, siteErrorsOf, formatSiteError } from './core/errors.ts';
export type { OutputFile } from './core/output-file.ts';
export { PageMemory } from './pages/page-memory.ts';
export { prepareInstall } from './prepare.ts';
export { formatReport, type BuildReport } from './report.ts';
export { startServer, type RunningServer } from './serve/server.ts';
