import { linkAssets } from '../assets/asset-links.ts';
import type { LoadedSite } from '../load/load-site.ts';
import type { FoundRoutes } from '../routes/find-routes.ts';
import { pageCheckSetup, type FinishSetup } from './check-and-write.ts';
import { finishPage, type FinishedPage, type RenderContext } from './finish-page.ts';
import { renderInput } from './render-page.ts';

/** What takes a build's pages through render → check → write: this thread alone, or with a worker for a large site (see large/). */
export interface PageRenderer {
  /** Finishes every route, in render order, handing each page (and its document, when not written) to `onPage`. */
  render(setup: FinishSetup, onPage: (page: FinishedPage, document: Uint8Array | undefined) => void): Promise<void>;
  /** Stops any thread it started. */
  close(): Promise<void>;
}

/** This thread's render context for a build's routes. */
export function renderContext(site: LoadedSite, routes: FoundRoutes, setup: FinishSetup): RenderContext {
  return { input: renderInput(site.data, site.info, site.islands, routes.pages, site.images), assets: linkAssets(setup.assets) };
}

/** Takes every page through render → check → write on this thread, one after the other. */
export function renderHere(site: LoadedSite, routes: FoundRoutes): PageRenderer {
  return {
    async render(setup, onPage) {
      const context = { ...renderContext(site, routes, setup), check: pageCheckSetup(setup) };
      for (const index of routes.renderOrder) {
        const { page, document } = finishPage(routes.pages[index]!, index, setup, context);
        onPage(page, document);
      }
    },
    async close() {},
  };
}
