import { availableParallelism } from 'node:os';
import type { AssetBundle } from '../assets/bundle-assets.ts';
import { BACKLOG, Backlog } from '../bounded-work.ts';
import type { LinkTally, ScanSink } from '../check/link-tally.ts';
import type { Route } from '../routes/discover-routes.ts';
import { finishPage, type FinishedPage, type FinishSetup, type PageSink } from './finish-page.ts';
import { FinishedPages } from './finished-pages.ts';
import type { WriteThread } from '../output/write-thread.ts';
import type { RenderPool, WorkerPage } from './render-pool.ts';
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

/**
 * From this many pages, with a staging folder and a second core, the main thread hands its documents to a write
 * thread (output/write-thread.ts). Measured on two cores: 1,026 pages in 1.7-2.0 s against 2.1-2.5 s, 10,026 in
 * 11.5-13.4 s against 14.5-15.6 s, for 12-25 MiB more memory (a second, small heap). The real site (126 pages)
 * saves too little beside the thread's start to be worth that memory.
 */
export const WRITE_THREAD_FROM = 300;

/** Whether a build of `pages` pages that writes its output does so through a write thread, unless told. */
export function usesWriteThread(pages: number, cores = availableParallelism()): boolean {
  return cores > 1 && pages >= WRITE_THREAD_FROM;
}

/**
 * Renders the route at `index` of `routes` and finishes its document on the calling thread, handing it to
 * `writer` if given, its scan to `sinks.sink` and the page, once complete, to `sinks.pages`.
 */
export function renderAndFinish(
  routes: readonly Route[],
  index: number,
  input: RenderInput,
  setup: FinishSetup,
  assets: AssetBundle,
  backlog: Backlog,
  sinks: { sink: ScanSink; pages: PageSink },
  writer?: WriteThread,
): FinishedPage {
  return finishPage(renderPage(routes[index]!, input), setup, assets, backlog, sinks, index, writer);
}

/**
 * Renders and finishes every route in `order` (see renderOrder), on the main thread and the pool's workers if any;
 * pages are kept by route index, their links counted in `tally` as each is finished. The main thread hands its
 * documents to `writer` when there is one, and calls `collect` every COLLECT_EVERY pages it renders.
 */
export async function renderPages(
  routes: readonly Route[],
  order: readonly number[],
  { pool, writer, tally, collect }: { pool: RenderPool | undefined; writer: WriteThread | undefined; tally: LinkTally; collect?: () => void },
  input: RenderInput,
  setup: FinishSetup,
  assets: AssetBundle,
  onRendered: (pages: number) => void,
): Promise<FinishedPages> {
  const backlog = new Backlog();
  const pages = new FinishedPages(routes);
  const sinks = { sink: tally, pages };
  const renderHere = (index: number) => void renderAndFinish(routes, index, input, setup, assets, backlog, sinks, writer);
  // A worker's page comes with its whole scan, counted here.
  const keep = (page: WorkerPage, index: number) => pages.keep(index, { ...page, scan: tally.own(index, page.scan) });
  const settle = (limit: number) => backlog.settle(limit);
  if (pool) {
    await pool.render(routes, order, setup, { renderHere, keep, onRendered, settle });
    return pages;
  }
  for (let position = 0; position < order.length; position++) {
    renderHere(order[position]!);
    onRendered(1);
    if (position % RANGE_ON_MAIN === RANGE_ON_MAIN - 1) await settle(BACKLOG);
    if (position % COLLECT_EVERY === COLLECT_EVERY - 1) collect?.();
  }
  await settle(0);
  return pages;
}

/** Pages the main thread renders between looks at its backlog. */
const RANGE_ON_MAIN = 16;

/**
 * Pages rendered between the full collections a large build asks for (see V8Tuning.collect). V8 collects the old
 * generation only once it has grown half again past what was live, and much of what rendering leaves there is
 * garbage: at 100,026 pages, RSS through rendering stayed at 220-245 MiB with a collection every 10,000 pages,
 * against 255-265 without, for ten collections of about 50 ms.
 */
const COLLECT_EVERY = 10_000;
