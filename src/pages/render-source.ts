import type { PageMeta } from '../core/page-types.ts';
import type { LoadedSite } from '../load/load-site.ts';
import { createRenderContext, renderPage } from '../render/render-page.ts';
import type { FoundRoutes, Route } from '../routes/find-routes.ts';
import type { PageSetup, PageSource } from './page-loop.ts';

/** The source of a build's pages: each route rendered on this thread with React, its meta() made once (see scriptsOf). */
export function renderSource(
  site: LoadedSite,
  routes: FoundRoutes,
  setup: PageSetup,
  metas: Map<Route, PageMeta>,
): PageSource {
  const context = createRenderContext(site, routes, setup.render, metas);
  return { render: (route, index) => renderPage(route, index, context) };
}
