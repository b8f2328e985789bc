// The engine as a library: for the install (bin/compile-engine.mjs calls prepareInstall from the compiled api.js),
// and for scripts and tests, which import it from src/ (test/helpers/engine.ts).
export { build, type BuildResult, LARGE_SITE } from './build.ts';
export type { BuildOptions } from './core/config.ts';
export { formatSiteError, SiteError, SiteErrorList, siteErrorsOf } from './core/errors.ts';
export type { OutputFile } from './core/output-file.ts';
export { PageMemory } from './pages/page-memory.ts';
export { prepareInstall } from './prepare.ts';
export { type BuildReport, formatReport } from './report.ts';
export { type RunningServer, startServer } from './serve/server.ts';
