import { existsSync } from 'node:fs';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeOverSync } from '../../src/output/write-in-place.ts';
import { emptyFoldersPerTest } from '../helpers/temp-dirs.ts';

const folder = emptyFoldersPerTest('write-in-place');
const bytes = (text: string) => new TextEncoder().encode(text);

describe('writeOverSync', () => {
  it('writes over a file that is there, longer or shorter, keeping the file', async () => {
    const file = path.join(await folder(), 'page.html');
    await writeFile(file, 'the previous build wrote this longer document');
    const inode = (await stat(file)).ino;
    expect(writeOverSync(file, bytes('new'))).toBe(true);
    expect(await readFile(file, 'utf8')).toBe('new');
    expect(writeOverSync(file, bytes('and now a longer one again'))).toBe(true);
    expect(await readFile(file, 'utf8')).toBe('and now a longer one again');
    expect((await stat(file)).ino).toBe(inode);
  });

  it('leaves exactly the document, whatever its length beside the 4 KB pages it is written in', async () => {
    const file = path.join(await folder(), 'page.html');
    await writeFile(file, 'x'.repeat(20_000));
    for (const length of [4096, 4097, 8191, 1, 12_345, 30_000, 4095]) {
      const document = Buffer.from(Array.from({ length }, (_, index) => 'abcdefghij'[index % 10]).join(''));
      expect(writeOverSync(file, document)).toBe(true);
      expect((await readFile(file)).equals(document), String(length)).toBe(true);
    }
  });

  it('makes no file where there is none, for the caller to make one', async () => {
    const file = path.join(await folder(), 'new.html');
    expect(writeOverSync(file, bytes('x'))).toBe(false);
    expect(existsSync(file)).toBe(false);
  });

  it('throws any other failure, such as a folder in the way', async () => {
    const dir = await folder();
    await mkdir(path.join(dir, 'page.html'));
    expect(() => writeOverSync(path.join(dir, 'page.html'), bytes('x'))).toThrow(expect.objectContaining({ code: 'EISDIR' }));
  });
});
