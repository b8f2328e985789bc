import { spawnSync } from 'node:child_process';
import { link, mkdir, readdir, readFile, rename, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SiteError } from '../../src/errors.ts';
import { openStaging, writeOutputAtomically } from '../../src/output/write-output.ts';
import { BuildOutput } from '../../src/output/build-output.ts';
import { tempDir } from '../helpers/fixture.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function parent() {
  const tmp = await tempDir('write');
  await mkdir(tmp.dir, { recursive: true });
  cleanups.push(tmp.remove);
  return tmp.dir;
}

describe('writeOutputAtomically', () => {
  it('replaces the whole output folder, dropping files of the previous build', async () => {
    const out = path.join(await parent(), 'dist');
    await writeOutputAtomically(out, [{ path: 'old.html', contents: 'old' }, { path: 'a/b.txt', contents: 'b1' }]);
    await writeOutputAtomically(out, [{ path: 'a/b.txt', contents: new TextEncoder().encode('b2') }]);
    expect(await readdir(out, { recursive: true })).toEqual(['a', 'a/b.txt']);
    expect(await readFile(path.join(out, 'a/b.txt'), 'utf8')).toBe('b2');
  });

  it('leaves the previous output untouched and no temporary folder when writing fails', async () => {
    const dir = await parent();
    const out = path.join(dir, 'dist');
    await writeOutputAtomically(out, [{ path: 'index.html', contents: 'v1' }]);
    const failing = writeOutputAtomically(out, [
      { path: 'index.html', contents: 'v2' },
      { path: 'copy.txt', source: path.join(dir, 'does-not-exist'), size: 1 },
    ]);
    await expect(failing).rejects.toBeInstanceOf(SiteError);
    expect(await readFile(path.join(out, 'index.html'), 'utf8')).toBe('v1');
    expect(await readdir(dir)).toEqual(['dist']);
  });

  it('removes leftovers of a killed build and restores an output a killed swap left aside', async () => {
    const dir = await parent();
    const out = path.join(dir, 'dist');
    await writeOutputAtomically(out, [{ path: 'index.html', contents: 'good' }]);
    await mkdir(path.join(dir, '.site-build-deadbeef'));
    await rename(out, path.join(dir, '.site-old-dist-cafe'));
    // The next build finds the old output aside, puts it back, and then swaps in the new one.
    await writeOutputAtomically(out, [{ path: 'index.html', contents: 'new' }]);
    expect(await readdir(dir)).toEqual(['dist']);
    expect(await readFile(path.join(out, 'index.html'), 'utf8')).toBe('new');
  });

  it('removes an old output a build killed after its swap left beside the new one', async () => {
    const dir = await parent();
    const out = path.join(dir, 'dist');
    await writeOutputAtomically(out, [{ path: 'index.html', contents: 'swapped in' }]);
    await mkdir(path.join(dir, '.site-old-dist-cafe'));
    await writeFile(path.join(dir, '.site-old-dist-cafe', 'index.html'), 'the output before');
    await writeOutputAtomically(out, [{ path: 'index.html', contents: 'next' }]);
    expect(await readdir(dir)).toEqual(['dist']);
    expect(await readFile(path.join(out, 'index.html'), 'utf8')).toBe('next');
  });

  it('leaves alone the staging folder of a build still running beside it, and removes one whose build is gone', async () => {
    const dir = await parent();
    // Another process building a sibling output (the test runner's parent is running), and a build killed
    // earlier (a process that has exited).
    const running = path.join(dir, `.site-build-${process.ppid}-0a0b0c0d0e0f`);
    const exited = spawnSync(process.execPath, ['-e', '']).pid!;
    const killed = path.join(dir, `.site-build-${exited}-0a0b0c0d0e0f`);
    await mkdir(running);
    await writeFile(path.join(running, 'half.html'), 'half-written');
    await mkdir(killed);
    await writeOutputAtomically(path.join(dir, 'dist'), [{ path: 'index.html', contents: 'new' }]);
    expect((await readdir(dir)).sort()).toEqual([path.basename(running), 'dist']);
    expect(await readFile(path.join(running, 'half.html'), 'utf8')).toBe('half-written');
  });

  it('lets a build of a sibling output run and finish while one is writing', async () => {
    const dir = await parent();
    const first = await openStaging(path.join(dir, 'dist'));
    await first.write(BuildOutput.of([{ path: 'index.html', contents: 'main' }]));
    await writeOutputAtomically(path.join(dir, 'dist-preview'), [{ path: 'index.html', contents: 'preview' }]);
    await first.write(BuildOutput.of([{ path: 'about.html', contents: 'about' }]));
    await first.commit();
    expect((await readdir(dir)).sort()).toEqual(['dist', 'dist-preview']);
    expect((await readdir(path.join(dir, 'dist'))).sort()).toEqual(['about.html', 'index.html']);
  });

  it('copies public files from their source', async () => {
    const dir = await parent();
    await writeFile(path.join(dir, 'src.txt'), 'public bytes');
    const out = path.join(dir, 'dist');
    await writeOutputAtomically(out, [{ path: 'p/x.txt', source: path.join(dir, 'src.txt'), size: 12 }]);
    expect(await readFile(path.join(out, 'p/x.txt'), 'utf8')).toBe('public bytes');
  });
});

/** Every file under `dir` with its text, and every empty folder, for comparing whole trees. */
async function treeOf(dir: string): Promise<Record<string, string>> {
  const tree: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const absolute = path.join(entry.parentPath, entry.name);
    const relative = path.relative(dir, absolute).split(path.sep).join('/');
    if (entry.isDirectory()) {
      if ((await readdir(absolute)).length === 0) tree[`${relative}/`] = '(empty folder)';
    } else tree[relative] = entry.isFile() ? await readFile(absolute, 'utf8') : '(not a file)';
  }
  return tree;
}

describe('writeOutputAtomically with a spare output to write over', () => {
  const first = [
    { path: 'index.html', contents: 'home, a first version that is rather longer than the next one' },
    { path: 'gone.html', contents: 'a page the next build no longer has' },
    { path: 'blog/post.html', contents: 'post' },
    { path: 'old-folder/deep/page.html', contents: 'deep' },
    { path: 'becomes-folder', contents: 'a file where the next output has a folder' },
    { path: 'becomes-file/inside.html', contents: 'a folder where the next output has a file' },
  ];
  const second = [
    { path: 'index.html', contents: 'home, v2' },
    { path: 'blog/post.html', contents: 'post, now longer than before' },
    { path: 'blog/new.html', contents: 'new' },
    { path: 'becomes-folder/page.html', contents: 'in the new folder' },
    { path: 'becomes-file', contents: 'now a file' },
  ];
  const expectedSecond = Object.fromEntries(second.map((file) => [file.path, file.contents]));

  it('writes the next output over the replaced one, leaving exactly what a fresh build writes', async () => {
    const dir = await parent();
    const spare = path.join(dir, 'cache/spare');
    const out = path.join(dir, 'dist');
    await writeOutputAtomically(out, first, { spare });
    await writeOutputAtomically(out, second, { spare }); // the first output is now the spare
    expect(await treeOf(spare)).toEqual(Object.fromEntries(first.map((file) => [file.path, file.contents])));
    const inode = (await stat(path.join(spare, 'index.html'))).ino;
    await writeOutputAtomically(out, second, { spare }); // written over the first output's files
    expect(await treeOf(out)).toEqual(expectedSecond);
    expect((await stat(path.join(out, 'index.html'))).ino).toBe(inode);
    expect(await readdir(dir)).toEqual(['cache', 'dist']);
  });

  it('never writes through a link or into a shared, executable or read-only file of the spare', async () => {
    const dir = await parent();
    const spare = path.join(dir, 'spare');
    const out = path.join(dir, 'dist');
    const outside = path.join(dir, 'outside');
    await mkdir(outside);
    await writeFile(path.join(outside, 'target.html'), 'not ours');
    await writeFile(path.join(outside, 'shared.html'), 'not ours either');
    await mkdir(path.join(outside, 'folder'));
    await mkdir(path.join(spare, 'blog'), { recursive: true });
    await symlink(path.join(outside, 'target.html'), path.join(spare, 'index.html'));
    await symlink(path.join(outside, 'folder'), path.join(spare, 'becomes-folder'));
    await link(path.join(outside, 'shared.html'), path.join(spare, 'blog/post.html'));
    await writeFile(path.join(spare, 'blog/new.html'), 'x', { mode: 0o755 });
    await writeFile(path.join(spare, 'becomes-file'), 'y', { mode: 0o444 });
    await writeOutputAtomically(out, second, { spare });
    expect(await treeOf(out)).toEqual(expectedSecond);
    expect(await readFile(path.join(outside, 'target.html'), 'utf8')).toBe('not ours');
    expect(await readFile(path.join(outside, 'shared.html'), 'utf8')).toBe('not ours either');
    expect(await readdir(path.join(outside, 'folder'))).toEqual([]);
    for (const file of ['blog/new.html', 'becomes-file']) {
      expect((await stat(path.join(out, file))).mode & 0o777, file).toBe((await stat(path.join(out, 'index.html'))).mode & 0o777);
    }
  });

  it('leaves the previous output whole when a build writing over the spare fails, and two builds can share one spare', async () => {
    const dir = await parent();
    const spare = path.join(dir, 'spare');
    const out = path.join(dir, 'dist');
    await writeOutputAtomically(out, first, { spare });
    await writeOutputAtomically(out, first, { spare });
    const failing = writeOutputAtomically(out, [...second, { path: 'copy.txt', source: path.join(dir, 'does-not-exist'), size: 1 }], { spare });
    await expect(failing).rejects.toBeInstanceOf(SiteError);
    expect(await treeOf(out)).toEqual(Object.fromEntries(first.map((file) => [file.path, file.contents])));
    const other = path.join(dir, 'other');
    await Promise.all([writeOutputAtomically(out, second, { spare }), writeOutputAtomically(other, first, { spare })]);
    expect(await treeOf(out)).toEqual(expectedSecond);
    expect(await treeOf(other)).toEqual(Object.fromEntries(first.map((file) => [file.path, file.contents])));
  });
});
