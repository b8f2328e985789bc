import { linkAssets } from '../assets/asset-links.ts';
import type { LoadedSite } from '../load/load-site.ts';
import type { FoundRoutes } from '../routes/find-routes.ts';
import { finishPage, type FinishedPage, type FinishSetup } from './finish-page.ts';
import { renderInput } from './render-page.ts';

/** What renders a build's pages: the main thread (renderHere), or worker threads for a large site (see large/). */
export interface PageRenderer {
  /** Finishes every route, in render order, handing each page (and its document, when not written) to `onPage`. */
  render(setup: FinishSetup, onPage: (page: FinishedPage, document: Uint8Array | undefined) => void): Promise<void>;
  /** Stops any thread it started. */
  close(): Promise<void>;
}

/** Renders every page on the main thread, one after the other. */
export function renderHere(site: LoadedSite, routes: FoundRoutes): PageRenderer {
  return {
    async render(setup, onPage) {
      const context = {
        input: renderInput(site.data, site.info, site.islands, routes.pages),
        assets: linkAssets(setup.assets),
        check: { ...setup.check, pagePaths: new Set(routes.pages.map((route) => route.path)) },
      };
      for (const index of routes.renderOrder) {
        const { page, document } = finishPage(routes.pages[index]!, index, setup, context);
        onPage(page, document);
      }
    },
    async close() {},
  };
}
