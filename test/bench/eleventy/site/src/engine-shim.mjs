// Stands in for the engine's `src/index.ts` when Eleventy loads our templates' TypeScript (the site definition, its
// schemas and lib/): the resolve hook in engine-resolve.mjs sends every import that resolves to that file here. It is
// the Astro bench's shim (test/bench/astro/site/src/engine-shim.mjs), imported from the repository (BENCH_REPO), since
// this folder runs from its copy in the bench's cache: one stand-in for both peers. Nothing of src/ is imported.
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const repo = process.env.BENCH_REPO ?? path.resolve('../../../..');
const shim = await import(pathToFileURL(path.join(repo, 'test/bench/astro/site/src/engine-shim.mjs')).href);

export const {
  deepFreeze,
  escapeHtml,
  normaliseSiteUrl,
  defineSite,
  jsonFile,
  jsonFolder,
  jsonFolderOnDemand,
  markdownFolder,
} = shim;
