import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listFiles } from '../../src/list-files.ts';
import { emptyFoldersPerTest } from '../helpers/temp-dirs.ts';

const emptyFolder = emptyFoldersPerTest('list-files');

/** A folder with these files (paths relative to it), each holding its own name. */
async function tree(files: string[]): Promise<string> {
  const dir = await emptyFolder();
  for (const file of files) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), file);
  }
  return dir;
}

describe('listFiles', () => {
  it('lists files sorted with / separators, one level or all, without dot names unless asked', async () => {
    const dir = await tree(['b.ts', 'a.tsx', '.hidden.ts', 'sub/c.ts', 'sub/.git/x.ts', 'sub/deep/d.md']);
    expect(await listFiles(dir)).toEqual(['a.tsx', 'b.ts']);
    expect(await listFiles(dir, { recursive: true })).toEqual(['a.tsx', 'b.ts', 'sub/c.ts', 'sub/deep/d.md']);
    expect(await listFiles(dir, { recursive: true, dot: true })).toEqual(['.hidden.ts', 'a.tsx', 'b.ts', 'sub/.git/x.ts', 'sub/c.ts', 'sub/deep/d.md']);
    expect(await listFiles(dir, { recursive: true, endsWith: ['.ts', '.md'] })).toEqual(['b.ts', 'sub/c.ts', 'sub/deep/d.md']);
  });

  it('leaves out skipped names with everything under them, and has nothing for a missing folder', async () => {
    const dir = await tree(['index.tsx', '_draft.tsx', '_parts/header.tsx', 'blog/[slug].tsx', 'blog/_notes/n.tsx']);
    expect(await listFiles(dir, { recursive: true, skip: (name) => name.startsWith('_') })).toEqual(['blog/[slug].tsx', 'index.tsx']);
    expect(await listFiles(path.join(dir, 'nowhere'), { recursive: true })).toEqual([]);
  });

  it('follows symbolic links to files and folders', async () => {
    const dir = await tree(['real/a.txt', 'other/b.txt']);
    await symlink(path.join(dir, 'other'), path.join(dir, 'real/linked'));
    await symlink(path.join(dir, 'other/b.txt'), path.join(dir, 'real/b-link.txt'));
    expect(await listFiles(path.join(dir, 'real'), { recursive: true })).toEqual(['a.txt', 'b-link.txt', 'linked/b.txt']);
  });
});
