import fastGlob from 'fast-glob';
import { byCodeUnits } from './text.ts';

/**
 * The files under `dir` that match `patterns` (fast-glob patterns, such as `**\/*.json`), as paths relative to it
 * with `/` separators, in code-unit order so every build sees them alike. A missing folder has none. Names that
 * start with `.` are left out unless `dot` is set.
 */
export async function filesIn(
  dir: string,
  patterns: string | string[],
  options: { dot?: boolean; ignore?: string[] } = {},
): Promise<string[]> {
  const found = await fastGlob(patterns, {
    cwd: dir,
    dot: options.dot ?? false,
    ignore: options.ignore ?? [],
    onlyFiles: true,
    followSymbolicLinks: true,
  });
  return found.sort(byCodeUnits);
}
