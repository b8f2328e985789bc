import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { figuresRecordFile, keepFigures, knownFigure, readFigures } from '../../src/output/budget-figures.ts';
import { documentDigest } from '../../src/output/document-figures.ts';

const digest = documentDigest(new TextEncoder().encode('<!DOCTYPE html><title>A page</title>'));
const other = documentDigest(new TextEncoder().encode('<!DOCTYPE html><title>Another page</title>'));

describe('figures for HTML budgets kept between builds', () => {
  it('finds each of many figures by its document and budget, as written in any order', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'site-figures-'));
    const file = figuresRecordFile(folder, '/engine/abc', '/site/data')!;
    const digests = Array.from({ length: 3000 }, (_, index) => documentDigest(new TextEncoder().encode(`page ${index}`)));
    const figures = digests.flatMap((each, index) => [
      { digest: each, budget: 100 + (index % 7), figure: index },
      { digest: each, budget: 4_000_000_000, figure: 4_000_000_000 - index },
    ]);
    keepFigures(file, figures);
    const known = readFigures(file);
    expect(known.size).toBe(6000);
    digests.forEach((each, index) => {
      expect(knownFigure(known, each, 100 + (index % 7))).toBe(index);
      expect(knownFigure(known, each, 4_000_000_000)).toBe(4_000_000_000 - index);
      expect(knownFigure(known, each, 99)).toBeUndefined();
    });
    expect(knownFigure(known, other, 100)).toBeUndefined();
  });

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
    const kept = readFigures(file);
    expect([kept.size, knownFigure(kept, digest, 100), knownFigure(kept, other, 100)]).toEqual([1, 200, undefined]);
  });

  it('reads past a damaged record as no record', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'site-figures-'));
    const file = figuresRecordFile(folder, '/engine/abc', '/site/data')!;
    keepFigures(file, [{ digest, budget: 100, figure: 200 }]);
    expect(await readFile(file, 'utf8')).toContain('200');
    const whole = await readFile(file, 'utf8');
    for (const damaged of ['{"half', '[1, 2]', '{"key": "not a number"}', whole.slice(0, -1), whole.slice(0, -2), `${whole} `, whole.replace('200', '2x0')]) {
      await writeFile(file, damaged);
      expect(readFigures(file).size).toBe(0);
    }
  });
});
