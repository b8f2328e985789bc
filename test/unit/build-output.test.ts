import { describe, expect, it } from 'vitest';
import { byCodeUnits } from '../../src/code-unit-order.ts';
import { BuildOutput, pageDocuments } from '../../src/output/build-output.ts';
import type { OutputFile } from '../../src/output/output-file.ts';
import { byOutputFile, outputFileFor } from '../../src/routes/output-files.ts';

// Paths whose files order differently from the paths themselves: `/` is index.html, and a dash sorts before the
// `.html` that ends a shorter path, which a slash and a letter or digit sort after.
const PATHS = ['/', '/a', '/a-b', '/a/b', '/a0', '/ab', '/b', '/index', '/index-x', '/in', '/z/y-x', '/z/y', '/z/y/x', '/z'].sort(byCodeUnits);

function documentsOf(paths: readonly string[]) {
  const pages = paths.map((path) => ({ route: { path, outputFile: outputFileFor(path) }, size: path.length }));
  return pageDocuments(pages, (page): OutputFile => ({ path: page.route.outputFile, written: page.size }));
}

describe('byOutputFile', () => {
  it('orders route paths exactly as their output files order', () => {
    const byFiles = (a: string, b: string) => Math.sign(byCodeUnits(outputFileFor(a), outputFileFor(b)));
    for (const a of PATHS) for (const b of PATHS) expect([a, b, Math.sign(byOutputFile(a, b))]).toEqual([a, b, byFiles(a, b)]);
  });
});

describe('BuildOutput', () => {
  const others: OutputFile[] = [
    { path: 'sitemap.xml', contents: '<urlset/>' },
    { path: 'a/b.txt', contents: 'text' },
    { path: '_headers', contents: '/*' },
  ];
  const output = new BuildOutput(documentsOf(PATHS), others);

  it('lists every document, made from its page, then every other file', () => {
    expect([...output.paths()]).toEqual([...PATHS.map(outputFileFor), 'sitemap.xml', 'a/b.txt', '_headers']);
    expect(output.length).toBe(PATHS.length + others.length);
    expect([...output][1]).toEqual({ path: 'a.html', written: 2 });
  });

  it('finds a file by path, a document among the pages', () => {
    for (const path of [...PATHS.map(outputFileFor), 'a/b.txt']) {
      expect(output.has(path)).toBe(true);
      expect(output.get(path)?.path).toBe(path);
    }
    for (const path of ['b.txt', 'a/index.html', 'nope.html', 'index', 'a', '/a.html']) {
      expect(output.has(path)).toBe(false);
      expect(output.get(path)).toBeUndefined();
    }
  });

  it('gives every file in the code-unit order of its path', () => {
    const paths = [...output.inPathOrder()].map((file) => file.path);
    expect(paths).toEqual([...output.paths()].sort(byCodeUnits));
  });

  it('holds files alone, without documents', () => {
    const files = BuildOutput.of(others);
    expect(files.toArray()).toEqual(others);
    expect(files.has('index.html')).toBe(false);
    expect([...files.inPathOrder()].map((file) => file.path)).toEqual(['_headers', 'a/b.txt', 'sitemap.xml']);
  });
});
