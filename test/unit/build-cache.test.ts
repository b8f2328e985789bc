import { readdir, readFile, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cachedStep, keepRecord, readRecordText, recordFileFor, STALE_MS } from '../../src/compile/build-cache.ts';
import { emptyFoldersPerTest } from '../helpers/temp-dirs.ts';

const folder = emptyFoldersPerTest('build-cache');

describe('cachedStep', () => {
  it('reuses a value while every file it read is unchanged, and computes it again when one changes', async () => {
    const dir = await folder();
    const input = path.join(dir, 'input.txt');
    await writeFile(input, 'one');
    let runs = 0;
    const step = () => cachedStep(path.join(dir, 'cache'), 'the key', async () => ({ value: { run: ++runs }, inputs: [input] }));
    expect(await step()).toEqual({ run: 1 });
    expect(await step()).toEqual({ run: 1 });
    await writeFile(input, 'two');
    expect(await step()).toEqual({ run: 2 });
    expect(await step()).toEqual({ run: 2 });
    // Another key is another step.
    expect(await cachedStep(path.join(dir, 'cache'), 'another key', async () => ({ value: 'other', inputs: [input] }))).toBe('other');
  });

  it('computes again when a recorded value is no longer valid, or an input is gone', async () => {
    const dir = await folder();
    const input = path.join(dir, 'input.txt');
    await writeFile(input, 'one');
    let runs = 0;
    const step = (valid: (value: number) => boolean) => cachedStep(path.join(dir, 'cache'), 'k', async () => ({ value: ++runs, inputs: [input, path.join(dir, 'gone.txt')] }), valid);
    expect(await step(() => true)).toBe(1);
    expect(await step(() => false)).toBe(2);
    expect(await step(() => true)).toBe(2);
    await writeFile(path.join(dir, 'gone.txt'), 'now here');
    expect(await step(() => true)).toBe(3);
  });

  it('still returns the value when the cache folder cannot be written', async () => {
    const dir = await folder();
    const blocker = path.join(dir, 'a-file');
    await writeFile(blocker, '');
    expect(await cachedStep(path.join(blocker, 'cache'), 'k', async () => ({ value: 'made', inputs: [] }))).toBe('made');
  });
});

describe('keepRecord', () => {
  it('writes the record whole and removes records of the folder last written over a day ago, and nothing else', async () => {
    const dir = await folder();
    const stale = path.join(dir, 'record-stale.json');
    const fresh = path.join(dir, 'record-fresh.json');
    const other = path.join(dir, 'notes.txt');
    for (const file of [stale, fresh, other]) await writeFile(file, 'x');
    const dayAndMinuteAgo = (Date.now() - STALE_MS - 60_000) / 1000;
    await utimes(stale, dayAndMinuteAgo, dayAndMinuteAgo);
    await utimes(other, dayAndMinuteAgo, dayAndMinuteAgo);

    const kept = recordFileFor(dir, 'a key');
    keepRecord(kept, '{"value":1}');
    expect(await readFile(kept, 'utf8')).toBe('{"value":1}');
    expect((await readdir(dir)).sort()).toEqual([path.basename(kept), 'notes.txt', 'record-fresh.json'].sort());
  });

  it('writes and reads back a record of many blocks whole, characters of every width across their edges', async () => {
    const dir = await folder();
    const file = recordFileFor(dir, 'large');
    // Over 300,000 characters: ASCII, two- and three-byte ones, and surrogate pairs, at every offset of a block.
    const text = JSON.stringify(Array.from({ length: 20_000 }, (_, i) => `${i}é€😀`.repeat(1 + (i % 3))));
    keepRecord(file, text);
    expect(await readFile(file, 'utf8')).toBe(text);
    expect(readRecordText(file)).toBe(text);
    expect(readRecordText(path.join(dir, 'record-none.json'))).toBeUndefined();
    expect(readRecordText(undefined)).toBeUndefined();
  });

  it('writes nothing and throws nothing where the cache folder cannot be made', async () => {
    const dir = await folder();
    const blocker = path.join(dir, 'a-file');
    await writeFile(blocker, '');
    expect(() => keepRecord(recordFileFor(path.join(blocker, 'cache'), 'k'), 'text')).not.toThrow();
    expect(await readdir(dir)).toEqual(['a-file']);
  });
});
