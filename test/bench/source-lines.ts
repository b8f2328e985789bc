import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

// The engine's size, as a figure the bench prints rather than a ceiling the code is bent to (issue 59): lines of
// src/ by folder, counted as test/unit/engine-size.test.ts counts them (TypeScript and modules, as Prettier
// formats them), so a change shows where it grew or shrank the engine.

/** Lines of the engine's sources under `src`, by its top folder; "(root)" holds its loose files. */
export async function linesPerFolder(src: string): Promise<Map<string, number>> {
  const entries = await readdir(src, { recursive: true, withFileTypes: true });
  const lines = new Map<string, number>();
  for (const entry of entries) {
    if (!entry.isFile() || !/\.(ts|tsx|mts|mjs)$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const relative = path.relative(src, file).split(path.sep);
    const folder = relative.length > 1 ? relative[0]! : '(root)';
    const count = (await readFile(file, 'utf8')).split('\n').length - 1;
    lines.set(folder, (lines.get(folder) ?? 0) + count);
  }
  return new Map([...lines].sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** A table of src/'s lines by folder for `root`, with the checkout `before` beside it when given. */
export async function sourceLinesTable(root: string, before?: { label: string; root: string }): Promise<string> {
  const now = await linesPerFolder(path.join(root, 'src'));
  const then = before ? await linesPerFolder(path.join(before.root, 'src')) : undefined;
  const folders = [...new Set([...now.keys(), ...(then?.keys() ?? [])])].sort();
  const total = (lines: Map<string, number>) => [...lines.values()].reduce((sum, n) => sum + n, 0);
  const row = (folder: string, a: number | undefined, b: number | undefined) =>
    then ? `| ${folder} | ${a ?? 0} | ${b ?? 0} | ${(a ?? 0) - (b ?? 0)} |` : `| ${folder} | ${a ?? 0} |`;
  return [
    `Lines of src/ by folder${before ? ` (before: ${before.label})` : ''}`,
    '',
    then ? '| folder | lines | before | change |' : '| folder | lines |',
    then ? '| --- | --- | --- | --- |' : '| --- | --- |',
    ...folders.map((folder) => row(folder, now.get(folder), then?.get(folder))),
    row('all', total(now), then && total(then)),
  ].join('\n');
}
