import { lstatSync, opendirSync, readdirSync, rmSync, unlinkSync } from 'node:fs';
import { mkdir, rename, rm, rmdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { eachLimited } from '../bounded-work.ts';

/**
 * A replaced output kept to be written over by the next build. Making thousands of new files can cost more than
 * rendering them (on ext4 without a journal, a new file after many deletions takes about 0.6 ms of kernel time),
 * while writing over a file of about the same size costs next to nothing. So the output a build replaces is not
 * deleted but moved to one spare slot, and the next build takes it as its staging folder: it writes each file
 * over the old one of that name, and removes what the new output no longer has before the swap.
 */
export interface SpareOutput {
  /**
   * Its folders, relative to it with `/` separators: one where the new output has a file is removed, and emptied
   * ones are removed. Its files are not held: at 100,026 pages, 10 MB of names for the whole build; they are
   * walked again once the new output is written (see removeStale).
   */
  folders: Set<string>;
}

/** Stale files unlinked at once: enough to keep libuv's threads busy. */
const UNLINKS_AT_ONCE = 32;

/**
 * Moves the spare output kept at `spare` to `dir` (which must not exist yet) and returns what it holds; undefined
 * when there is none to take (none kept, another build took it, or it is on another disk), and then `dir` does
 * not exist. Whatever a write in place could not safely reuse is removed first: a symbolic link (writing through
 * it would change a file outside the output), a file with other hard links (they would change with it), an
 * executable or read-only file (the new file would keep that mode), anything neither file nor folder.
 */
export async function takeSpare(spare: string, dir: string): Promise<SpareOutput | undefined> {
  try {
    await rename(spare, dir);
  } catch {
    return undefined;
  }
  const taken: SpareOutput = { folders: new Set() };
  // Synchronously: the build waits for the walk either way, and a promise per lstat cost about three times the
  // main thread's time (10,052 files: 44 ms against 139 ms).
  const walk = (folder: string, prefix: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const absolute = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        taken.folders.add(`${prefix}${entry.name}`);
        walk(absolute, `${prefix}${entry.name}/`);
      } else if (!entry.isFile()) {
        rmSync(absolute, { force: true }); // a symbolic link goes, not what it points to
      } else {
        const { nlink, mode } = lstatSync(absolute);
        if (nlink !== 1 || (mode & 0o111) !== 0 || (mode & 0o200) === 0) unlinkSync(absolute);
      }
    }
  };
  try {
    walk(dir, '');
    return taken;
  } catch {
    // Unreadable in part: not worth a failed build. The next output is written from scratch instead.
    await rm(dir, { recursive: true, force: true });
    return undefined;
  }
}

/**
 * Makes way in a taken spare for files about to be written at `files`: a spare file where the new output needs a
 * folder, or a spare folder where it has a file, is removed.
 */
export async function makeWay(dir: string, taken: SpareOutput, files: readonly string[]): Promise<void> {
  const folders = new Set<string>();
  for (const file of files) {
    for (let slash = file.indexOf('/'); slash >= 0; slash = file.indexOf('/', slash + 1)) folders.add(file.slice(0, slash));
  }
  // A folder the spare does not have may be a file of it: a few folders to look at, however many files.
  for (const folder of folders) {
    if (taken.folders.has(folder)) continue;
    const found = lstatSync(path.join(dir, folder), { throwIfNoEntry: false });
    if (found && !found.isDirectory()) await unlink(path.join(dir, folder));
  }
  for (const file of files) {
    if (!taken.folders.has(file)) continue;
    await rm(path.join(dir, file), { recursive: true, force: true });
    for (const name of taken.folders) if (name === file || name.startsWith(`${file}/`)) taken.folders.delete(name);
  }
}

/**
 * Removes from a taken spare every file the new output did not write, and the folders left empty. The folder is
 * walked one entry at a time: no list of its files, which a large site's are.
 */
export async function removeStale(dir: string, taken: SpareOutput, written: { has(path: string): boolean }): Promise<void> {
  const stale: string[] = [];
  const walk = (folder: string, prefix: string): void => {
    const entries = opendirSync(folder);
    try {
      for (let entry = entries.readSync(); entry !== null; entry = entries.readSync()) {
        const name = `${prefix}${entry.name}`;
        if (entry.isDirectory()) walk(path.join(folder, entry.name), `${name}/`);
        else if (!written.has(name)) stale.push(name);
      }
    } finally {
      entries.closeSync();
    }
  };
  walk(dir, '');
  await eachLimited(stale, UNLINKS_AT_ONCE, (file) => unlink(path.join(dir, file)));
  // Longest first, so a folder comes before the one holding it.
  for (const folder of [...taken.folders].sort((a, b) => b.length - a.length)) {
    await rmdir(path.join(dir, folder)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
    });
  }
}

/** Keeps `folder` (a replaced or abandoned output) as the spare; removes it when the slot is taken or elsewhere. */
export async function keepAsSpare(folder: string, spare: string): Promise<void> {
  try {
    await mkdir(path.dirname(spare), { recursive: true });
    await rename(folder, spare);
  } catch {
    await rm(folder, { recursive: true, force: true });
  }
}
