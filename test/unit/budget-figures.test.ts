import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { figuresRecordFile, keepFigures, knownFigure, readFigures } from '../../src/output/budget-figures.ts';
import { documentDigest } from '../../src/output/document-figures.ts';

const digest = documentDigest(new TextEncoder().encode('<!DOCTYPE html><title>A page</title>'));
const other = documentDigest(new TextEncoder().encode('<!DOCTYPE html><title>Another page</title>'));

describe('figures for HTML budgets kept between builds', () => {
  it('gives back a figure only for the same document under the same budget', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'site-figures-'));
    const file = figuresRecordFile(folder, '/engine/abc', '/site/data');
    keepFigures(file, [{ digest, budget: 12288, figure: 4321 }]);
    const known = readFigures(file);
    expect(knownFigure(known, digest, 12288)).toBe(4321);
    expect(knownFigure(known, digest, 100)).toBeUndefined();
    expect(knownFigure(known, other, 12288)).toBeUndefined();
    expect(knownFigure(known, undefined, 12288)).toBeUndefined();
    expect(knownFigure(known, digest, undefined)).toBeUndefined();
  });

  it('keeps one record per engine and data folder, none for an engine run from its sources', () => {
    const file = figuresRecordFile('/cache', '/engine/abc', '/site/data');
    expect(figuresRecordFile('/cache', '/engine/abc', '/site/data')).toBe(file);
    expect(figuresRecordFile('/cache', '/engine/def', '/site/data')).not.toBe(file);
    expect(figuresRecordFile('/cache', '/engine/abc', '/other/data')).not.toBe(file);
    expect(figuresRecordFile('/cache', undefined, '/site/data')).toBeUndefined();
    expect(readFigures(undefined).size).toBe(0);
  });

  it('rewrites the record only when the figures changed, dropping documents gone', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'site-figures-'));
    const file = figuresRecordFile(folder, '/engine/abc', '/site/data')!;
    keepFigures(file, [{ digest, budget: 100, figure: 200 }, { digest: other, budget: 100, figure: 300 }]);
    const written = (await stat(file)).ino;
    keepFigures(file, [{ digest, budget: 100, figure: 200 }, { digest: other, budget: 100, figure: 300 }]);
    expect((await stat(file)).ino).toBe(written);
    keepFigures(file, [{ digest, budget: 100, figure: 200 }]);
    expect([...readFigures(file).values()]).toEqual([200]);
  });

  it('reads past a damaged record as no record', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'site-figures-'));
    const file = figuresRecordFile(folder, '/engine/abc', '/site/data')!;
    keepFigures(file, [{ digest, budget: 100, figure: 200 }]);
    expect(await readFile(file, 'utf8')).toContain('200');
    for (const damaged of ['{"half', '[1, 2]', '{"key": "not a number"}']) {
      await writeFile(file, damaged);
      expect(readFigures(file).size).toBe(0);
    }
  });
});
