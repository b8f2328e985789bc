import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedPages, pageDigests } from '../content/page-digests.mjs';
import { tempDir } from '../helpers/fixture.ts';

// The content path opens in a browser only the pages a Publish changed: those whose HTML differs from the last
// deployed build's (test/content/changed-pages.test.ts).
let dist: { dir: string; remove(): Promise<void> };

beforeAll(async () => {
  dist = await tempDir('digests');
  await mkdir(path.join(dist.dir, 'blog'), { recursive: true });
  for (const [file, html] of Object.entries({
    'index.html': '<p>home</p>',
    'about.html': '<p>about</p>',
    'blog/index.html': '<p>blog</p>',
    'blog/first.html': '<p>a post</p>',
    'admin.html': '<p>the editor</p>',
  })) {
    await writeFile(path.join(dist.dir, file), html);
  }
});

afterAll(() => dist.remove());

describe('page digests', () => {
  it("names each page by its address, the editor's page left out", () => {
    expect(Object.keys(pageDigests(dist.dir))).toEqual(['/about', '/blog/first', '/blog', '/']);
  });

  it('finds the pages that changed or are new since the digests before; every page when there are none', async () => {
    const before = pageDigests(dist.dir);
    await writeFile(path.join(dist.dir, 'about.html'), '<p>about us</p>');
    await writeFile(path.join(dist.dir, 'blog/second.html'), '<p>another post</p>');
    const after = pageDigests(dist.dir);
    expect(changedPages(after, before)).toEqual(['/about', '/blog/second']);
    expect(changedPages(after, after)).toEqual([]);
    expect(changedPages(after, undefined)).toEqual(Object.keys(after));
  });
});
