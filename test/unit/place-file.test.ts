import { statSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { placeFile } from '../../src/output/place-file.ts';
import { emptyFoldersPerTest } from '../helpers/temp-dirs.ts';

const folder = emptyFoldersPerTest('place-file');
const bytes = (text: string) => new TextEncoder().encode(text);

/** A previous output with these files, and an empty folder beside it for the next one. */
async function outputs(files: Record<string, string>): Promise<{ previous: string; next: string }> {
  const dir = await folder();
  const previous = path.join(dir, 'dist');
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(previous, file)), { recursive: true });
    await writeFile(path.join(previous, file), text);
  }
  const next = path.join(dir, '.site-build-next');
  await mkdir(next);
  return { previous, next };
}

/** Every file of a folder with its inode, size, time and text: what a server sending the folder could notice. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const name of await readdir(dir, { recursive: true })) {
    const file = path.join(dir, name);
    const info = await stat(file);
    if (info.isFile()) files[name] = `${info.ino} ${info.size} ${info.mtimeMs} ${await readFile(file, 'utf8')}`;
  }
  return files;
}

describe('placeFile', () => {
  it('writes a file the previous output lacks, making its folders', async () => {
    const { previous, next } = await outputs({ 'index.html': 'home' });
    placeFile(next, 'blog/2026/new-post.html', bytes('new post é'), previous);
    placeFile(next, 'about.html', bytes('about'), undefined);
    expect(await readFile(path.join(next, 'blog/2026/new-post.html'), 'utf8')).toBe('new post é');
    expect(await readFile(path.join(next, 'about.html'), 'utf8')).toBe('about');
  });

  it('links a file whose bytes the previous output has: the same file, not a copy', async () => {
    const { previous, next } = await outputs({ 'index.html': 'home', 'blog/post.html': 'post' });
    placeFile(next, 'blog/post.html', bytes('post'), previous);
    const [placed, before] = await Promise.all([
      stat(path.join(next, 'blog/post.html')),
      stat(path.join(previous, 'blog/post.html')),
    ]);
    expect(placed.ino).toBe(before.ino);
    expect(placed.nlink).toBe(2);
    expect(await readFile(path.join(next, 'blog/post.html'), 'utf8')).toBe('post');
  });

  it('writes a changed file anew, longer or shorter, and never into the previous output', async () => {
    const { previous, next } = await outputs({
      'index.html': 'home, the version before, rather long',
      'a.html': 'a',
      'same.html': 'same',
    });
    const before = await snapshot(previous);
    placeFile(next, 'index.html', bytes('home, v2'), previous);
    placeFile(next, 'a.html', bytes('a, now longer than before'), previous);
    placeFile(next, 'same.html', bytes('same'), previous);
    expect(await snapshot(previous)).toEqual(before);
    for (const [file, text] of [
      ['index.html', 'home, v2'],
      ['a.html', 'a, now longer than before'],
    ] as const) {
      expect(await readFile(path.join(next, file), 'utf8')).toBe(text);
      const placed = await stat(path.join(next, file));
      expect(placed.ino).not.toBe((await stat(path.join(previous, file))).ino);
      expect(placed.nlink).toBe(1);
    }
  });

  it('writes a file where the previous output has a folder of that name, or a file of the same bytes under another name', async () => {
    const { previous, next } = await outputs({ 'becomes-file/inside.html': 'x', 'old-name.html': 'moved' });
    placeFile(next, 'becomes-file', bytes('x'), previous);
    placeFile(next, 'new-name.html', bytes('moved'), previous);
    expect(await readFile(path.join(next, 'becomes-file'), 'utf8')).toBe('x');
    expect((await stat(path.join(next, 'new-name.html'))).nlink).toBe(1);
  });

  it('links a read-only file of the previous output too, leaving it as it was', async () => {
    const { previous, next } = await outputs({ 'locked.html': 'locked' });
    await chmod(path.join(previous, 'locked.html'), 0o444);
    placeFile(next, 'locked.html', bytes('locked'), previous);
    expect((await stat(path.join(next, 'locked.html'))).ino).toBe((await stat(path.join(previous, 'locked.html'))).ino);
    expect((await stat(path.join(previous, 'locked.html'))).mode & 0o777).toBe(0o444);
  });

  it('throws a failure other than a missing folder, such as a folder in the way', async () => {
    const { previous, next } = await outputs({});
    await mkdir(path.join(next, 'page.html'));
    expect(() => placeFile(next, 'page.html', bytes('x'), previous)).toThrow(
      expect.objectContaining({ code: 'EISDIR' }),
    );
  });

  // /dev/shm is a memory disk on Linux: a hard link from there to test/tmp crosses disks, as it would to a disk without links.
  const otherDisk = (() => {
    try {
      return statSync('/dev/shm').dev !== statSync(path.join(import.meta.dirname, '..')).dev ? '/dev/shm' : undefined;
    } catch {
      return undefined;
    }
  })();
  it.skipIf(otherDisk === undefined)('writes the file where the previous output cannot be linked to', async () => {
    const previous = await mkdtemp(path.join(otherDisk!, 'place-file-'));
    try {
      await writeFile(path.join(previous, 'index.html'), 'home');
      const { next } = await outputs({});
      placeFile(next, 'index.html', bytes('home'), previous);
      expect(await readFile(path.join(next, 'index.html'), 'utf8')).toBe('home');
      expect((await stat(path.join(next, 'index.html'))).nlink).toBe(1);
    } finally {
      await rm(previous, { recursive: true, force: true });
    }
  });
});
