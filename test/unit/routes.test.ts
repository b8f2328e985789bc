import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/core/config.ts';
import { ENGINE_INDEX } from '../../src/core/engine-files.ts';
import { SiteError, SiteErrorList } from '../../src/core/errors.ts';
import { byCodeUnits } from '../../src/core/text.ts';
import { compileTemplates } from '../../src/load/compile-templates.ts';
import { importTemplates } from '../../src/load/import-templates.ts';
import { templateFiles } from '../../src/load/template-files.ts';
import { assertUniqueOutputs, findRoutes } from '../../src/routes/find-routes.ts';
import { outputFileFor } from '../../src/routes/output-files.ts';
import { FIXTURES, testEnv } from '../helpers/fixture.ts';
import { emptyFoldersPerTest } from '../helpers/temp-dirs.ts';

const folder = emptyFoldersPerTest('routes');
const SITE = { url: 'https://x.example', time: new Date(0), env: {} };

/** The routes of the site at `root` with this data, found as a build finds them: its templates compiled first. */
async function routesOf(root: string, data: unknown) {
  const config = resolveConfig({ root, env: testEnv() });
  const files = await templateFiles(config);
  // The templates import the engine the test runs, its sources (see vitest.config.ts).
  const compiled = await compileTemplates(config, files, ENGINE_INDEX);
  return findRoutes(config, files, compiled, { data, site: SITE });
}

/** A project under test/tmp (so its compiled pages find React) with these page modules and a bare site.config.ts. */
async function project(pages: Record<string, string>): Promise<string> {
  const root = await folder();
  const files = {
    'templates/site.config.ts': 'export default { collections: {}, siteUrl: () => "https://x.example" };\n',
    ...Object.fromEntries(Object.entries(pages).map(([file, text]) => [`templates/pages/${file}`, text])),
  };
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
  return root;
}

const PAGE = 'export default () => null;\nexport const meta = () => ({ title: "t", description: "d" });\n';
const pageWithPaths = (paths: string) => `${PAGE}export const getStaticPaths = () => ${paths};\n`;

/** What a call throws, awaited. */
const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('did not throw');
    },
    (error: unknown) => error,
  );

describe('outputFileFor', () => {
  it.each([
    ['/', 'index.html'],
    ['/about', 'about.html'],
    ['/blog/kitchen-design-tips', 'blog/kitchen-design-tips.html'],
    ['/404', '404.html'],
  ])('%s → %s', (route, file) => {
    expect(outputFileFor(route)).toBe(file);
  });
});

describe('assertUniqueOutputs', () => {
  it('lists every culprit of a shared output file', () => {
    const error = (() => {
      try {
        assertUniqueOutputs([
          { outputFile: 'a.html', source: 'pages/a.tsx', params: {} },
          { outputFile: 'a.html', source: 'pages/[x].tsx', params: { x: 'a' } },
          { outputFile: 'b.html', source: 'pages/b.tsx', params: {} },
        ]);
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(SiteErrorList);
    expect((error as SiteErrorList).errors.map((e) => [e.code, e.message, e.file])).toEqual([
      [
        'ROUTE_DUPLICATE_OUTPUT',
        'a.html would be written by pages/a.tsx and by pages/[x].tsx {"x":"a"}.',
        'pages/a.tsx',
      ],
    ]);
  });
});

describe('findRoutes', () => {
  const basic = path.join(FIXTURES, 'basic');
  const data = (slugs: string[]) => ({
    posts: slugs.map((slug) => ({ slug, title: slug.toUpperCase() })),
    site: { name: 'x', url: SITE.url, tags: [] },
  });

  it('finds file pages and expands getStaticPaths, in path order, and the text endpoints', async () => {
    const posts = data(['one', 'two']);
    const routes = await routesOf(basic, posts);
    expect(routes.pages.map((r) => [r.path, r.outputFile, r.pageFile])).toEqual([
      ['/', 'index.html', 'index.tsx'],
      ['/404', '404.html', '404.tsx'],
      ['/blog/one', 'blog/one.html', 'blog/[slug].tsx'],
      ['/blog/two', 'blog/two.html', 'blog/[slug].tsx'],
      ['/islands', 'islands.html', 'islands.tsx'],
      ['/prefixes', 'prefixes.html', 'prefixes.tsx'],
      ['/private', 'private.html', 'private.tsx'],
      ['/scripted', 'scripted.html', 'scripted.tsx'],
      ['/toggle', 'toggle.html', 'toggle.tsx'],
    ]);
    const two = routes.pages.find((r) => r.path === '/blog/two')!;
    expect([two.source, two.params, two.props, two.isNotFound]).toEqual([
      path.join('templates', 'pages', 'blog', '[slug].tsx'),
      { slug: 'two' },
      { post: posts.posts[1] },
      false,
    ]);
    expect(typeof two.module.default).toBe('function');
    expect(routes.pages.filter((r) => r.isNotFound).map((r) => r.path)).toEqual(['/404']);
    // A page without getStaticPaths has empty params and props.
    expect([routes.pages[0]!.params, routes.pages[0]!.props]).toEqual([{}, {}]);
    expect(routes.endpoints.map((e) => [e.path, e.outputFile, e.source, typeof e.module.default])).toEqual([
      ['/feed.xml', 'feed.xml', path.join('templates', 'pages', 'feed.xml.ts'), 'function'],
    ]);
  });

  it('renders in the order pages were found: a page file’s routes together, as its getStaticPaths lists them', async () => {
    const routes = await routesOf(basic, data(['two', 'one']));
    const order = routes.renderOrder;
    const rendered = order.map((index) => routes.pages[index]!.path);
    // Every route once; the posts as listed, though by path /blog/one comes first.
    expect([...order].sort((a, b) => a - b)).toEqual(routes.pages.map((_, index) => index));
    expect(rendered.filter((p) => p.startsWith('/blog/'))).toEqual(['/blog/two', '/blog/one']);
    expect(routes.pages.map((r) => r.path).filter((p) => p.startsWith('/blog/'))).toEqual(['/blog/one', '/blog/two']);
    expect(rendered.indexOf('/blog/one')).toBe(rendered.indexOf('/blog/two') + 1);
  });

  it('gives pages the routes themselves, which no page can change or reorder for the build', async () => {
    const routes = await routesOf(basic, data(['one']));
    const paths = routes.pages.map((route) => route.path);
    // What a careless page might do to its list (PageContext.routes), or to a route in it.
    expect(() => (routes.pages as unknown[]).sort()).toThrow(TypeError);
    expect(() => ((routes.pages[0] as { path: string }).path = '/elsewhere')).toThrow(TypeError);
    expect(routes.pages.map((route) => route.path)).toEqual(paths);
  });

  it('orders pages by the code units of their paths, the same on every machine and locale', async () => {
    const root = await project({
      'index.tsx': PAGE,
      'a.tsx': PAGE,
      'a-b.tsx': PAGE,
      'a/b.tsx': PAGE,
      'a0.tsx': PAGE,
      'ab.tsx': PAGE,
      'z/[x].tsx': pageWithPaths('[{ params: { x: "y-x" } }, { params: { x: "y" } }, { params: { x: "1" } }]'),
      'z.tsx': PAGE,
    });
    const { pages } = await routesOf(root, {});
    const paths = pages.map((route) => route.path);
    expect(paths).toEqual(['/', '/a', '/a-b', '/a/b', '/a0', '/ab', '/z', '/z/1', '/z/y', '/z/y-x']);
    expect(paths).toEqual([...paths].sort(byCodeUnits));
  });

  it('gives each page the params its getStaticPaths listed, those in the path and any other', async () => {
    // A segment that also ends another one (`two` in `one-two`), and a param the path does not name.
    const root = await project({
      '[area]/[name].ts': pageWithPaths(`[
        { params: { area: 'one-two', name: 'two', note: 'kept as given' } },
        { params: { name: ['thr', 'ee'].join(''), area: 'x' + 'long-area-name-' + 'y' } },
      ]`),
    });
    const { pages } = await routesOf(root, {});
    expect(pages.map((route) => [route.path, route.outputFile, route.params])).toEqual([
      ['/one-two/two', 'one-two/two.html', { area: 'one-two', name: 'two', note: 'kept as given' }],
      ['/xlong-area-name-y/three', 'xlong-area-name-y/three.html', { name: 'three', area: 'xlong-area-name-y' }],
    ]);
    // In the order getStaticPaths gave them.
    expect(Object.keys(pages[1]!.params)).toEqual(['name', 'area']);
  });

  it('leaves out private modules, those named _… or under a folder so named', async () => {
    const root = await project({
      'index.tsx': PAGE,
      '_draft.tsx': PAGE,
      '_parts/header.tsx': 'export const x = 1;\n',
      'blog/_notes/n.tsx': PAGE,
    });
    expect((await routesOf(root, {})).pages.map((route) => route.path)).toEqual(['/']);
  });

  it.each([
    [
      'a segment in capitals',
      { 'About.tsx': PAGE },
      'ROUTE_INVALID',
      'templates/pages/About.tsx: the path segment "About" is not lowercase words joined by dashes.',
    ],
    [
      'a [param] without getStaticPaths',
      { '[slug].tsx': PAGE },
      'ROUTE_INVALID',
      'templates/pages/[slug].tsx has [slug] in its name but exports no getStaticPaths().',
    ],
    [
      'a param that is no slug',
      { '[slug].tsx': pageWithPaths('[{ params: { slug: "Bad Slug" } }]') },
      'ROUTE_INVALID',
      'templates/pages/[slug].tsx: getStaticPaths()[0].params.slug is "Bad Slug", not a lowercase slug.',
    ],
    [
      'getStaticPaths giving no array',
      { '[slug].tsx': pageWithPaths('({})') },
      'ROUTE_INVALID',
      'templates/pages/[slug].tsx: getStaticPaths() must return an array.',
    ],
    [
      'a page without meta()',
      { 'about.tsx': 'export default () => null;\n' },
      'ROUTE_INVALID',
      'templates/pages/about.tsx must default-export a component and export a meta() function.',
    ],
    [
      'an endpoint without a default export',
      { 'feed.xml.ts': 'export const x = 1;\n' },
      'ROUTE_INVALID',
      "templates/pages/feed.xml.ts must default-export a function that returns the file's text.",
    ],
  ])('refuses a route it cannot make: %s', async (_name, pages, code, message) => {
    const error = await rejection(routesOf(await project(pages), {}));
    expect(error).toBeInstanceOf(SiteError);
    expect([(error as SiteError).code, (error as SiteError).message]).toEqual([code, message]);
  });

  it('refuses two routes that write one file, naming both', async () => {
    const error = await rejection(
      routesOf(
        await project({
          'about.tsx': PAGE,
          'about/index.tsx': PAGE,
          '[x].tsx': pageWithPaths('[{ params: { x: "about" } }]'),
        }),
        {},
      ),
    );
    expect(error).toBeInstanceOf(SiteErrorList);
    expect((error as SiteErrorList).errors.map((e) => [e.code, e.message])).toEqual([
      [
        'ROUTE_DUPLICATE_OUTPUT',
        'about.html would be written by templates/pages/[x].tsx {"x":"about"} and by templates/pages/about.tsx and by templates/pages/about/index.tsx.',
      ],
    ]);
  });
});

describe('importTemplates', () => {
  it('gives the modules in the order asked, and of several that fail, the first in that order', async () => {
    const root = await folder();
    const file = async (name: string, text: string) => {
      await writeFile(path.join(root, name), text);
      return path.join(root, name);
    };
    // The later file fails at once; the earlier one only after a wait, so the order of failure is not the order asked.
    const slowBad = await file(
      'a-slow-bad.mjs',
      'await new Promise((resolve) => setTimeout(resolve, 50)); throw new Error("a fails late");',
    );
    const quickBad = await file('b-quick-bad.mjs', 'throw new Error("b fails at once");');
    const good = [await file('c-one.mjs', 'export const n = 1;'), await file('d-two.mjs', 'export const n = 2;')];
    // Each module as its own compiled file.
    const compiled = Object.fromEntries([slowBad, quickBad, ...good].map((each) => [each, each]));
    expect((await importTemplates<{ n: number }>(good, root, compiled)).map((module) => module.n)).toEqual([1, 2]);
    const error = await rejection(importTemplates([good[0]!, slowBad, quickBad], root, compiled));
    expect(error).toBeInstanceOf(SiteError);
    expect([(error as SiteError).code, (error as SiteError).file, (error as SiteError).message]).toEqual([
      'TEMPLATE_LOAD_FAILED',
      'a-slow-bad.mjs',
      'a-slow-bad.mjs failed to load: a fails late',
    ]);
  });

  it('names a module that was not compiled with the others', async () => {
    const root = await folder();
    const error = await rejection(importTemplates([path.join(root, 'pages/new.tsx')], root, {}));
    expect([(error as SiteError).code, (error as SiteError).message]).toEqual([
      'TEMPLATE_LOAD_FAILED',
      `${path.join('pages', 'new.tsx')} failed to load: it was not compiled with the other templates`,
    ]);
  });
});
