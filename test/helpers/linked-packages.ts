import { mkdir, readdir, symlink } from 'node:fs/promises';
import path from 'node:path';

/**
 * Gives the copy of the project at `to` a node_modules of links to each package of `from`'s, and no build cache:
 * the copy compiles its own engine from its own src/ when it first runs, as a clone installed with --ignore-scripts
 * does. A link to the whole node_modules would not do: Node follows it to its real place, so the copy would run the
 * engine compiled from `from`'s src/ and fill `from`'s caches.
 */
export async function linkPackages(from: string, to: string): Promise<void> {
  const own = path.join(to, 'node_modules');
  await mkdir(own, { recursive: true });
  for (const name of await readdir(path.join(from, 'node_modules'))) {
    if (name !== '.cache') await symlink(path.join(from, 'node_modules', name), path.join(own, name));
  }
}
