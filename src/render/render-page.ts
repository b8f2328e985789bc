import { createElement } from 'react';
import { renderToStaticMarkup, renderToString } from './react-dom-server.ts';
import { SiteError } from '../errors.ts';
import type { IslandEntry } from '../load-module.ts';
import type { BuildInfo, PageContext, PageMeta, RouteInfo } from '../page-types.ts';
import { renderOrder, type Route } from '../routes/discover-routes.ts';
import { IslandContext, islandSlot, type IslandCollector, type IslandUse } from './island.tsx';
import { MarkupCache, MarkupCacheContext, type SharedMarkup } from './render-once.tsx';

/** An island a rendered page uses: its markup is already in the body, so only what later stages read is kept. */
export type RenderedIsland = Pick<IslandUse, 'uid' | 'when' | 'entry'>;

/** A page's body rendered to HTML, with the head metadata it declared and the islands it used. */
export interface RenderedPage {
  route: Route;
  url: string;
  meta: PageMeta;
  body: string;
  islands: readonly RenderedIsland[];
  /** The shared markup (<RenderOnce>) placed in the body, in order. */
  shared: SharedMarkup[];
}

/** What later stages read of a page's metadata: the sitemap, the host's headers and the budgets. */
export type EmittedMeta = Pick<PageMeta, 'robots' | 'sitemap' | 'headers' | 'scripts'>;

/**
 * A page once its document is made: the body lives on in the document, and of its metadata only what the site
 * files and the checks read (a page's structured data and head tags are in its document already). Its URL is
 * the site's origin and its route's path: not kept, a string for every page of a large site.
 */
export type EmittedPage = Omit<RenderedPage, 'url' | 'body' | 'meta' | 'shared'> & { meta: EmittedMeta };

/** What every page render shares. */
export interface RenderInput {
  data: unknown;
  site: BuildInfo;
  registry: ReadonlyMap<React.ComponentType<never>, IslandEntry>;
  routes: readonly RouteInfo[];
  /** What <RenderOnce> rendered so far in this build on this thread. */
  markup: MarkupCache;
  /** Meta made before rendering (see scriptsOf), each taken by its page's render. */
  metas: Map<Route, PageMeta>;
}

/** What a thread's page renders share for one build; the routes as pages see them. */
export function renderInput(data: unknown, site: BuildInfo, registry: RenderInput['registry'], routes: readonly Route[]): RenderInput {
  // The routes themselves (frozen as found), which pages see through RouteInfo: a copy of each was an object for
  // every page. The list is the pages' own, so that sorting it cannot reorder the build's.
  return { data, site, registry, routes: Object.freeze([...routes]), markup: new MarkupCache(), metas: new Map() };
}

/**
 * Renders a route's body. Static markup for the page (no hydration comments), then each island as its own
 * React root with renderToString and its own identifierPrefix, spliced into its marker.
 */
export function renderPage(route: Route, input: RenderInput): RenderedPage {
  const context = contextOf(route, input);
  return withRenderError(route, () => {
    const meta = input.metas.get(route) ?? metaOf(route, input, context);
    input.metas.delete(route);
    if (route.module.scripts) assertScripts(meta, route.module.scripts(context), route);
    const collector: IslandCollector = { registry: input.registry, used: [] };
    const shared: SharedMarkup[] = (input.markup.placed = []);
    const page = createElement(route.module.default as React.FC<typeof context>, context);
    let body = renderToStaticMarkup(createElement(MarkupCacheContext.Provider, { value: input.markup }, createElement(IslandContext.Provider, { value: collector }, page)));
    for (const island of collector.used) {
      const html = renderToString(createElement(island.component, island.props), { identifierPrefix: `${island.uid}-` });
      body = body.replace(islandSlot(island.uid), () => html);
    }
    // Plain data only, so a render worker can post it to the main thread. Kept until the checks: a page with no
    // island (most pages of a large site) shares one empty list.
    const islands = collector.used.length ? collector.used.map(({ uid, when, entry }) => ({ uid, when, entry })) : NO_ISLANDS;
    return { route, url: context.url, meta, body, islands, shared };
  });
}

const NO_ISLANDS: readonly RenderedIsland[] = Object.freeze([]);

/** Meta kept from before rendering at most (see scriptsOf): a few MB. */
export const KEPT_METAS = 2000;

/**
 * Every page's scripts, in the order pages (by path) first name them: they are bundled before any page renders.
 * A page module's `scripts()` gives them where it has one (see PageModule.scripts); else its meta() is made
 * here. Pages are asked in `order`, the order they render in (a page's meta may read a record on demand, see
 * renderOrder), and the meta of the first `keep` of them is kept in `input` for their render: made once rather
 * than twice (meta() was about 30 µs of a city page), while a large site holds no more than `keep` of them at once.
 */
export function scriptsOf(routes: readonly Route[], input: RenderInput, keep: number, order: readonly number[] = renderOrder(routes)): string[] {
  // Where each script is first named: the route's index, then the script's place in that route's list.
  const firstNamed = new Map<string, [number, number]>();
  order.forEach((index, position) => {
    const route = routes[index]!;
    const { scripts } = route.module;
    let named: readonly string[];
    if (scripts) named = withRenderError(route, () => scripts(contextOf(route, input)));
    else {
      const meta = metaOf(route, input);
      named = meta.scripts ?? [];
      if (position < keep) input.metas.set(route, meta);
    }
    named.forEach((script, place) => {
      const known = firstNamed.get(script);
      if (!known || index < known[0]) firstNamed.set(script, [index, place]);
    });
  });
  return [...firstNamed].sort(([, a], [, b]) => a[0] - b[0] || a[1] - b[1]).map(([script]) => script);
}

/** A route's head metadata, checked: the build reads every page's scripts before rendering, to bundle them first. */
export function metaOf(route: Route, input: RenderInput, context = contextOf(route, input)): PageMeta {
  return withRenderError(route, () => {
    const meta = route.module.meta(context);
    assertMeta(meta, route);
    return meta;
  });
}

function contextOf(route: Route, input: RenderInput): PageContext<unknown, unknown> {
  return {
    data: input.data,
    params: route.params,
    props: route.props,
    path: route.path,
    url: input.site.url + (route.path === '/' ? '/' : route.path),
    site: input.site,
    routes: input.routes,
  };
}

function assertMeta(meta: PageMeta, route: Route): void {
  for (const key of ['title', 'description'] as const) {
    if (typeof meta?.[key] !== 'string' || meta[key].trim() === '') {
      throw new SiteError('RENDER_FAILED', `${route.source}: meta() for ${route.path} returned no ${key}.`, { file: route.source, field: key });
    }
  }
}

/** A page that said ahead which scripts it loads (see PageModule.scripts) loads those, in that order. */
function assertScripts(meta: PageMeta, declared: readonly string[], route: Route): void {
  const named = meta.scripts ?? [];
  if (named.length === declared.length && named.every((script, place) => script === declared[place])) return;
  const list = (scripts: readonly string[]) => (scripts.length ? scripts.join(', ') : 'none');
  throw new SiteError('RENDER_FAILED', `${route.source}: meta() for ${route.path} names the scripts ${list(named)}, but scripts() named ${list(declared)}.`, {
    file: route.source,
    field: 'scripts',
    hint: 'scripts() says ahead what meta().scripts will be, so the build can bundle them first: make the two agree.',
  });
}

function withRenderError<T>(route: Route, render: () => T): T {
  try {
    return render();
  } catch (error) {
    if (error instanceof SiteError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new SiteError('RENDER_FAILED', `${route.path} (${route.source}) failed to render: ${message}`, { file: route.source, cause: error });
  }
}
