// Eleventy 3 building our city-service landing pages, for the bench to time beside our engine (see README.md here).
// Plain JavaScript with Node's own modules only, so any Node binary runs it. Installs as the Astro bench does
// (ensureInstalled of ../astro/astro-bench.mjs), and counts pages as it does; test/bench/run-bench.ts runs it.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { countPages, ensureInstalled, installedDir, repoRoot, syncSources } from '../astro/astro-bench.mjs';

export { countPages };

const here = path.dirname(fileURLToPath(import.meta.url));
/** The Eleventy project as kept in the repository: package.json, eleventy.config.mjs, src/. */
export const projectDir = path.join(here, 'site');
const NAME = 'eleventy';

/** Where the Eleventy project is installed: node_modules/.cache/site-bench/eleventy-<hash of package.json>. */
export const eleventyDir = () => installedDir(projectDir, NAME);

/**
 * Installs the Eleventy project once (ensureInstalled: `npm install` of site/package.json into the cache); its own
 * files (eleventy.config.mjs, src/) are copied again on every call when they changed, so an edit to them needs no
 * new install. Returns the folder.
 */
export function ensureEleventy(options = {}) {
  const dir = ensureInstalled({ ...options, project: projectDir, name: NAME });
  syncSources(projectDir, dir, ['eleventy.config.mjs', 'src']);
  return dir;
}

/**
 * How to build the Eleventy project once, as one process the caller times: `spawn(command, args, { cwd, env })`.
 * `data` is the data folder (default: the repository's data/), `outDir` where the pages go (Eleventy does not empty
 * it: give it a new folder), `node` the Node binary (default: this one). `silent` passes Eleventy's --quiet (no line
 * per page). Call ensureEleventy() first.
 */
export function eleventyBuildCommand({
  data = path.join(repoRoot, 'data'),
  outDir,
  node = process.execPath,
  silent = false,
  dir = eleventyDir(),
} = {}) {
  if (!outDir) throw new Error('eleventyBuildCommand: outDir is required');
  return {
    command: node,
    args: [
      path.join(dir, 'node_modules/@11ty/eleventy/cmd.cjs'),
      '--config=eleventy.config.mjs',
      ...(silent ? ['--quiet'] : []),
    ],
    cwd: dir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      BENCH_REPO: repoRoot,
      BENCH_DATA: path.resolve(data),
      BENCH_OUT: path.resolve(outDir),
    },
  };
}
