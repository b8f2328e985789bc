import { spawnSync } from 'node:child_process';
import { mkdir, readdir, readFile, rename, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SiteError } from '../../src/core/errors.ts';
import type { OutputFile } from '../../src/core/output-file.ts';
import { placeFile } from '../../src/output/place-file.ts';
import { openStaging } from '../../src/output/staging.ts';
import { emptyFoldersPerTest } from '../helpers/temp-dirs.ts';

const parent = emptyFoldersPerTest('staging');

/** A whole build's output step: the files written, then the swap. */
async function writeOutput(outDir: string, files: readonly OutputFile[]): Promise<void> {
  const staging = await openStaging(outDir);
  await staging.commit(files);
}

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

const first = [
  { path: 'index.html', contents: 'home, a first version that is rather longer than the next one' },
  { path: 'gone.html', contents: 'a page the next build no longer has' },
  { path: 'blog/post.html', contents: 'post' },
  { path: 'old-folder/deep/page.html', contents: 'deep' },
  { path: 'becomes-folder', contents: 'a file where the next output has a folder' },
  { path: 'becomes-file/inside.html', contents: 'a folder where the next output has a file' },
  { path: 'same.html', contents: 'the same in both builds' },
];
const second = [
  { path: 'index.html', contents: 'home, v2' },
  { path: 'blog/post.html', contents: 'post, now longer than before' },
  { path: 'blog/new.html', contents: new TextEncoder().encode('new') },
  { path: 'becomes-folder/page.html', contents: 'in the new folder' },
  { path: 'becomes-file', contents: 'now a file' },
  { path: 'same.html', contents: 'the same in both builds' },
];
const treeOfFiles = (files: readonly { path: string; contents: string | Uint8Array }[]) =>
  Object.fromEntries(
    files.map((file) => [
      file.path,
      typeof file.contents === 'string' ? file.contents : Buffer.from(file.contents).toString('utf8'),
    ]),
  );

describe('openStaging', () => {
  it('stages beside the output and swaps it in whole on commit, leaving exactly what a fresh build writes', async () => {
    const dir = await parent();
    const out = path.join(dir, 'dist');
    const fresh = await openStaging(out);
    expect(fresh.previous).toBeUndefined();
    expect(path.dirname(fresh.dir)).toBe(dir);
    expect(path.basename(fresh.dir)).toMatch(new RegExp(`^\\.site-build-${process.pid}-[0-9a-f]{12}$`));
    await fresh.commit(first);
    expect(await treeOf(out)).toEqual(treeOfFiles(first));

    await writeOutput(out, second);
    expect(await treeOf(out)).toEqual(treeOfFiles(second));
    expect(await readdir(dir)).toEqual(['dist']);
  });

  it('leaves the previous output as it was until commit, and links its unchanged files into the next', async () => {
    const dir = await parent();
    const out = path.join(dir, 'dist');
    await writeOutput(out, first);
    const before = await treeOf(out);
    const inode = async (file: string) => (await stat(file)).ino;
    const sameBefore = await inode(path.join(out, 'same.html'));
    const indexBefore = await inode(path.join(out, 'index.html'));

    const staging = await openStaging(out);
    expect(staging.previous).toBe(out);
    // A page placed as it is made, then the other files.
    placeFile(staging.dir, 'index.html', Buffer.from('home, v2'), staging.previous);
    expect(await treeOf(out)).toEqual(before);
    expect(await inode(path.join(out, 'index.html'))).toBe(indexBefore);

    await staging.commit(second.filter((file) => file.path !== 'index.html'));
    expect(await treeOf(out)).toEqual(treeOfFiles(second));
    expect(await inode(path.join(out, 'same.html'))).toBe(sameBefore);
    expect(await inode(path.join(out, 'index.html'))).not.toBe(indexBefore);
  });

  it('copies public files from their source', async () => {
    const dir = await parent();
    await writeFile(path.join(dir, 'src.txt'), 'public bytes');
    const out = path.join(dir, 'dist');
    await writeOutput(out, [{ path: 'p/x.txt', source: path.join(dir, 'src.txt'), size: 12 }]);
    expect(await readFile(path.join(out, 'p/x.txt'), 'utf8')).toBe('public bytes');
  });

  it('leaves the previous output and no staging folder when a write fails, naming the output', async () => {
    const dir = await parent();
    const out = path.join(dir, 'dist');
    await writeOutput(out, first);
    const staging = await openStaging(out);
    const failing = staging.commit([
      ...second,
      { path: 'copy.txt', source: path.join(dir, 'does-not-exist'), size: 1 },
    ]);
    const error = await failing.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SiteError);
    expect((error as SiteError).code).toBe('OUTPUT_FAILED');
    expect((error as SiteError).message).toMatch(
      new RegExp(`^Writing ${out} failed: ENOENT.*\\. The previous output is unchanged\\.$`),
    );
    expect(await treeOf(out)).toEqual(treeOfFiles(first));
    expect(await readdir(dir)).toEqual(['dist']);
  });

  it('leaves the previous output as it was on abort', async () => {
    const dir = await parent();
    const out = path.join(dir, 'dist');
    await writeOutput(out, first);
    const staging = await openStaging(out);
    for (const file of second) {
      if ('contents' in file) placeFile(staging.dir, file.path, Buffer.from(file.contents), staging.previous);
    }
    await staging.abort();
    expect(await treeOf(out)).toEqual(treeOfFiles(first));
    expect(await readdir(dir)).toEqual(['dist']);
  });

  it('removes leftovers of a killed build and puts back an output a killed swap left aside', async () => {
    const dir = await parent();
    const out = path.join(dir, 'dist');
    await writeOutput(out, [{ path: 'index.html', contents: 'good' }]);
    await mkdir(path.join(dir, '.site-build-deadbeef'));
    // Killed between the two renames: no output, the old one aside.
    await rename(out, path.join(dir, '.site-old-dist-cafecafecafe'));
    const staging = await openStaging(out);
    expect(staging.previous).toBe(out);
    expect(await readFile(path.join(out, 'index.html'), 'utf8')).toBe('good');
    expect((await readdir(dir)).sort()).toEqual([path.basename(staging.dir), 'dist']);
    await staging.commit([{ path: 'index.html', contents: 'new' }]);
    expect(await readdir(dir)).toEqual(['dist']);
    expect(await readFile(path.join(out, 'index.html'), 'utf8')).toBe('new');
  });

  it('puts back the newest of several outputs left aside, and removes the others', async () => {
    const dir = await parent();
    const out = path.join(dir, 'dist');
    for (const [name, age] of [
      ['aaaaaaaaaaaa', 120],
      ['bbbbbbbbbbbb', 10],
      ['cccccccccccc', 60],
    ] as const) {
      const aside = path.join(dir, `.site-old-dist-${name}`);
      await mkdir(aside);
      await writeFile(path.join(aside, 'index.html'), name);
      const when = (Date.now() - age * 1000) / 1000;
      await utimes(aside, when, when);
    }
    const staging = await openStaging(out);
    await staging.abort();
    expect(await readFile(path.join(out, 'index.html'), 'utf8')).toBe('bbbbbbbbbbbb');
    expect(await readdir(dir)).toEqual(['dist']);
  });

  it('leaves alone what a killed swap of a sibling output whose name starts alike left aside', async () => {
    const dir = await parent();
    // dist-preview was killed between its renames: its output is aside, for its own next build to put back.
    const previewAside = path.join(dir, `.site-old-dist-preview-${'0a'.repeat(6)}`);
    await mkdir(previewAside);
    await writeFile(path.join(previewAside, 'index.html'), 'preview');
    await writeOutput(path.join(dir, 'dist'), [{ path: 'index.html', contents: 'main' }]);
    expect(await treeOf(path.join(dir, 'dist'))).toEqual({ 'index.html': 'main' });
    expect(await treeOf(previewAside)).toEqual({ 'index.html': 'preview' });
    await writeOutput(path.join(dir, 'dist'), [{ path: 'index.html', contents: 'main again' }]);
    expect(await treeOf(previewAside)).toEqual({ 'index.html': 'preview' });
    // Its own next build puts it back.
    const preview = await openStaging(path.join(dir, 'dist-preview'));
    await preview.abort();
    expect((await readdir(dir)).sort()).toEqual(['dist', 'dist-preview']);
    expect(await treeOf(path.join(dir, 'dist-preview'))).toEqual({ 'index.html': 'preview' });
  });

  it('removes an old output a build killed after its swap left beside the new one', async () => {
    const dir = await parent();
    const out = path.join(dir, 'dist');
    await writeOutput(out, [{ path: 'index.html', contents: 'swapped in' }]);
    await mkdir(path.join(dir, '.site-old-dist-cafecafecafe'));
    await writeFile(path.join(dir, '.site-old-dist-cafecafecafe', 'index.html'), 'the output before');
    await writeOutput(out, [{ path: 'index.html', contents: 'next' }]);
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
    // One this process left open and lost track of is a leftover too.
    const ownLost = path.join(dir, `.site-build-${process.pid}-0a0b0c0d0e0f`);
    await mkdir(running);
    await writeFile(path.join(running, 'half.html'), 'half-written');
    await mkdir(killed);
    await mkdir(ownLost);
    await writeOutput(path.join(dir, 'dist'), [{ path: 'index.html', contents: 'new' }]);
    expect((await readdir(dir)).sort()).toEqual([path.basename(running), 'dist']);
    expect(await readFile(path.join(running, 'half.html'), 'utf8')).toBe('half-written');
  });

  it('lets a build of a sibling output run and finish while one is writing', async () => {
    const dir = await parent();
    const main = await openStaging(path.join(dir, 'dist'));
    placeFile(main.dir, 'index.html', Buffer.from('main'), main.previous);
    await writeOutput(path.join(dir, 'dist-preview'), [{ path: 'index.html', contents: 'preview' }]);
    await main.commit([{ path: 'about.html', contents: 'about' }]);
    expect((await readdir(dir)).sort()).toEqual(['dist', 'dist-preview']);
    expect(await treeOf(path.join(dir, 'dist'))).toEqual({ 'index.html': 'main', 'about.html': 'about' });
    expect(await treeOf(path.join(dir, 'dist-preview'))).toEqual({ 'index.html': 'preview' });
  });

  it('makes the output’s parent folder when it is missing', async () => {
    const dir = await parent();
    const out = path.join(dir, 'deep/er/dist');
    await writeOutput(out, [{ path: 'index.html', contents: 'home' }]);
    expect(await treeOf(path.join(dir, 'deep/er'))).toEqual({ 'dist/index.html': 'home' });
  });
});
