// The removal of old cache entries, in plain JavaScript so that bin/compile-engine.mjs, which runs before the engine
// is compiled, removes the compiled engine's old chunks the same way the engine removes its other cache entries.
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/** Cache entries (records, folders) last written this long ago are removed: each changed input adds one. */
export const STALE_MS = 24 * 60 * 60 * 1000;

/**
 * Removes the entries of a cache folder not written for STALE_MS, but `keep` (one path, or several).
 * @type {(folder: string, keep?: string | ReadonlySet<string>) => Promise<void>}
 */
export async function removeStale(folder, keep) {
  const now = Date.now();
  for (const name of await readdir(folder).catch(() => [])) {
    const entry = path.join(folder, name);
    if (typeof keep === 'string' ? entry === keep : keep?.has(entry)) continue;
    const written = await stat(entry).catch(() => undefined);
    if (written && now - written.mtimeMs > STALE_MS) await rm(entry, { recursive: true, force: true }).catch(() => {});
  }
}
