import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../helpers/fixture.ts';

describe('the engine stays generic', () => {
  it('src/ imports nothing from templates/ or data/', async () => {
    const files = await fg('src/**/*.{ts,tsx,mjs}', { cwd: PROJECT_ROOT });
    expect(files.length).toBeGreaterThan(10);
    const offenders: string[] = [];
    // Each relative import resolved against its file: src/data/ is the engine's own, the project's data/ is not.
    const outside = [path.join(PROJECT_ROOT, 'templates') + path.sep, path.join(PROJECT_ROOT, 'data') + path.sep];
    for (const file of files) {
      const text = await readFile(path.join(PROJECT_ROOT, file), 'utf8');
      const specifiers = [...text.matchAll(/(?:from\s+|import\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => m[1]!);
      const targets = specifiers.map((specifier) => path.resolve(PROJECT_ROOT, path.dirname(file), specifier));
      if (targets.some((target) => outside.some((dir) => target.startsWith(dir)))) offenders.push(file);
    }
    expect(offenders).toEqual([]);
  });
});
