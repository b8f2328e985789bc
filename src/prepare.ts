import { bundleClientScripts } from './core/client-script.ts';
import { decapBundle, gzippedSize } from './editor/editor-files.ts';

/**
 * What `npm install` prepares besides the compiled engine (bin/engine-bundle.mjs calls this): the parts of a first
 * build that depend only on the installed packages, never on the site, kept in the build cache. Without it a fresh
 * clone's first build bundled the engine's browser scripts and gzipped Decap's 5 MB bundle, about 0.5 s.
 */
export async function prepareInstall(root: string): Promise<void> {
  await bundleClientScripts();
  let decap: string | undefined;
  try {
    decap = decapBundle(root);
  } catch {
    // No editor package installed: a site without an editor measures nothing.
  }
  if (decap) await gzippedSize(decap);
}
