import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SiteError } from '../../src/errors.ts';
import { writeOutputAtomically } from '../../src/output/write-output.ts';
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

  it('copies public files from their source', async () => {
    const dir = await parent();
    await writeFile(path.join(dir, 'src.txt'), 'public bytes');
    const out = path.join(dir, 'dist');
    await writeOutputAtomically(out, [{ path: 'p/x.txt', source: path.join(dir, 'src.txt'), size: 12 }]);
    expect(await readFile(path.join(out, 'p/x.txt'), 'utf8')).toBe('public bytes');
  });
});
