import { createElement, type FC } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { SiteError } from '../core/errors.ts';
import type { BuildInfo, PageContext, PageMeta, RouteInfo } from '../core/page-types.ts';
import { PictureContext, type PicturePage } from '../images/picture.tsx';
import type { SiteImages } from '../images/site-images.ts';
import type { IslandRegistry } from '../load/import-templates.ts';
import type { Route } from '../routes/find-routes.ts';
import { type IslandCollector, IslandContext, islandSlot, type IslandUse } from './island.tsx';
import { MarkupCache, MarkupCacheContext } from './render-once.tsx';

/** An island a rendered page uses: its markup is in the body already, so only what later stages read is kept. */
export type RenderedIsland = Pick<IslandUse, 'uid' | 'when' | 'entry'>;

/** A page's body rendered to HTML, with the head metadata it declared and the islands it used. */
export interface PageBody {
  route: Route;
  url: string;
  meta: PageMeta;
  /** The body's inner HTML. */
  html: string;
  islands: readonly RenderedIsland[];
}

/** What every page render on one thread shares. */
export interface RenderInput {
  data: unknown;
  site: BuildInfo;
  registry: IslandRegistry;
  routes: readonly RouteInfo[];
  /** What <RenderOnce> rendered so far on this thread. */
  markup: MarkupCache;
  images: Pick<SiteImages, 'picture'>;
  /** Pages' head metadata made ahead (see scriptsOf), each taken by its page's render, so meta() runs once a page. */
  metas: Map<Route, PageMeta>;
}

/** The render input of a thread, for the build's routes. */
export function createRenderInput(
  data: unknown,
  site: BuildInfo,
  registry: IslandRegistry,
  routes: readonly RouteInfo[],
  images: Pick<SiteImages, 'picture'>,
  metas: Map<Route, PageMeta> = new Map(),
): RenderInput {
  return { data, site, registry, routes, markup: new MarkupCache(), images, metas };
}

/**
 * Renders a route's body: static markup for the page (no hydration comments), then each island as its own React
 * root with renderToString and its own identifierPrefix, spliced into its marker.
 */
export function renderBody(route: Route, input: RenderInput): PageBody {
  const context = contextOf(route, input);
  return withRenderError(route, () => {
    const made = input.metas.get(route);
    input.metas.delete(route);
    const meta = made ?? metaOf(route, context);
    if (route.module.scripts) assertScripts(meta, route.module.scripts(context), route);
    const collector: IslandCollector = { registry: input.registry, used: [] };
    const pictures: PicturePage = { picture: context.picture, path: route.path, source: route.source, preloads: [] };
    const page = createElement(
      PictureContext.Provider,
      { value: pictures },
      createElement(route.module.default as FC<typeof context>, context),
    );
    let body = renderToStaticMarkup(
      createElement(
        MarkupCacheContext.Provider,
        { value: input.markup },
        createElement(IslandContext.Provider, { value: collector }, page),
      ),
    );
    for (const island of collector.used) {
      const html = renderToString(createElement(island.component, island.props), {
        identifierPrefix: `${island.uid}-`,
      });
      body = body.replace(islandSlot(island.uid), () => html);
    }
    const islands = collector.used.map(({ uid, when, entry }) => ({ uid, when, entry }));
    // The photos' preloads join the head, which is written around the body once it is rendered.
    const links = pictures.preloads.length ? [...(meta.links ?? []), ...pictures.preloads] : meta.links;
    return { route, url: context.url, meta: links === meta.links ? meta : { ...meta, links }, html: body, islands };
  });
}

/**
 * Every page's scripts, in the order pages (by path) first name them: they are bundled before any page renders. A
 * page module's `scripts()` gives them where it has one; else its meta() is made here, and kept in `metas` for
 * the page's render. Pages are asked in `order`, the order they render in, since a meta() may read a record on demand.
 */
export function scriptsOf(
  routes: readonly Route[],
  order: readonly number[],
  input: RenderInput,
): { scripts: string[]; metas: Map<Route, PageMeta> } {
  const metas = new Map<Route, PageMeta>();
  // Where each script is first named: the route's index, then the script's place in that route's list.
  const firstNamed = new Map<string, [number, number]>();
  for (const index of order) {
    const route = routes[index]!;
    const context = contextOf(route, input);
    let named: readonly string[];
    if (route.module.scripts) named = withRenderError(route, () => route.module.scripts!(context));
    else {
      const meta = metaOf(route, context);
      metas.set(route, meta);
      named = meta.scripts ?? [];
    }
    named.forEach((script, place) => {
      const known = firstNamed.get(script);
      if (!known || index < known[0]) firstNamed.set(script, [index, place]);
    });
  }
  const scripts = [...firstNamed].sort(([, a], [, b]) => a[0] - b[0] || a[1] - b[1]).map(([script]) => script);
  return { scripts, metas };
}

function contextOf(route: Route, input: RenderInput): PageContext<unknown, unknown> {
  const url = input.site.url + (route.path === '/' ? '/' : route.path);
  const picture = (name: string) => input.images.picture(name, route);
  return {
    data: input.data,
    params: route.params,
    props: route.props,
    path: route.path,
    url,
    site: input.site,
    routes: input.routes,
    picture,
  };
}

/** A route's head metadata, checked. */
function metaOf(route: Route, context: PageContext<unknown, unknown>): PageMeta {
  return withRenderError(route, () => {
    const meta = route.module.meta(context);
    for (const key of ['title', 'description'] as const) {
      if (typeof meta?.[key] !== 'string' || meta[key].trim() === '') {
        throw new SiteError('RENDER_FAILED', `${route.source}: meta() for ${route.path} returned no ${key}.`, {
          file: route.source,
          field: key,
        });
      }
    }
    return meta;
  });
}

/** A page that said ahead which scripts it loads (see PageModule.scripts) loads those, in that order. */
function assertScripts(meta: PageMeta, declared: readonly string[], route: Route): void {
  const named = meta.scripts ?? [];
  if (named.length === declared.length && named.every((script, place) => script === declared[place])) return;
  const list = (scripts: readonly string[]) => (scripts.length ? scripts.join(', ') : 'none');
  throw new SiteError(
    'RENDER_FAILED',
    `${route.source}: meta() for ${route.path} names the scripts ${list(named)}, but scripts() named ${list(
      declared,
    )}.`,
    {
      file: route.source,
      field: 'scripts',
      hint: 'scripts() says ahead what meta().scripts will be, so the build can bundle them first: make the two agree.',
    },
  );
}

function withRenderError<T>(route: Route, render: () => T): T {
  try {
    return render();
  } catch (error) {
    if (error instanceof SiteError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new SiteError('RENDER_FAILED', `${route.path} (${route.source}) failed to render: ${message}`, {
      file: route.source,
      cause: error,
    });
  }
}
