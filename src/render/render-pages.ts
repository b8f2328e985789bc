import { availableParallelism } from 'node:os';
import { scanHtml } from '../check/scan-html.ts';
import type { Route } from '../routes/discover-routes.ts';
import { renderInWorkers, type RenderWorkerInit } from './render-pool.ts';
import { renderPage, type RenderInput, type ScannedPage } from './render-page.ts';

/**
 * Below this many pages the main thread renders alone: a worker pays about a second to load the site, its data
 * and its routes, in which the main thread renders a thousand pages on its own.
 */
export const PARALLEL_FROM = 2000;

/** Threads to render on: as asked, else one per core (at most 4) for a large site, else the main thread. */
export function renderThreads(asked: number | undefined, pages: number, cores = availableParallelism()): number {
  if (asked !== undefined) return asked;
  return pages >= PARALLEL_FROM ? Math.min(cores, 4) : 1;
}

/** Renders a route and scans its body, so the scan, the costliest check, runs on every render thread too. */
export function renderAndScan(route: Route, input: RenderInput): ScannedPage {
  const page = renderPage(route, input);
  return { ...page, bodyScan: scanHtml(page.body) };
}

/** Renders every route, in the main thread or on worker threads; the pages come back in route order either way. */
export async function renderPages(routes: readonly Route[], threads: number, input: RenderInput, init: RenderWorkerInit, onRendered: (pages: number) => void): Promise<ScannedPage[]> {
  if (threads > 1) return renderInWorkers(routes, threads, init, (route) => renderAndScan(route, input), onRendered);
  return routes.map((route) => {
    const page = renderAndScan(route, input);
    onRendered(1);
    return page;
  });
}
