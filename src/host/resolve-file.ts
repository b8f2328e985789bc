import type { Stats } from 'node:fs';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { HOST_CONFIG_FILES } from './host-files.ts';
import { relativeSegments } from './safe-path.ts';

/** A regular file inside the served folder, found by its real (symlink-free) path. */
export interface ResolvedFile {
  absPath: string;
  stat: Stats;
}

/** The regular file a decoded URL path names exactly (case-sensitively) inside root, or undefined. */
export async function findFile(root: string, decodedPath: string): Promise<ResolvedFile | undefined> {
  if (decodedPath.endsWith('/')) return undefined;
  const segments = relativeSegments(decodedPath);
  if (segments.length === 0 || segments.includes('..') || HOST_CONFIG_FILES.has(segments.join('/'))) return undefined;
  const lexical = path.join(root, ...segments);
  if (!isInside(root, lexical) || !(await hasExactCase(root, segments))) return undefined;
  try {
    const real = await fs.realpath(lexical);
    // A symlink may point anywhere; only its target's real path decides.
    if (!isInside(root, real) || HOST_CONFIG_FILES.has(path.relative(root, real).split(path.sep).join('/'))) {
      return undefined;
    }
    const stat = await fs.stat(real);
    return stat.isFile() ? { absPath: real, stat } : undefined;
  } catch {
    return undefined;
  }
}

/** The files a clean URL may name, in the order the host tries them (shared with the build's link check). */
export function pageFileCandidates(decodedPath: string): string[] {
  if (decodedPath === '/') return ['/index.html'];
  if (decodedPath.endsWith('/')) return [];
  return [`${decodedPath}.html`, `${decodedPath}/index.html`];
}

/** True when target is root itself or lies below it. */
export function isInside(root: string, target: string): boolean {
  const relative = path.relative(root, target);
  return relative === '' || (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative));
}

// Case-insensitive file systems (macOS, Windows) would find `About.HTML` for `about.html`; the production host would not.
async function hasExactCase(root: string, segments: string[]): Promise<boolean> {
  let dir = root;
  for (const segment of segments) {
    try {
      if (!(await fs.readdir(dir)).includes(segment)) return false;
    } catch {
      return false;
    }
    dir = path.join(dir, segment);
  }
  return true;
}
