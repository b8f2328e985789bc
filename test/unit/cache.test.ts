import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  cachedStep,
  cacheFolder,
  keepFile,
  keepRecord,
  readRecord,
  recordFileFor,
  removeStale,
  sha256,
  STALE_MS,
} from '../../src/core/cache.ts';
import { emptyFoldersPerTest } from '../helpers/temp-dirs.ts';

const folder = emptyFoldersPerTest('cache');

/** Dates a file or folder as last written a day and a minute ago: stale. */
async function makeStale(entry: string): Promise<void> {
  const dayAndMinuteAgo = (Date.now() - STALE_MS - 60_000) / 1000;
  await utimes(entry, dayAndMinuteAgo, dayAndMinuteAgo);
}

describe('cachedStep', () => {
  it('reuses a value while every file it read is unchanged, and computes it again when one changes', async () => {
    const dir = await folder();
    const input = path.join(dir, 'input.txt');
    await writeFile(input, 'one');
    let runs = 0;
    const step = () =>
      cachedStep(path.join(dir, 'cache'), 'the key', async () => ({ value: { run: ++runs }, inputs: [input] }));
    expect(await step()).toEqual({ run: 1 });
    expect(await step()).toEqual({ run: 1 });
    await writeFile(input, 'two');
    expect(await step()).toEqual({ run: 2 });
    expect(await step()).toEqual({ run: 2 });
    // Another key is another step.
    expect(
      await cachedStep(path.join(dir, 'cache'), 'another key', async () => ({ value: 'other', inputs: [input] })),
    ).toBe('other');
    expect(runs).toBe(2);
  });

  it('computes again when a recorded value is no longer valid, or an input that was missing appears', async () => {
    const dir = await folder();
    const input = path.join(dir, 'input.txt');
    await writeFile(input, 'one');
    let runs = 0;
    const step = (valid: (value: number) => boolean) =>
      cachedStep(
        path.join(dir, 'cache'),
        'k',
        async () => ({ value: ++runs, inputs: [input, path.join(dir, 'gone.txt')] }),
        valid,
      );
    expect(await step(() => true)).toBe(1);
    expect(await step(() => false)).toBe(2);
    expect(await step(() => true)).toBe(2);
    await writeFile(path.join(dir, 'gone.txt'), 'now here');
    expect(await step(() => true)).toBe(3);
  });

  it('computes again over a damaged record', async () => {
    const dir = await folder();
    const cache = path.join(dir, 'cache');
    let runs = 0;
    const step = () => cachedStep(cache, 'k', async () => ({ value: ++runs, inputs: [] }));
    expect(await step()).toBe(1);
    for (const damaged of ['{"half', '[]', '{"value": 7}', '']) {
      await writeFile(recordFileFor(cache, 'k'), damaged);
      const before = runs;
      expect(await step()).toBe(before + 1);
    }
  });

  it('still returns the value when the cache folder cannot be written', async () => {
    const dir = await folder();
    const blocker = path.join(dir, 'a-file');
    await writeFile(blocker, '');
    expect(await cachedStep(path.join(blocker, 'cache'), 'k', async () => ({ value: 'made', inputs: [] }))).toBe(
      'made',
    );
  });
});

describe('keepRecord and readRecord', () => {
  it('write a value as JSON and read it back whole, characters of every width included', async () => {
    const dir = await folder();
    const file = recordFileFor(dir, 'large');
    const value = { list: Array.from({ length: 5_000 }, (_, i) => `${i}é€😀`.repeat(1 + (i % 3))), n: 1 };
    await keepRecord(file, value);
    expect(await readRecord(file)).toEqual(value);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(value);
    // Written aside and renamed: nothing but the record is left in the folder.
    expect(await readdir(dir)).toEqual([path.basename(file)]);
  });

  it('read no record where there is none or it is not JSON', async () => {
    const dir = await folder();
    expect(await readRecord(path.join(dir, 'record-none.json'))).toBeUndefined();
    await writeFile(path.join(dir, 'record-half.json'), '{"half');
    expect(await readRecord(path.join(dir, 'record-half.json'))).toBeUndefined();
  });

  it('remove what the folder holds last written over a day ago, and keep the rest', async () => {
    const dir = await folder();
    const stale = path.join(dir, 'record-stale.json');
    const fresh = path.join(dir, 'record-fresh.json');
    const staleFolder = path.join(dir, 'a1b2c3');
    for (const file of [stale, fresh]) await writeFile(file, '{}');
    await mkdir(staleFolder);
    await writeFile(path.join(staleFolder, 'module-0.js'), '');
    await makeStale(stale);
    await makeStale(staleFolder);

    const kept = recordFileFor(dir, 'a key');
    await keepRecord(kept, { value: 1 });
    expect(await readRecord(kept)).toEqual({ value: 1 });
    expect((await readdir(dir)).sort()).toEqual([path.basename(kept), 'record-fresh.json'].sort());
  });

  it('write nothing and throw nothing where the cache folder cannot be made', async () => {
    const dir = await folder();
    const blocker = path.join(dir, 'a-file');
    await writeFile(blocker, '');
    await expect(keepRecord(recordFileFor(path.join(blocker, 'cache'), 'k'), 'text')).resolves.toBeUndefined();
    // A file the caller would link from says it was not written, so the caller keeps its contents instead.
    await expect(keepFile(path.join(blocker, 'cache', 'bundle.js'), 'text')).resolves.toBe(false);
    expect(await readdir(dir)).toEqual(['a-file']);
  });
});

describe('removeStale', () => {
  it('keeps the entry it is told to keep, stale or not, and does nothing for a missing folder', async () => {
    const dir = await folder();
    for (const name of ['in-use', 'old']) {
      await mkdir(path.join(dir, name));
      await makeStale(path.join(dir, name));
    }
    await removeStale(dir, path.join(dir, 'in-use'));
    expect(await readdir(dir)).toEqual(['in-use']);
    await expect(removeStale(path.join(dir, 'nowhere'))).resolves.toBeUndefined();
  });
});

describe('recordFileFor, cacheFolder and sha256', () => {
  it('names one record per key, whatever the key holds', () => {
    const keys = ['a', 'b', 'a\0b', 'a/b', '/site/templates\0/engine/index.js'];
    const files = keys.map((key) => recordFileFor('/cache', key));
    expect(new Set(files).size).toBe(keys.length);
    expect(recordFileFor('/cache', 'a/b')).toBe(files[3]);
    for (const file of files) expect(path.dirname(file)).toBe('/cache');
  });

  it('finds the nearest node_modules above a folder', async () => {
    const dir = await folder();
    await mkdir(path.join(dir, 'site/node_modules'), { recursive: true });
    await mkdir(path.join(dir, 'site/templates/pages'), { recursive: true });
    expect(cacheFolder(path.join(dir, 'site/templates/pages'), 'templates')).toBe(
      path.join(dir, 'site/node_modules/.cache/site/templates'),
    );
  });

  it('hashes text and bytes alike, in hex', () => {
    const hex = createHash('sha256').update('café').digest('hex');
    expect(sha256('café')).toBe(hex);
    expect(sha256(new TextEncoder().encode('café'))).toBe(hex);
  });
});
