import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SiteError, SiteErrorList } from '../../src/errors.ts';
import { importTemplates } from '../../src/load-module.ts';
import { assertUniqueOutputs, discoverRoutes, renderOrder } from '../../src/routes/discover-routes.ts';
import { outputFileFor } from '../../src/routes/output-files.ts';
import { packPaths, PagePaths } from '../../src/routes/page-paths.ts';
import type { RouteInfo } from '../../src/page-types.ts';
import { renderInput } from '../../src/render/render-page.ts';
import { FIXTURES } from '../helpers/fixture.ts';

describe('outputFileFor', () => {
  it.each([
    ['/', 'index.html'],
    ['/about', 'about.html'],
    ['/blog/kitchen-design-tips', 'blog/kitchen-design-tips.html'],
    ['/404', '404.html'],
  ])('%s → %s', (route, file) => expect(outputFileFor(route)).toBe(file));
});

describe('PagePaths', () => {
  it('tells the paths of the pages from any other, whatever order the routes come in', () => {
    const paths = ['/', '/about', '/about-us', '/blog/post', '/a', '/blog'];
    const pages = new PagePaths(packPaths(paths.map((path) => ({ path }))));
    for (const path of paths) expect(pages.has(path)).toBe(true);
    for (const path of ['', '/abou', '/about/', '/aboutx', '/blog/', '/blog/post/x', '/b', '/z', '/About', '/ab\u00e9']) expect(pages.has(path)).toBe(false);
    expect(new PagePaths(packPaths([])).has('/')).toBe(false);
  });

  it('refuses a path it cannot hold a byte a character', () => {
    expect(() => packPaths([{ path: '/caf\u00e9' }])).toThrow(/not ASCII/);
  });
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

  it('gives pages the routes themselves, which no page can change or reorder for the build', async () => {
    const root = path.join(FIXTURES, 'basic');
    const data = { posts: [{ slug: 'one', title: 'One' }], site: { name: 'x', url: 'https://x.example', tags: [] } };
    const routes = await discoverRoutes(path.join(root, 'templates/pages'), root, { data, site: { url: 'https://x.example', time: new Date(0), env: {} } });
    const seen = renderInput(data, { url: 'https://x.example', time: new Date(0), env: {} }, new Map(), routes).routes;
    expect(seen).toEqual(routes);
    expect(seen[0]).toBe(routes[0]);
    const paths = routes.map((route) => route.path);
    // What a careless page might do to its list, or to a route in it (a TypeScript page would not compile).
    expect(() => (seen as RouteInfo[]).sort((a, b) => b.path.localeCompare(a.path))).toThrow(TypeError);
    expect(() => ((seen[0] as RouteInfo).path = '/elsewhere')).toThrow(TypeError);
    expect(routes.map((route) => route.path)).toEqual(paths);
  });

  it('renders in the order pages were found: a page file’s routes together, as its getStaticPaths lists them', async () => {
    const root = path.join(FIXTURES, 'basic');
    const data = { posts: [{ slug: 'two', title: 'Two' }, { slug: 'one', title: 'One' }], site: { name: 'x', url: 'https://x.example', tags: [] } };
    const routes = await discoverRoutes(path.join(root, 'templates/pages'), root, { data, site: { url: 'https://x.example', time: new Date(0), env: {} } });
    const order = renderOrder(routes);
    const rendered = order.map((index) => routes[index]!.path);
    // Every route once; the posts as listed, though by path /blog/one comes first.
    expect([...order].sort((a, b) => a - b)).toEqual(routes.map((_, index) => index));
    expect(rendered.filter((p) => p.startsWith('/blog/'))).toEqual(['/blog/two', '/blog/one']);
    expect(routes.map((r) => r.path).filter((p) => p.startsWith('/blog/'))).toEqual(['/blog/one', '/blog/two']);
    expect(rendered.indexOf('/blog/one')).toBe(rendered.indexOf('/blog/two') + 1);
  });
  it('gives each page the params its getStaticPaths listed, those in the path and any other', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'site-route-params-'));
    await mkdir(path.join(root, 'pages/[area]'), { recursive: true });
    // A segment that also ends another one (`two` in `one-two`), and a param the path does not name.
    await writeFile(
      path.join(root, 'pages/[area]/[name].ts'),
      `export default () => null; export const meta = () => ({ title: 't', description: 'd' });
       export const getStaticPaths = () => [
         { params: { area: 'one-two', name: 'two', note: 'kept as given' } },
         { params: { name: ['thr', 'ee'].join(''), area: 'x' + 'long-area-name-' + 'y' } },
       ];`,
    );
    const routes = await discoverRoutes(path.join(root, 'pages'), root, { data: {}, site: { url: 'https://x.example', time: new Date(0), env: {} } });
    expect(routes.map((route) => [route.path, route.outputFile, route.params])).toEqual([
      ['/one-two/two', 'one-two/two.html', { area: 'one-two', name: 'two', note: 'kept as given' }],
      ['/xlong-area-name-y/three', 'xlong-area-name-y/three.html', { name: 'three', area: 'xlong-area-name-y' }],
    ]);
    // In the order getStaticPaths gave them.
    expect(Object.keys(routes[1]!.params)).toEqual(['name', 'area']);
  });
});

describe('importTemplates', () => {
  it('gives the modules in the order asked, and of several that fail, the first in that order', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'site-import-templates-'));
    const file = async (name: string, text: string) => {
      await writeFile(path.join(root, name), text);
      return path.join(root, name);
    };
    // The later file fails at once; the earlier one only after a wait, so the order of failure is not the order asked.
    const slowBad = await file('a-slow-bad.mjs', 'await new Promise((resolve) => setTimeout(resolve, 50)); throw new Error("a fails late");');
    const quickBad = await file('b-quick-bad.mjs', 'throw new Error("b fails at once");');
    const good = [await file('c-one.mjs', 'export const n = 1;'), await file('d-two.mjs', 'export const n = 2;')];
    expect((await importTemplates<{ n: number }>(good, root)).map((module) => module.n)).toEqual([1, 2]);
    const error = await importTemplates([good[0]!, slowBad, quickBad], root).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SiteError);
    expect((error as SiteError).code).toBe('TEMPLATE_LOAD_FAILED');
    expect((error as SiteError).file).toBe('a-slow-bad.mjs');
  });
});
