import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { createElement, useId, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { type AssetManifest, linkAssets } from '../../src/assets/asset-links.ts';
import { pageChecker } from '../../src/check/page-check.ts';
import { sha256 } from '../../src/core/cache.ts';
import { SiteError } from '../../src/core/errors.ts';
import type { PageContext, PageMeta, PageModule } from '../../src/core/page-types.ts';
import type { IslandEntry } from '../../src/load/import-templates.ts';
import { checkOnThisThread } from '../../src/pages/check-and-write.ts';
import { pageLoop, type BuiltPages, type PageSetup } from '../../src/pages/page-loop.ts';
import { Island } from '../../src/render/island.tsx';
import { createRenderInput, renderBody, scriptsOf } from '../../src/render/render-body.ts';
import { RenderOnce } from '../../src/render/render-once.tsx';
import { type RenderContext, renderPage } from '../../src/render/render-page.ts';
import type { Route } from '../../src/routes/find-routes.ts';
import { emptyFoldersPerTest } from '../helpers/temp-dirs.ts';

const SITE = { url: 'https://example.com', time: new Date(0), env: {} };
/** A build without photos: a page that names one fails. */
const NO_IMAGES = {
  picture: (name: string): never => {
    throw new Error(`no photo ${name}`);
  },
};

function routeOf(path: string, module: PageModule, index = 0): Route {
  return {
    path,
    outputFile: `${path.slice(1) || 'index'}.html`,
    source: 'templates/pages/[p].tsx',
    pageFile: '[p].tsx',
    module,
    params: { p: path.slice(1) },
    props: { index },
    isNotFound: false,
  };
}

/**
 * Routes of one page module whose meta() counts its calls and names a script per route; with `scripts`, the
 * module says ahead which scripts each page names.
 */
function countingRoutes(count: number, scripts?: (context: PageContext<unknown, unknown>) => readonly string[]) {
  const calls: string[] = [];
  const module: PageModule = {
    default: (context) => createElement('p', null, `page ${context.path}`),
    meta: (context): PageMeta => {
      calls.push(context.path);
      return {
        title: `Title ${context.path}`,
        description: 'A page.',
        scripts: ['scripts/site.ts', `scripts${context.path}.ts`],
      };
    },
    ...(scripts ? { scripts } : {}),
  };
  const routes = Array.from({ length: count }, (_, index) => routeOf(`/p${index}`, module, index));
  return { routes, calls };
}

/** What a call throws. */
function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (caught) {
    return caught;
  }
  throw new Error('did not throw');
}

describe('scriptsOf', () => {
  it("lists every page's scripts once, in the order pages by path first name them, whatever order it asks them in", () => {
    const { routes, calls } = countingRoutes(3);
    const input = createRenderInput({}, SITE, new Map(), routes, NO_IMAGES);
    const { scripts, metas } = scriptsOf(routes, [2, 0, 1], input);
    expect(scripts).toEqual(['scripts/site.ts', 'scripts/p0.ts', 'scripts/p1.ts', 'scripts/p2.ts']);
    // Asked in render order: a meta() may read a record on demand.
    expect(calls).toEqual(['/p2', '/p0', '/p1']);
    // The metadata made here is each page's as it renders: meta() runs once a page.
    const rendered = createRenderInput({}, SITE, new Map(), routes, NO_IMAGES, metas);
    expect(routes.map((route) => renderBody(route, rendered).meta.title)).toEqual([
      'Title /p0',
      'Title /p1',
      'Title /p2',
    ]);
    expect(calls).toEqual(['/p2', '/p0', '/p1']);
    // Taken once: a page rendered again (a watch session's next build) makes its meta() anew.
    renderBody(routes[1]!, rendered);
    expect(calls).toEqual(['/p2', '/p0', '/p1', '/p1']);
  });

  it("asks a module that says its pages' scripts ahead for those only, and its meta() once each, as the page renders", () => {
    const { routes, calls } = countingRoutes(3, (context) => ['scripts/site.ts', `scripts${context.path}.ts`]);
    const input = createRenderInput({}, SITE, new Map(), routes, NO_IMAGES);
    expect(scriptsOf(routes, [2, 0, 1], input).scripts).toEqual([
      'scripts/site.ts',
      'scripts/p0.ts',
      'scripts/p1.ts',
      'scripts/p2.ts',
    ]);
    expect(calls).toEqual([]);
    expect(routes.map((route) => renderBody(route, input).meta.scripts)).toEqual(
      [0, 1, 2].map((index) => ['scripts/site.ts', `scripts/p${index}.ts`]),
    );
    expect(calls).toEqual(['/p0', '/p1', '/p2']);
  });

  it('fails with RENDER_FAILED naming the page when scripts() throws', () => {
    const { routes } = countingRoutes(1, () => {
      throw new Error('no record');
    });
    const error = thrown(() => scriptsOf(routes, [0], createRenderInput({}, SITE, new Map(), routes, NO_IMAGES)));
    expect(error).toMatchObject({
      code: 'RENDER_FAILED',
      file: 'templates/pages/[p].tsx',
      message: '/p0 (templates/pages/[p].tsx) failed to render: no record',
    });
  });
});

describe('renderBody', () => {
  it('renders the body with the meta of the page and the context of its route', () => {
    const module: PageModule = {
      default: (context) =>
        createElement(
          'p',
          null,
          `${context.path} ${context.url} ${JSON.stringify(context.props)} ${context.routes.length} ${
            (context.data as { n: number }).n
          }`,
        ),
      meta: (context) => ({ title: `Title ${context.path}`, description: 'A page.', robots: 'noindex' }),
    };
    const routes = [routeOf('/', module), routeOf('/about', module, 1)];
    const input = createRenderInput({ n: 7 }, SITE, new Map(), routes, NO_IMAGES);
    const [home, about] = routes.map((route) => renderBody(route, input));
    expect([home!.url, home!.html, home!.meta]).toEqual([
      'https://example.com/',
      '<p>/ https://example.com/ {&quot;index&quot;:0} 2 7</p>',
      { title: 'Title /', description: 'A page.', robots: 'noindex' },
    ]);
    expect([about!.url, about!.html, about!.islands, about!.route]).toEqual([
      'https://example.com/about',
      '<p>/about https://example.com/about {&quot;index&quot;:1} 2 7</p>',
      [],
      routes[1],
    ]);
  });

  it('fails the page, naming both lists, when its meta() names other scripts than it said ahead', () => {
    const { routes } = countingRoutes(2, (context) =>
      context.path === '/p1' ? ['scripts/site.ts'] : ['scripts/site.ts', 'scripts/p0.ts'],
    );
    const input = createRenderInput({}, SITE, new Map(), routes, NO_IMAGES);
    expect(scriptsOf(routes, [0, 1], input).scripts).toEqual(['scripts/site.ts', 'scripts/p0.ts']);
    expect(renderBody(routes[0]!, input).html).toBe('<p>page /p0</p>');
    const error = thrown(() => renderBody(routes[1]!, input));
    expect(error).toBeInstanceOf(SiteError);
    expect(error).toMatchObject({ code: 'RENDER_FAILED', file: 'templates/pages/[p].tsx', field: 'scripts' });
    expect((error as SiteError).message).toBe(
      'templates/pages/[p].tsx: meta() for /p1 names the scripts scripts/site.ts, scripts/p1.ts, but scripts() named scripts/site.ts.',
    );
  });

  it('fails a page whose meta() gives no title or description, or that throws, naming the page and its module', () => {
    const page = (meta: () => PageMeta, body: () => never | null = () => null) =>
      routeOf('/broken', { default: body, meta });
    const input = createRenderInput({}, SITE, new Map(), [], NO_IMAGES);
    expect(
      thrown(() =>
        renderBody(
          page(() => ({ title: ' ', description: 'd' })),
          input,
        ),
      ),
    ).toMatchObject({
      code: 'RENDER_FAILED',
      field: 'title',
      message: 'templates/pages/[p].tsx: meta() for /broken returned no title.',
    });
    expect(
      thrown(() =>
        renderBody(
          page(() => ({ title: 't' }) as PageMeta),
          input,
        ),
      ),
    ).toMatchObject({
      code: 'RENDER_FAILED',
      field: 'description',
    });
    const cause = new TypeError("Cannot read properties of undefined (reading 'name')");
    const error = thrown(() =>
      renderBody(
        page(
          () => ({ title: 't', description: 'd' }),
          () => {
            throw cause;
          },
        ),
        input,
      ),
    );
    expect(error).toMatchObject({
      code: 'RENDER_FAILED',
      file: 'templates/pages/[p].tsx',
      message: `/broken (templates/pages/[p].tsx) failed to render: ${cause.message}`,
      cause,
    });
  });

  it('renders each island as its own root in its marker, with its props in a JSON block, and lists the islands used', () => {
    function Counter({ start }: { start: number }) {
      const [count] = useState(start);
      return <button type="button" id={useId()}>{`Count ${count}`}</button>;
    }
    const entry: IslandEntry = {
      name: 'Counter',
      file: '/site/templates/islands/Counter.tsx',
      source: 'templates/islands/Counter.tsx',
    };
    const module: PageModule = {
      default: () => (
        <main>
          <p id={useId()}>x</p>
          <Island component={Counter} props={{ start: 2 }} hydrate="load" />
          <Island component={Counter} props={{ start: 5 }} hydrate={{ media: '(min-width: 40em)' }} />
          <RenderOnce as="footer" cacheKey="footer">
            <p>©</p>
          </RenderOnce>
        </main>
      ),
      meta: () => ({ title: 't', description: 'd' }),
    };
    const route = routeOf('/', module);
    const rendered = renderBody(
      route,
      createRenderInput({}, SITE, new Map([[Counter as never, entry]]), [route], NO_IMAGES),
    );
    // Each island's useId is made under its own prefix, as the browser hydrates it (identifierPrefix `${uid}-`).
    const ids = [...rendered.html.matchAll(/ id="([^"]*)"/g)].map((match) => match[1]!);
    expect(ids.filter((id) => !id.startsWith('site-island-props-'))).toEqual([
      expect.not.stringMatching(/s\d-/),
      expect.stringMatching(/^_?s0-/),
      expect.stringMatching(/^_?s1-/),
    ]);
    const withoutIds = rendered.html.replace(/ id="[^"]*"/g, (whole) =>
      whole.includes('site-island-props-') ? whole : '',
    );
    expect(withoutIds).toBe(
      '<main><p>x</p>' +
        '<script type="application/json" id="site-island-props-s0">{"start":2}</script><site-island data-island="Counter" data-uid="s0" data-when="load"><button type="button">Count 2</button></site-island>' +
        '<script type="application/json" id="site-island-props-s1">{"start":5}</script><site-island data-island="Counter" data-uid="s1" data-when="media" data-media="(min-width: 40em)"><button type="button">Count 5</button></site-island>' +
        '<footer><p>©</p></footer></main>',
    );
    expect(rendered.islands).toEqual([
      { uid: 's0', when: 'load', entry },
      { uid: 's1', when: 'media', entry },
    ]);
  });
});

describe('the page loop, rendering on this thread and checking there', () => {
  const folder = emptyFoldersPerTest('build-page');
  const manifest: AssetManifest = {
    styles: ['/assets/site-1.css'],
    fonts: [],
    runtime: 'assets/runtime-2.js',
    islands: { Counter: 'assets/counter-3.js' },
    scripts: {},
    outputs: {},
  };
  const entry: IslandEntry = {
    name: 'Counter',
    file: '/site/templates/islands/Counter.tsx',
    source: 'templates/islands/Counter.tsx',
  };
  function Counter({ start }: { start: number }) {
    return <button type="button">{`Count ${start}`}</button>;
  }
  const module: PageModule = {
    default: (context) => (
      <main>
        <h1 id="top-of-page">{`Page ${context.path}`}</h1>
        <p>{'Kitchen remodels in Palo Alto. '.repeat(50)}</p>
        <a href="/about">about</a>
        <a href="/gone">gone</a>
        <a href="/brochure.pdf#page=2">brochure</a>
        {context.path === '/about' ? (
          <Island component={Counter} props={{ start: 1 }} hydrate="visible" />
        ) : (
          <Island component={Counter} props={{ start: 2 }} hydrate="load" />
        )}
      </main>
    ),
    meta: (context) => ({
      title: `Title ${context.path}`,
      description: 'A page.',
      headers: { 'X-Page': context.path },
      scripts: [],
    }),
  };
  const routes = [routeOf('/', module), routeOf('/about', module, 1)].map((route, index) => ({
    ...route,
    pageFile: index ? 'about.tsx' : 'index.tsx',
  }));
  const shell = { lang: 'en', siteName: 'Acme', siteUrl: SITE.url, headMeta: [], fontPreloads: [] };
  const setup = (output: PageSetup['output'], figures: PageSetup['check']['figures'] = {}): PageSetup => ({
    render: { assets: manifest, shell },
    check: {
      origin: SITE.url,
      secrets: [],
      pagePaths: routes.map((route) => route.path),
      knownFiles: ['assets/site-1.css', 'assets/runtime-2.js', 'assets/counter-3.js', 'brochure.pdf'],
      budgets: { html: [{ pageFile: 'index.tsx', maxBytes: 100 }] },
      figures,
    },
    output,
  });
  const context = (): RenderContext => ({
    input: createRenderInput({}, SITE, new Map([[Counter as never, entry]]), routes, NO_IMAGES),
    assets: linkAssets(manifest),
    shell,
  });
  /** Builds `built` (the routes by default) through the page loop: rendered and checked on this thread. */
  async function buildAll(building: PageSetup, built: readonly Route[] = routes): Promise<BuiltPages> {
    const renderContext = context();
    const found = { pages: built, renderOrder: built.map((_, index) => index), endpoints: [] };
    return pageLoop(found, building, {
      source: { render: (route, index) => renderPage(route, index, renderContext) },
      sink: checkOnThisThread(),
      figuresAt: path.join(await folder(), 'figures.json'),
      onBuilt: () => undefined,
    });
  }

  it('writes the very document it hands back when nothing is written, with what the check found of it', async () => {
    const dir = await folder();
    const kept = await buildAll(setup(undefined));
    const written = await buildAll(setup({ dir, previous: undefined }));
    expect(written.documents.size).toBe(0);
    expect(written.pages).toEqual(kept.pages);
    const check = pageChecker(setup(undefined).check);
    for (const [index, route] of routes.entries()) {
      const document = kept.documents.get(index)!;
      expect(new Uint8Array(await readFile(path.join(dir, route.outputFile)))).toEqual(new Uint8Array(document));
      const html = Buffer.from(document).toString('utf8');
      expect(html.startsWith('<!DOCTYPE html><html lang="en">')).toBe(true);
      const { facts } = check(route, html, Buffer.from(document));
      expect(kept.pages[index]).toEqual({ ...renderPage(route, index, context()), html: undefined, facts });
      expect([facts.size, facts.digest]).toEqual([document.byteLength, sha256(document)]);
    }
    // The home page is over its HTML budget: its figure is the level-9 size.
    expect(kept.pages[0]!.facts.htmlGzip).toBe(gzipSync(kept.documents.get(0)!, { level: 9 }).byteLength);
    expect(kept.pages[1]!.facts.htmlGzip).toBeUndefined();
    // The bundle's three files and the brochure are known files, the canonical URL and /about pages: they arrive;
    // /gone is left to the link check, once for the two pages that link it.
    expect(kept.pages[0]!.facts.arrived).toBe(6);
    expect([...kept.links.values()].map(({ link, uses, firsts }) => [link.url, uses, firsts])).toEqual([
      ['/gone', 2, [0, 1]],
    ]);
  });

  it('takes a document’s figure from the last build’s by its digest while well within the budget, and measures it otherwise', async () => {
    const { html } = renderPage(routes[0]!, 0, context());
    const bytes = Buffer.from(html);
    const digest = sha256(bytes);
    const [quick, exact] = [gzipSync(bytes, { level: 1 }).byteLength, gzipSync(bytes, { level: 9 }).byteLength];
    const figureWith = (budget: number | undefined, figures: PageSetup['check']['figures']) =>
      pageChecker({
        ...setup(undefined, figures).check,
        budgets: budget === undefined ? {} : { html: [{ pageFile: 'index.tsx', maxBytes: budget }] },
      })({ path: '/', pageFile: 'index.tsx' }, html, bytes).facts.htmlGzip;
    const roomy = quick * 2;
    // Known and well within: passed on as it is (a figure no gzip level gives, to tell it apart).
    expect(figureWith(roomy, { [digest]: 123 })).toBe(123);
    // Known for another document only, or none known: measured.
    expect(figureWith(roomy, { [sha256('another document')]: 123 })).toBe(quick);
    expect(figureWith(roomy, {})).toBe(quick);
    // Known but near or over the budget: measured again, and over it at level 9.
    expect(figureWith(roomy, { [digest]: roomy })).toBe(quick);
    expect(figureWith(100, { [digest]: 99 })).toBe(exact);
    // No budget: no figure, whatever is known.
    expect(figureWith(undefined, { [digest]: 123 })).toBeUndefined();
    // The loop reads the figures of its setup the same way, by the page's budget (100 bytes for the home page).
    expect((await buildAll(setup(undefined, { [digest]: 50 }))).pages[0]!.facts.htmlGzip).toBe(50);
    expect((await buildAll(setup(undefined, { [digest]: 99 }))).pages[0]!.facts.htmlGzip).toBe(exact);
  });

  it('keeps what later stages read of the page: its metadata, and its islands by name, those that hydrate early apart', async () => {
    const built = await buildAll(setup(undefined));
    const [home, about] = built.pages;
    expect(home!.meta).toEqual({ robots: undefined, sitemap: undefined, headers: { 'X-Page': '/' }, scripts: [] });
    expect(home!.islands).toEqual({ all: ['Counter'], eager: ['Counter'] });
    expect(about!.islands).toEqual({ all: ['Counter'], eager: [] });
    // The document links what the page's islands need.
    const html = Buffer.from(built.documents.get(0)!).toString('utf8');
    expect(html).toContain('<script type="module" src="/assets/runtime-2.js"></script>');
    expect(html).toContain('<link rel="stylesheet" href="/assets/site-1.css"/>');
  });

  it('links a document the previous output holds unchanged, and writes a changed one anew', async () => {
    const dir = await folder();
    const previous = path.join(dir, 'dist');
    const next = path.join(dir, 'next');
    await buildAll(setup({ dir: previous, previous: undefined }));
    await buildAll(setup({ dir: next, previous }));
    expect((await stat(path.join(next, 'index.html'))).ino).toBe((await stat(path.join(previous, 'index.html'))).ino);
    const changed = {
      ...routes[1]!,
      module: { ...module, meta: () => ({ title: 'A new title', description: 'A page.' }) },
    };
    const again = path.join(dir, 'again');
    await buildAll(setup({ dir: again, previous }), [routes[0]!, changed]);
    expect((await stat(path.join(again, 'index.html'))).ino).toBe((await stat(path.join(previous, 'index.html'))).ino);
    expect((await stat(path.join(again, 'about.html'))).ino).not.toBe(
      (await stat(path.join(previous, 'about.html'))).ino,
    );
    expect(await readFile(path.join(again, 'about.html'), 'utf8')).toContain('<title>A new title</title>');
  });
});
