// The worker half of parallel rendering (see render/render-pool.ts): it loads the site as the main thread did,
// discovers the same routes, then renders the ranges of routes it is handed, one message per range.
import { parentPort, workerData } from 'node:worker_threads';
import { loadData } from './data/load-data.ts';
import { loadIslands, loadSiteDefinition } from './load-module.ts';
import { discoverRoutes } from './routes/discover-routes.ts';
import { renderAndScan } from './render/render-pages.ts';
import { serialiseError, type PoolMessage, type RangeRequest, type RenderWorkerInit } from './render/render-pool.ts';

const port = parentPort;
if (!port) throw new Error('render-worker.ts runs only as a worker thread.');
const init = workerData as RenderWorkerInit;

try {
  const site = await loadSiteDefinition(init.templatesDir, init.root, init.compiled);
  const data = await loadData(site, init.dataDir, init.root);
  const registry = await loadIslands(init.islandsDir, init.root, init.compiled);
  const routes = await discoverRoutes(init.pagesDir, init.root, { data, site: init.info }, init.compiled);
  const routeInfo = routes.map(({ path, source, params }) => ({ path, source, params }));
  port.on('message', ({ start, end }: RangeRequest) => {
    try {
      const pages = routes.slice(start, end).map((route) => {
        const { route: _route, ...page } = renderAndScan(route, { data, site: init.info, registry, routes: routeInfo });
        return page;
      });
      port.postMessage({ type: 'pages', start, pages } satisfies PoolMessage);
    } catch (error) {
      port.postMessage({ type: 'error', errors: serialiseError(error) } satisfies PoolMessage);
    }
  });
  port.postMessage({ type: 'ready', paths: routes.map((route) => route.path) } satisfies PoolMessage);
} catch (error) {
  port.postMessage({ type: 'error', errors: serialiseError(error) } satisfies PoolMessage);
}
