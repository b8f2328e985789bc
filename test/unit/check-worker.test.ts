// A large build's check worker must start quickly: the main thread waits for its first pages. It loads only the
// checker and writer (src/pages/check-and-write.ts), never React, whose loading there cost a 1,026-page build
// 0.1 s of its render stage (docs/architecture.md, Threads). These tests read the compiled engine, as `site` runs it
// (compiled for this run by test/compile-engine.global-setup.ts).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENGINE_FOLDER } from '../../bin/compile-engine.mjs';

// esbuild writes each static import on lines of its own: `import "x";`, or `import { a, b } from "x";` over several lines.
const STATIC_IMPORT = /^import\s+(?:[^;]*?\s+from\s+)?["']([^"']+)["'];/gm;

/** The packages a compiled entry loads as it starts: the bare imports of the entry and of every chunk it imports statically. */
async function packagesLoadedBy(entry: string): Promise<string[]> {
  const files = [path.join(ENGINE_FOLDER, entry)];
  const packages = new Set<string>();
  for (const file of files) {
    for (const [, specifier] of (await readFile(file, 'utf8')).matchAll(STATIC_IMPORT)) {
      if (specifier!.startsWith('.')) {
        const chunk = path.resolve(path.dirname(file), specifier!);
        if (!files.includes(chunk)) files.push(chunk);
      } else if (!specifier!.startsWith('node:')) packages.add(specifier!);
    }
  }
  return [...packages].sort();
}

describe('the compiled check worker', () => {
  it('loads no React as it starts', async () => {
    expect((await packagesLoadedBy('check-worker.js')).filter((name) => /^react(-dom)?(\/|$)/.test(name))).toEqual([]);
  });

  it('is read the same way as the command line, which does load React (proof the test can fail)', async () => {
    expect(await packagesLoadedBy('cli.js')).toEqual(expect.arrayContaining(['react', 'react-dom/server']));
  });
});
