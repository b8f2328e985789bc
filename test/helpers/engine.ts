// The engine as `site` runs it: compiled by bin/engine-bundle.mjs (with its caches), never its TypeScript sources.
// Tests that build, serve or inspect errors go through this module, so they run what users run.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { compiledEngine } from '../../bin/engine-bundle.mjs';

// As bin/site.mjs sets it: production React unless the test run asked otherwise.
process.env.NODE_ENV ??= 'production';

type Engine = typeof import('../../src/api.ts');

const engine = (await import(pathToFileURL(path.join(await compiledEngine(), 'api.js')).href)) as Engine;

export const {
  build,
  startServer,
  SiteError,
  SiteErrorList,
  siteErrorsOf,
  formatSiteError,
  formatReport,
  LARGE_SITE,
  PageMemory,
} = engine;
export type { BuildOptions, BuildReport, BuildResult, OutputFile, RunningServer } from '../../src/api.ts';
/** An error the compiled engine raises (an instance of its SiteError, not of src/core/errors.ts's). */
export type SiteError = InstanceType<typeof SiteError>;
