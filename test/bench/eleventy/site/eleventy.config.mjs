// Eleventy 3 building our city-service landing pages (see ../README.md). Run through ../eleventy-bench.mjs, which
// copies this project into node_modules/.cache/site-bench/ with its dependencies installed and sets:
//   BENCH_REPO  the repository whose templates/ (site definition, schemas, lib/) are read (required there: this copy
//               is not in it)
//   BENCH_DATA  the data folder (default: BENCH_REPO/data)
//   BENCH_OUT   the output folder (default: ./dist)
// The templates' modules are TypeScript: tsx loads them (Eleventy's documented way to TypeScript), and a resolve
// hook sends `@site-templates/...` to BENCH_REPO/templates/ and the engine's src/index.ts to src/engine-shim.mjs.
import { register } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { register as registerTsx } from 'tsx/esm/api';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(process.env.BENCH_REPO ?? path.join(here, '../../../..'));
process.env.BENCH_REPO = repo;

registerTsx();
// Registered after tsx's hooks, so it runs before them (hooks chain last in, first out).
register('./src/engine-resolve.mjs', import.meta.url, {
  data: {
    engineIndex: pathToFileURL(path.join(repo, 'src/index.ts')).href,
    shim: pathToFileURL(path.join(here, 'src/engine-shim.mjs')).href,
    templates: pathToFileURL(path.join(repo, 'templates/')).href,
  },
});

export default function (eleventyConfig) {
  eleventyConfig.setTemplateFormats(['11ty.js']);
  // Nothing here reaches the network: no fonts, images or remote content, and Eleventy sends no telemetry.
  return {
    dir: { input: 'src/pages', output: process.env.BENCH_OUT ?? 'dist' },
  };
}
