import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Set by bin/engine-bundle.mjs when it compiles the engine: the bundle runs from a cache folder, so a path
// relative to the running module no longer points into src/.
declare const SITE_ENGINE_SOURCE: string | undefined;
declare const SITE_ENGINE_BUNDLE: string | undefined;

/** The engine's source folder, also when the engine runs from its compiled bundle. */
export const ENGINE_SOURCE = typeof SITE_ENGINE_SOURCE === 'string' ? SITE_ENGINE_SOURCE : path.dirname(fileURLToPath(import.meta.url));

/** A file of the engine's package, by its path relative to src/ (client scripts, the bin, the worker entry). */
export const engineFile = (relative: string): string => path.join(ENGINE_SOURCE, relative);

/**
 * The folder of the compiled engine when it runs from one, else undefined (the engine runs as TypeScript under a
 * loader: tsx, or the test runner). A compiled engine cannot import TypeScript, so it compiles the templates too.
 */
export const ENGINE_BUNDLE: string | undefined = typeof SITE_ENGINE_BUNDLE === 'string' ? SITE_ENGINE_BUNDLE : undefined;
