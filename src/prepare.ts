import { bundleClientScripts } from './core/client-script.ts';
import { patchedDecapBundle } from './editor/editor-files.ts';

/**
 * What `npm install` prepares besides the compiled engine (bin/compile-engine.mjs calls this): the parts of a first
 * build that depend only on the installed packages, never on the site, kept in the build cache. Without it a fresh
 * clone's first build bundled the engine's browser scripts, about 0.3 s, and patched Decap's bundle (the build's peak
 * memory 20 MB higher).
 */
export async function prepareInstall(): Promise<void> {
  await Promise.all([bundleClientScripts(), patchedDecapBundle()]);
}
