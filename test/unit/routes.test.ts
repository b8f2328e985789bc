import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SiteErrorList } from '../../src/errors.ts';
import { assertUniqueOutputs, discoverRoutes, outputFileFor } from '../../src/routes/discover-routes.ts';
import { FIXTURES } from '../helpers/fixture.ts';

describe('outputFileFor', () => {
  it.each([
    ['/', 'index.html'],
    ['/about', 'about.html'],
    ['/blog/kitchen-design-tips', 'blog/kitchen-design-tips.html'],
    ['/404', '404.html'],
  ])('%s → %s', (route, file) => expect(outputFileFor(route)).toBe(file));
});

describe('assertUniqueOutputs', () => {
  it('lists every culprit of a shared output file', () => {
    try {
      assertUniqueOutputs([
        { outputFile: 'a.html', source: 'pages/a.tsx', params: {} },
        { outputFile: 'a.html', source: 'pages/[x].tsx', params: { x: 'a' } },
        { outputFile: 'b.html', source: 'pages/b.tsx', params: {} },
      ]);
      throw new Error('did not throw');
    } catch (error) {
      expect(error).toBeInstanceOf(SiteErrorList);
      expect((error as SiteErrorList).errors.map((e) => e.message)).toEqual(['a.html would be written by pages/a.tsx and by pages/[x].tsx {"x":"a"}.']);
    }
  });
});

describe('discoverRoutes', () => {
  it('finds file pages and expands getStaticPaths, sorted by path', async () => {
    const root = path.join(FIXTURES, 'basic');
    const data = { posts: [{ slug: 'one', title: 'One' }, { slug: 'two', title: 'Two' }], site: { name: 'x', url: 'https://x.example', tags: [] } };
    const routes = await discoverRoutes(path.join(root, 'templates/pages'), root, { data, site: { url: 'https://x.example', time: new Date(0), env: { emailjs: { publicKey: '', serviceId: '', templateId: '', origin: '' }, admin: { salt: '', digest: '' } } } });
    expect(routes.map((r) => [r.path, r.outputFile])).toEqual([
      ['/', 'index.html'],
      ['/404', '404.html'],
      ['/blog/one', 'blog/one.html'],
      ['/blog/two', 'blog/two.html'],
      ['/islands', 'islands.html'],
      ['/prefixes', 'prefixes.html'],
      ['/private', 'private.html'],
      ['/scripted', 'scripted.html'],
      ['/toggle', 'toggle.html'],
    ]);
    expect(routes.find((r) => r.path === '/blog/two')?.props).toEqual({ post: data.posts[1] });
    expect(routes.find((r) => r.path === '/404')?.isNotFound).toBe(true);
  });
});
