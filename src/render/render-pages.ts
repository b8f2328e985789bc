import { availableParallelism } from 'node:os';
import type { AssetBundle } from '../assets/bundle-assets.ts';
import { BACKLOG, Backlog } from '../bounded-work.ts';
import { ScanSharing } from '../check/shared-scans.ts';
import type { Route } from '../routes/discover-routes.ts';
import { finishPage, type FinishedPage, type FinishSetup } from './finish-page.ts';
import type { RenderPool } from './render-pool.ts';
import { renderPage, type RenderInput } from './render-page.ts';

/**
 * Below this many pages the main thread renders alone: a worker pays half a second or more to load the site, its
 * data and its routes. At 1,026 pages two threads measured slower than one.
 */
export const PARALLEL_FROM = 2000;

/**
 * Threads to render on: as asked, else for a large site one per core but one (at most 4), else the main thread.
 * One core is left to what rendering hands off: libuv's writes and gzips, V8's garbage collection and compiling.
 * On two cores, 10,026 pages measured 12.5-13.3 s and 280-320 MiB on one thread against 13.2-14.0 s and
 * 460-480 MiB on two (each worker loads its own copy of the site).
 */
export function renderThreads(asked: number | undefined, pages: number, cores = availableParallelism()): number {
  if (asked !== undefined) return asked;
  return pages >= PARALLEL_FROM ? Math.max(1, Math.min(cores - 1, 4)) : 1;
}

/** Renders a route and finishes its document, all on the calling thread. */
export function renderAndFinish(route: Route, input: RenderInput, setup: FinishSetup, assets: AssetBundle, backlog: Backlog): FinishedPage {
  return finishPage(renderPage(route, input), setup, assets, backlog);
}

/** Renders and finishes every route, on the main thread and the pool's workers if any; pages come back in route order. */
export async function renderPages(
  routes: readonly Route[],
  pool: RenderPool | undefined,
  input: RenderInput,
  setup: FinishSetup,
  assets: AssetBundle,
  onRendered: (pages: number) => void,
): Promise<FinishedPage[]> {
  const backlog = new Backlog();
  // Pages are kept until the checks: what they have in common is kept once, as each arrives. In place, since a
  // page finished here still has its gzip size to come (see finishPage).
  const sharing = new ScanSharing();
  const keep = (page: FinishedPage): FinishedPage => {
    page.scan = sharing.share(page.scan);
    return page;
  };
  const renderHere = (index: number) => keep(renderAndFinish(routes[index]!, input, setup, assets, backlog));
  const settle = (limit: number) => backlog.settle(limit);
  if (pool) return pool.render(routes, setup, { renderHere, keep, onRendered, settle });
  const pages: FinishedPage[] = [];
  for (let index = 0; index < routes.length; index++) {
    pages.push(renderHere(index));
    onRendered(1);
    if (index % RANGE_ON_MAIN === RANGE_ON_MAIN - 1) await settle(BACKLOG);
  }
  await settle(0);
  return pages;
}

/** Pages the main thread renders between looks at its backlog. */
const RANGE_ON_MAIN = 16;
