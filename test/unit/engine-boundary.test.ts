import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../helpers/fixture.ts';

describe('the engine stays generic', () => {
  it('src/ imports nothing from templates/ or data/', async () => {
    const files = await fg('src/**/*.{ts,tsx}', { cwd: PROJECT_ROOT });
    expect(files.length).toBeGreaterThan(10);
    const offenders: string[] = [];
    for (const file of files) {
      const text = await readFile(path.join(PROJECT_ROOT, file), 'utf8');
      if (/from\s+['"](\.\.\/)+(templates|data)\//.test(text) || /import\(\s*['"](\.\.\/)+(templates|data)\//.test(text)) offenders.push(file);
    }
    expect(offenders).toEqual([]);
  });
});
