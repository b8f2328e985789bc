import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Set by bin/engine-bundle.mjs when it compiles the engine: the bundle runs from a cache folder, so a path
// relative to the running module no longer points into src/.
declare const SITE_ENGINE_SOURCE: string | undefined;
declare const SITE_ENGINE_BUNDLE: string | undefined;

/** The engine's source folder, also when the engine runs from its compiled bundle. */
export const ENGINE_SOURCE =
  typeof SITE_ENGINE_SOURCE === 'string'
    ? SITE_ENGINE_SOURCE
    : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A file of the engine's package, by its path relative to src/ (client scripts, the bin). */
export const engineFile = (relative: string): string => path.join(ENGINE_SOURCE, relative);

/**
 * The folder of the compiled engine (see bin/engine-bundle.mjs), which the templates import it from and the check
 * worker starts from. Only a unit test of one module runs the sources without it.
 */
export function engineBundle(): string {
  if (typeof SITE_ENGINE_BUNDLE !== 'string') {
    throw new Error(
      'The engine runs compiled: start it with bin/site.mjs, or import it through bin/engine-bundle.mjs (compiledEngine).',
    );
  }
  return SITE_ENGINE_BUNDLE;
}
