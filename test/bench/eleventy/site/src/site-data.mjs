// The site's data as our engine hands it to pages, loaded by the Astro bench's own loader
// (test/bench/astro/site/src/site-data.mjs), so both peers read the same records the same way. It is imported from
// the repository (BENCH_REPO), since this folder runs from its copy in the bench's cache; `@site-templates/` and the
// engine shim resolve through engine-resolve.mjs, as the loader's own imports expect.
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const repo = process.env.BENCH_REPO ?? path.resolve('../../../..');
const loader = await import(pathToFileURL(path.join(repo, 'test/bench/astro/site/src/site-data.mjs')).href);

/** The data and the build's facts, loaded once a process: `{ data, info: { url, time, env }, lang, siteName, headMeta }`. */
export const siteData = loader.siteData;
/** JSON for a `<script type="application/json">` block, as the engine writes it. */
export const jsonForScript = loader.jsonForScript;
