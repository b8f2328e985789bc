#!/usr/bin/env node
// The `site` command. The engine is TypeScript, compiled once at install (bin/compile-engine.mjs, the package's
// `prepare`) into node_modules/.cache/site/engine, and compiles the site's templates itself, so `npx site ...`
// works right after `npm ci` with no compile step of your own. It starts that folder's cli.js as it is, without
// reading src/: after an edit of the engine, `npm run prepare` compiles it again.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { COMPILED_ENGINE } from '../src/core/engine-folder.mjs';

// React picks its build when first loaded: production, unless the user asked otherwise. Development React renders
// about three times slower and takes other code paths than the one that ships.
process.env.NODE_ENV ??= 'production';

const cli = fileURLToPath(new URL(`../${COMPILED_ENGINE}/cli.js`, import.meta.url));
if (!existsSync(cli)) {
  // Installed with --ignore-scripts, or the cache was deleted: compiled now, once.
  process.stderr.write(`site: compiling the engine into ${COMPILED_ENGINE} (once: npm ci does it at install)\n`);
  const { compileEngine } = await import('./compile-engine.mjs');
  await compileEngine();
}
const { main } = await import(pathToFileURL(cli).href);
process.exitCode = await main(process.argv);
