import type { Dirent } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

export interface ListOptions {
  /** Into subfolders too. */
  recursive?: boolean;
  /** Names starting with `.` too (files and folders); skipped otherwise. */
  dot?: boolean;
  /** Names (of files or folders) to leave out, with everything under them. */
  skip?: (name: string) => boolean;
  /** Only files whose name ends so, such as `.md`, or one of several. */
  endsWith?: string | readonly string[];
}

// Folders deeper than this are not followed: a symbolic link that loops would otherwise never end.
const MAX_DEPTH = 40;

/**
 * The files under `dir`, as sorted paths relative to it with `/` separators; a missing folder has none. Symbolic
 * links are followed. The few patterns the engine needs, without loading a glob library at every build.
 */
export async function listFiles(dir: string, options: ListOptions = {}): Promise<string[]> {
  const endings = options.endsWith === undefined ? undefined : typeof options.endsWith === 'string' ? [options.endsWith] : options.endsWith;
  const found: string[] = [];
  const walk = async (folder: string, prefix: string, depth: number): Promise<void> => {
    const entries = await readdir(folder, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return [] as Dirent[];
      throw error;
    });
    for (const entry of entries) {
      if ((!options.dot && entry.name.startsWith('.')) || options.skip?.(entry.name)) continue;
      const absolute = path.join(folder, entry.name);
      const kind = entry.isSymbolicLink() ? await stat(absolute).catch(() => undefined) : entry;
      if (kind?.isDirectory()) {
        if (options.recursive && depth < MAX_DEPTH) await walk(absolute, `${prefix}${entry.name}/`, depth + 1);
      } else if (kind?.isFile() && (!endings || endings.some((ending) => entry.name.endsWith(ending)))) {
        found.push(`${prefix}${entry.name}`);
      }
    }
  };
  await walk(dir, '', 0);
  return found.sort();
}
