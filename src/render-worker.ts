// The worker half of parallel rendering (see render/render-pool.ts): it loads the site as the main thread did,
// discovers the same routes, then renders and finishes the ranges of routes it is handed, one message per range.
import { parentPort, workerData } from 'node:worker_threads';
import { linkAssets, type AssetBundle } from './assets/bundle-assets.ts';
import { Backlog } from './bounded-work.ts';
import { loadData } from './data/load-data.ts';
import { dataCachesAt } from './data/data-caches.ts';
import { loadIslands, loadSiteDefinition } from './load-module.ts';
import { discoverRoutes, renderOrder } from './routes/discover-routes.ts';
import { renderAndFinish } from './render/render-pages.ts';
import { renderInput } from './render/render-page.ts';
import type { FinishSetup } from './render/finish-page.ts';
import { serialiseError, type PoolMessage, type RenderWorkerInit, type WorkerPage, type WorkerRequest } from './render/render-pool.ts';
import type { ScanSink } from './check/link-tally.ts';
import type { HtmlScan } from './check/scan-tag.ts';
import type { PageSink } from './render/finish-page.ts';

/** Pages are sent as a range is finished, not kept here (see the message handler). */
const SENT_WITH_THEIR_RANGE: PageSink = { keep: () => undefined };

/** A render worker's ScanSink: each page's whole scan, kept until the page is sent to the main thread. */
class WholeScans implements ScanSink {
  private readonly scans = new Map<number, HtmlScan>();

  own(index: number, scan: HtmlScan): HtmlScan {
    this.scans.set(index, scan);
    return scan;
  }

  encoded(): never {
    throw new Error('A render worker writes its own documents: no scan comes to it from a write thread.');
  }

  take(index: number): HtmlScan {
    const scan = this.scans.get(index);
    if (!scan) throw new Error(`A render worker lost the scan of page ${index}.`);
    this.scans.delete(index);
    return scan;
  }
}

const port = parentPort;
if (!port) throw new Error('render-worker.ts runs only as a worker thread.');
const init = workerData as RenderWorkerInit;

try {
  const site = await loadSiteDefinition(init.templatesDir, init.root, init.compiled);
  const data = await loadData(site, init.dataDir, init.root, { caches: dataCachesAt(init.templatesDir, init.compiled) });
  const registry = await loadIslands(init.islandsDir, init.root, init.compiled);
  const routes = await discoverRoutes(init.pagesDir, init.root, { data, site: init.info }, init.compiled);
  const input = renderInput(data, init.info, registry, routes);
  const order = renderOrder(routes);
  let finishing: { setup: FinishSetup; assets: AssetBundle } | undefined;
  const backlog = new Backlog();
  const wholeScans = new WholeScans();
  port.on('message', async (request: WorkerRequest) => {
    if (request.type === 'setup') {
      finishing = { setup: request.setup, assets: linkAssets(request.setup.assets) };
      return;
    }
    try {
      if (!finishing) throw new Error('A render worker was sent routes before its setup.');
      const { setup, assets } = finishing;
      const indexes = order.slice(request.start, request.end);
      const finished = indexes.map((index) => renderAndFinish(routes, index, input, setup, assets, backlog, { sink: wholeScans, pages: SENT_WITH_THEIR_RANGE }));
      // A page is complete once its write and gzip are done; only then is it copied for the main thread.
      await backlog.settle(0);
      // Each page but its route, which the main thread has (named, not a rest pattern: see finishPage), with the
      // whole scan the main thread counts its links from.
      const pages = finished.map(({ islands, meta, size, htmlGzipBytes, digest, leaksSecret, contents }, i): WorkerPage => {
        const page: WorkerPage = { islands, meta, scan: wholeScans.take(indexes[i]!), size, htmlGzipBytes, digest };
        if (leaksSecret) page.leaksSecret = leaksSecret;
        if (contents) page.contents = contents;
        return page;
      });
      // Documents kept in memory (a build that writes nothing) move to the main thread without a copy.
      const transfer = pages.flatMap((page) => (page.contents ? [page.contents.buffer as ArrayBuffer] : []));
      port.postMessage({ type: 'pages', start: request.start, pages } satisfies PoolMessage, transfer);
    } catch (error) {
      port.postMessage({ type: 'error', errors: serialiseError(error) } satisfies PoolMessage);
    }
  });
  port.postMessage({ type: 'ready', paths: order.map((index) => routes[index]!.path) } satisfies PoolMessage);
} catch (error) {
  port.postMessage({ type: 'error', errors: serialiseError(error) } satisfies PoolMessage);
}

