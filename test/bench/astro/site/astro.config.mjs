// Astro 5 building our city-service landing pages (see ../README.md). Run through ../astro-bench.mjs, which
// copies this project into node_modules/.cache/site-bench/ with its dependencies installed and sets:
//   BENCH_REPO  the repository whose templates/ are rendered (required there: this copy is not in it)
//   BENCH_DATA  the data folder (default: BENCH_REPO/data)
//   BENCH_OUT   the output folder (default: ./dist)
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(process.env.BENCH_REPO ?? path.join(here, '../../../..'));
process.env.BENCH_REPO = repo;
const engineIndex = path.join(repo, 'src/index.ts');
const shim = path.join(here, 'src/engine-shim.mjs');

/** Sends the templates' imports of the engine (`../../src/index.ts`) to the shim, by the path they resolve to. */
const engineShim = {
  name: 'site-engine-shim',
  enforce: 'pre',
  resolveId(source, importer) {
    if (!importer || !source.endsWith('src/index.ts') || !source.startsWith('.')) return null;
    const resolved = path.resolve(path.dirname(importer.split('?')[0]), source);
    return resolved === engineIndex ? shim : null;
  },
};

export default defineConfig({
  output: 'static',
  outDir: process.env.BENCH_OUT ?? './dist',
  build: { format: 'file' },
  // Nothing here reaches the network: no fonts, images or remote content; telemetry is off through the environment.
  devToolbar: { enabled: false },
  integrations: [react()],
  vite: {
    plugins: [engineShim],
    resolve: { alias: { '@site-templates': path.join(repo, 'templates') } },
  },
});
