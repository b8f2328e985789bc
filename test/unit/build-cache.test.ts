import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cachedStep } from '../../src/compile/build-cache.ts';
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
