import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { COMPILED_ENGINE } from './engine-folder.mjs';

// Where the engine's package is, found from this module's own file, so that a project moved or renamed with its
// node_modules runs its compiled engine unchanged: the bundle holds no absolute path. Compiled, this module is the
// entry `engine-files.js` at the top of the compiled folder, which every other file of it imports (see
// bin/compile-engine.mjs); run from its sources (vitest, tsx), it is src/core/engine-files.ts.

// Set to true by bin/compile-engine.mjs; undefined when the sources run.
declare const SITE_ENGINE_COMPILED: boolean | undefined;
const COMPILED = typeof SITE_ENGINE_COMPILED === 'boolean' && SITE_ENGINE_COMPILED;

const HERE = path.dirname(fileURLToPath(import.meta.url));
const PACKAGE = COMPILED ? path.resolve(HERE, path.relative(COMPILED_ENGINE, '.')) : path.resolve(HERE, '../..');

/** The engine's source folder (src/ of its package), also when the engine runs compiled. */
export const ENGINE_SOURCE = path.join(PACKAGE, 'src');

/** A file of the engine's package, by its path relative to src/ (client scripts, the bin). */
export const engineFile = (relative: string): string => path.join(ENGINE_SOURCE, relative);

/**
 * The folder of the compiled engine (bin/compile-engine.mjs makes it), which the check worker and the build process
 * of `site serve` start from: compiled JavaScript even when the sources run, since those only exchange plain data
 * with the thread or process that started them.
 */
export function engineBundle(): string {
  return path.join(PACKAGE, COMPILED_ENGINE);
}

/**
 * The module the templates import as the engine: the very module the running engine is (its compiled index.js, or
 * src/index.ts when the sources run), so pages and engine share one instance of its React contexts.
 */
export const ENGINE_INDEX = COMPILED ? path.join(engineBundle(), 'index.js') : path.join(ENGINE_SOURCE, 'index.ts');
