import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { SiteError } from '../../src/errors.ts';
import type { PageContext, PageMeta } from '../../src/page-types.ts';
import { renderInput, renderPage, scriptsOf } from '../../src/render/render-page.ts';
import type { Route } from '../../src/routes/discover-routes.ts';

/**
 * Routes of one page module whose meta() counts its calls and names a script per route; with `scripts`, the
 * module says ahead which scripts each page names.
 */
function countingRoutes(count: number, scripts?: (context: PageContext<unknown, unknown>) => readonly string[]) {
  const calls = new Map<string, number>();
  const module = {
    default: (context: PageContext<unknown, unknown>) => createElement('p', null, `page ${context.path}`),
    meta: (context: PageContext<unknown, unknown>): PageMeta => {
      calls.set(context.path, (calls.get(context.path) ?? 0) + 1);
      return { title: `Title ${context.path}`, description: 'A page.', scripts: ['scripts/site.ts', `scripts${context.path}.ts`] };
    },
    ...(scripts ? { scripts } : {}),
  };
  const routes: Route[] = Array.from({ length: count }, (_, index) => ({
    path: `/p${index}`,
    outputFile: `p${index}.html`,
    source: 'templates/pages/[p].tsx',
    pageFile: '[p].tsx',
    module,
    params: { p: `p${index}` },
    props: {},
    isNotFound: false,
    discovered: index,
  }));
  return { routes, calls };
}

describe('scriptsOf and renderPage', () => {
  it("list every page's scripts once, in order, and render the kept pages without calling meta() again", () => {
    const { routes, calls } = countingRoutes(3);
    const input = renderInput({}, { url: 'https://example.com', time: new Date(0), env: {} }, new Map(), routes);
    expect(scriptsOf(routes, input, 2)).toEqual(['scripts/site.ts', 'scripts/p0.ts', 'scripts/p1.ts', 'scripts/p2.ts']);
    const rendered = routes.map((route) => renderPage(route, input));
    expect(rendered.map((page) => [page.meta.title, page.body])).toEqual([
      ['Title /p0', '<p>page /p0</p>'],
      ['Title /p1', '<p>page /p1</p>'],
      ['Title /p2', '<p>page /p2</p>'],
    ]);
    // The two kept pages' meta was made once; the third's again as it rendered. None is held after its render.
    expect(Object.fromEntries(calls)).toEqual({ '/p0': 1, '/p1': 1, '/p2': 2 });
    expect(input.metas.size).toBe(0);
    renderPage(routes[0]!, input);
    expect(calls.get('/p0')).toBe(2);
  });

  it('asks pages in render order, keeps the meta of the first to render, and lists scripts by path all the same', () => {
    const { routes, calls } = countingRoutes(3);
    const input = renderInput({}, { url: 'https://example.com', time: new Date(0), env: {} }, new Map(), routes);
    expect(scriptsOf(routes, input, 1, [2, 0, 1])).toEqual(['scripts/site.ts', 'scripts/p0.ts', 'scripts/p1.ts', 'scripts/p2.ts']);
    expect([...calls.keys()]).toEqual(['/p2', '/p0', '/p1']);
    expect([...input.metas.keys()].map((route) => route.path)).toEqual(['/p2']);
  });

  it("asks a module that says its pages' scripts ahead for those only, and makes each page's meta once, as it renders", () => {
    const { routes, calls } = countingRoutes(3, (context) => ['scripts/site.ts', `scripts${context.path}.ts`]);
    const input = renderInput({}, { url: 'https://example.com', time: new Date(0), env: {} }, new Map(), routes);
    expect(scriptsOf(routes, input, 2, [2, 0, 1])).toEqual(['scripts/site.ts', 'scripts/p0.ts', 'scripts/p1.ts', 'scripts/p2.ts']);
    expect(calls.size).toBe(0);
    expect(input.metas.size).toBe(0);
    expect(routes.map((route) => renderPage(route, input).meta.scripts)).toEqual([0, 1, 2].map((index) => ['scripts/site.ts', `scripts/p${index}.ts`]));
    expect(Object.fromEntries(calls)).toEqual({ '/p0': 1, '/p1': 1, '/p2': 1 });
  });

  it('fails the page, naming both lists, when its meta() names other scripts than it said ahead', () => {
    const { routes } = countingRoutes(2, (context) => (context.path === '/p1' ? ['scripts/site.ts'] : ['scripts/site.ts', 'scripts/p0.ts']));
    const input = renderInput({}, { url: 'https://example.com', time: new Date(0), env: {} }, new Map(), routes);
    expect(scriptsOf(routes, input, 2)).toEqual(['scripts/site.ts', 'scripts/p0.ts']);
    expect(renderPage(routes[0]!, input).body).toBe('<p>page /p0</p>');
    const error = (() => {
      try {
        renderPage(routes[1]!, input);
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(SiteError);
    expect(error).toMatchObject({ code: 'RENDER_FAILED', file: 'templates/pages/[p].tsx', field: 'scripts' });
    expect((error as SiteError).message).toBe('templates/pages/[p].tsx: meta() for /p1 names the scripts scripts/site.ts, scripts/p1.ts, but scripts() named scripts/site.ts.');
  });
});
