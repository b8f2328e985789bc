import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResolvedFile } from '../../src/host/resolve-file.ts';
import { createFileCache } from '../../src/serve/file-cache.ts';
import { watchedFile } from '../../src/serve/watched-file.ts';

let dir: string;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'site-serve-cache-'));
});

afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

async function resolved(name: string, content: string): Promise<ResolvedFile> {
  const absPath = path.join(dir, name);
  await fs.writeFile(absPath, content);
  return { absPath, stat: await fs.stat(absPath) };
}

describe('createFileCache', () => {
  it('computes a file version once and compresses it once', async () => {
    const cache = createFileCache();
    const file = await resolved('a.css', 'body{}'.repeat(100));
    const first = await cache.load(file, { variant: 'plain', inMemory: true });
    const second = await cache.load(file, { variant: 'plain', inMemory: true });
    expect(second).toBe(first);
    const gzipped = await cache.encode(first, 'gzip');
    expect(await cache.encode(second, 'gzip')).toBe(gzipped);
    expect(gunzipSync(gzipped).toString()).toBe('body{}'.repeat(100));
  });

  it('starts over when the size or mtime changes', async () => {
    const cache = createFileCache();
    const before = await cache.load(await resolved('b.css', 'one'), { variant: 'plain', inMemory: true });
    const after = await cache.load(await resolved('b.css', 'three'), { variant: 'plain', inMemory: true });
    expect(after).not.toBe(before);
    expect(after.hash).not.toBe(before.hash);
    expect(after.body?.toString()).toBe('three');
  });

  it('keeps transformed bodies apart from plain ones, hashing what is sent', async () => {
    const cache = createFileCache();
    const file = await resolved('c.html', '<p>x</p>');
    const plain = await cache.load(file, { variant: 'plain', inMemory: true });
    const shouted = await cache.load(file, {
      variant: 'upper',
      inMemory: true,
      transform: (body) => Buffer.from(body.toString().toUpperCase()),
    });
    expect(shouted.body?.toString()).toBe('<P>X</P>');
    expect(shouted.size).toBe(8);
    expect(shouted.hash).not.toBe(plain.hash);
  });

  it('hashes streamed files without keeping their bytes', async () => {
    const cache = createFileCache();
    const streamed = await cache.load(await resolved('d.bin', 'same'), { variant: 'plain', inMemory: false });
    const inMemory = await createFileCache().load(await resolved('e.bin', 'same'), {
      variant: 'plain',
      inMemory: true,
    });
    expect(streamed.body).toBeUndefined();
    expect(streamed.hash).toBe(inMemory.hash);
  });
});

describe('watchedFile', () => {
  it('parses once per version and treats a missing file as empty', async () => {
    const file = path.join(dir, 'rules');
    const parsed: string[] = [];
    const load = watchedFile(file, (text) => {
      parsed.push(text);
      return text.length;
    });
    expect(await load()).toBe(0);
    await fs.writeFile(file, 'abc');
    expect(await load()).toBe(3);
    expect(await load()).toBe(3);
    await fs.writeFile(file, 'abcdef');
    expect(await load()).toBe(6);
    await fs.rm(file);
    expect(await load()).toBe(0);
    expect(parsed).toEqual(['', 'abc', 'abcdef', '']);
  });
});
