import { htmlBudgetOf } from '../check/budgets.ts';
import type { PageCheckSetup } from '../check/page-check.ts';
import type { LoadedSite } from '../load/load-site.ts';
import { createRenderContext, type RenderContext, type RenderedPage, renderPage } from '../render/render-page.ts';
import type { FoundRoutes, Route } from '../routes/find-routes.ts';
import { checkDocument, pageCheckSetup, type PageSetup, writeDocument } from './check-document.ts';
import type { BuiltPage, PageBuilder } from './page-builder.ts';

/** Takes one route through render → check → write on this thread. */
export function buildPage(
  route: Route,
  index: number,
  setup: PageSetup,
  context: RenderContext & { check: PageCheckSetup },
): { page: BuiltPage; document: Uint8Array | undefined } {
  return checkAndWrite(renderPage(route, index, context), route, setup, context.check);
}

/** Checks a rendered page's document and writes it, on this thread; the document comes back when nothing is written. */
export function checkAndWrite(
  { html, ...page }: RenderedPage,
  route: Route,
  setup: PageSetup,
  pageCheck: PageCheckSetup,
): { page: BuiltPage; document: Uint8Array | undefined } {
  const document = { html, bytes: Buffer.from(html), route, budget: htmlBudgetOf(route.pageFile, setup.check.budgets) };
  const facts = checkDocument(document, setup.check, pageCheck);
  writeDocument(document, setup.output);
  return { page: { ...page, ...facts }, document: setup.output ? undefined : document.bytes };
}

/** Takes every page through render → check → write on this thread, one after the other. */
export function buildOnThisThread(site: LoadedSite, routes: FoundRoutes): PageBuilder {
  return {
    async build(setup, onPage) {
      const context = { ...createRenderContext(site, routes, setup.render), check: pageCheckSetup(setup.check) };
      for (const index of routes.renderOrder) {
        const { page, document } = buildPage(routes.pages[index]!, index, setup, context);
        onPage(page, document);
      }
    },
    async close() {},
  };
}
