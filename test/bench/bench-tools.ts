// What only `npm run bench` uses (test/bench/tools/package.json), kept out of the project's install: `npm ci`
// installs what the build and the tests use. The bench installs these once into node_modules/.cache/site-bench/.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureInstalled } from './astro/astro-bench.mjs';

const TOOLS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'tools');

/** A require() that resolves from the bench's tools folder, installing it first when it is not. */
export function benchRequire(): NodeJS.Require {
  const dir = ensureInstalled({ project: TOOLS, name: 'tools' });
  return createRequire(path.join(dir, 'package.json'));
}
