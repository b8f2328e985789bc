// The worker half of a large build (see worker-pool.ts): it loads the site as the main thread did, finds the same
// routes, then takes the ranges of routes it is handed through render → check → write, one message per range.
import { parentPort, workerData } from 'node:worker_threads';
import { linkAssets } from '../assets/asset-links.ts';
import { importSite } from '../load/load-site.ts';
import { finishPage, type FinishContext, type FinishSetup } from '../render/finish-page.ts';
import { renderInput } from '../render/render-page.ts';
import { findRoutes } from '../routes/find-routes.ts';
import { serialiseError, type WorkerInit, type WorkerMessage, type WorkerRequest } from './worker-pool.ts';

const port = parentPort;
if (!port) throw new Error('render-worker runs only as a worker thread.');
const send = (message: WorkerMessage) => port.postMessage(message);
const { config, files, compiled, info } = workerData as WorkerInit;

try {
  const { data, islands } = await importSite(config, files, compiled);
  const routes = await findRoutes(config, files, compiled, { data, site: info });
  let finishing: { setup: FinishSetup; context: FinishContext } | undefined;
  port.on('message', (request: WorkerRequest) => {
    try {
      if (request.type === 'setup') {
        const check = { ...request.setup.check, pagePaths: new Set(routes.pages.map((route) => route.path)) };
        finishing = { setup: request.setup, context: { input: renderInput(data, info, islands, routes.pages), assets: linkAssets(request.setup.assets), check } };
        return;
      }
      if (!finishing) throw new Error('A render worker was sent routes before its setup.');
      const { setup, context } = finishing;
      const pages = routes.renderOrder.slice(request.start, request.end).map((index) => finishPage(routes.pages[index]!, index, setup, context));
      send({ type: 'pages', pages });
    } catch (error) {
      send({ type: 'error', errors: serialiseError(error) });
    }
  });
  send({ type: 'ready', paths: routes.renderOrder.map((index) => routes.pages[index]!.path) });
} catch (error) {
  send({ type: 'error', errors: serialiseError(error) });
}
