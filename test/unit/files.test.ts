import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesIn } from '../../src/core/files.ts';
import { byCodeUnits } from '../../src/core/text.ts';
import { emptyFoldersPerTest } from '../helpers/temp-dirs.ts';

const emptyFolder = emptyFoldersPerTest('files');

/** A folder with these files (paths relative to it), each holding its own name. */
async function tree(files: string[]): Promise<string> {
  const dir = await emptyFolder();
  for (const file of files) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), file);
  }
  return dir;
}

describe('filesIn', () => {
  it('lists matching files with / separators, one level or all, without dot names unless asked', async () => {
    const dir = await tree(['b.ts', 'a.tsx', '.hidden.ts', 'sub/c.ts', 'sub/.git/x.ts', 'sub/deep/d.md']);
    expect(await filesIn(dir, '*')).toEqual(['a.tsx', 'b.ts']);
    expect(await filesIn(dir, '**/*')).toEqual(['a.tsx', 'b.ts', 'sub/c.ts', 'sub/deep/d.md']);
    expect(await filesIn(dir, '**/*', { dot: true })).toEqual([
      '.hidden.ts',
      'a.tsx',
      'b.ts',
      'sub/.git/x.ts',
      'sub/c.ts',
      'sub/deep/d.md',
    ]);
    expect(await filesIn(dir, ['**/*.ts', '**/*.md'])).toEqual(['b.ts', 'sub/c.ts', 'sub/deep/d.md']);
  });

  it('gives files in code-unit order, not the order of the disk or of a locale', async () => {
    // Names a locale sorts otherwise: capitals after lower case, a dash or a dot ignored, a digit before a letter.
    const names = [
      'b.json',
      'B.json',
      'a-b.json',
      'a.json',
      'a0.json',
      'ab.json',
      'a/b.json',
      'Z.json',
      'é.json',
      '_x.json',
    ];
    const dir = await tree(names);
    const listed = await filesIn(dir, '**/*.json');
    expect(listed).toEqual([...names].sort(byCodeUnits));
    expect(listed).toEqual([
      'B.json',
      'Z.json',
      '_x.json',
      'a-b.json',
      'a.json',
      'a/b.json',
      'a0.json',
      'ab.json',
      'b.json',
      'é.json',
    ]);
  });

  it('leaves out ignored names with everything under them, and has nothing for a missing folder', async () => {
    const dir = await tree(['index.tsx', '_draft.tsx', '_parts/header.tsx', 'blog/[slug].tsx', 'blog/_notes/n.tsx']);
    expect(await filesIn(dir, '**/*.tsx', { ignore: ['**/_*', '**/_*/**'] })).toEqual(['blog/[slug].tsx', 'index.tsx']);
    expect(await filesIn(path.join(dir, 'nowhere'), '**/*')).toEqual([]);
  });

  it('follows symbolic links to files and folders', async () => {
    const dir = await tree(['real/a.txt', 'other/b.txt']);
    await symlink(path.join(dir, 'other'), path.join(dir, 'real/linked'));
    await symlink(path.join(dir, 'other/b.txt'), path.join(dir, 'real/b-link.txt'));
    expect(await filesIn(path.join(dir, 'real'), '**/*')).toEqual(['a.txt', 'b-link.txt', 'linked/b.txt']);
  });
});
