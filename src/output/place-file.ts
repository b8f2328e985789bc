import { copyFileSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Writes `bytes` as `file` (relative, `/`-separated) of the output being made in `dir`. Where the output it replaces,
 * `previous`, has that file with the same bytes, the file is linked instead (a second name for it): a rebuild then
 * makes and deletes only the files that changed. Nothing is ever written into a file that a previous output
 * holds, so a server still sending one sends it whole and unchanged.
 *
 * This pays at the sizes sites have: a rebuild of 10,026 pages that deleted its previous output and wrote every
 * file anew spent seconds more making files on ext4 (see docs/architecture.md).
 */
export function placeFile(dir: string, file: string, bytes: Uint8Array, previous: string | undefined): void {
  const target = path.join(dir, ...file.split('/'));
  const before = previous === undefined ? undefined : path.join(previous, ...file.split('/'));
  withFolder(target, () => {
    if (before !== undefined && sameBytes(before, bytes)) {
      try {
        linkSync(before, target);
        return;
      } catch (error) {
        // A missing folder is made by withFolder; any other failure (no hard links on this disk) writes the file.
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw error;
      }
    }
    writeNew(target, bytes);
  });
}

/** Places `source` as `file` by a hard link, or a copy where the disk cannot link (another disk): for a source nothing ever writes into. */
export function linkFile(dir: string, file: string, source: string): void {
  const target = path.join(dir, ...file.split('/'));
  withFolder(target, () => {
    try {
      linkSync(source, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw error;
      copyFileSync(source, target);
    }
  });
}

/** Writes a new file; one already at the target (which may be a link to a previous output's file) is replaced, never written into. */
function writeNew(target: string, bytes: Uint8Array): void {
  try {
    writeFileSync(target, bytes, { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    unlinkSync(target);
    writeFileSync(target, bytes, { flag: 'wx' });
  }
}

/** Runs `place`, making the target's folder first if it is missing. */
function withFolder(target: string, place: () => void): void {
  try {
    place();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    mkdirSync(path.dirname(target), { recursive: true });
    place();
  }
}

function sameBytes(file: string, bytes: Uint8Array): boolean {
  try {
    return readFileSync(file).equals(bytes);
  } catch {
    return false;
  }
}
