import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { htmlBudgetOf } from '../check/budgets.ts';
import { engineBundle } from '../core/engine-files.ts';
import type { LoadedSite } from '../load/load-site.ts';
import type { BuiltPage, PageBuilder } from '../pages/page-builder.ts';
import { createRenderContext, renderPage } from '../render/render-page.ts';
import type { FoundRoutes } from '../routes/find-routes.ts';
import { type CheckerMessage, type CheckerRequest, type DocumentToCheck, reviveErrors } from './checker-messages.ts';

/** Documents handed to the worker in one message: a message each cost this thread 35 µs a page. */
const BATCH = 16;
/**
 * Documents rendered and not yet checked, at most: enough that neither thread waits for the other, few enough that
 * their bytes (about 30 KB each) stay small beside the rest of the build.
 */
const IN_FLIGHT = 4 * BATCH;

/**
 * Takes a large site's pages through render → check → write on two threads: this one renders each page's document
 * and hands it to a check worker, which checks and writes it while the next renders. One thread renders, since each
 * that renders grows a heap of its own (docs/architecture.md, Threads). Pages are gathered by route index, so the
 * output is the same as a build on one thread.
 */
export function buildWithCheckWorker(site: LoadedSite, routes: FoundRoutes): PageBuilder {
  const worker = new Worker(path.join(engineBundle(), 'check-worker.js'));
  let failed: Error | undefined;
  let wake: () => void = () => undefined;
  let onMessage: (message: Extract<CheckerMessage, { type: 'checked' }>) => void = () => undefined;
  // Listened to from the start, so a worker that fails before the pages come is heard.
  const fail = (error: Error) => {
    failed ??= error;
    wake();
  };
  worker.on('message', (message: CheckerMessage) =>
    message.type === 'error' ? fail(reviveErrors(message.errors)) : onMessage(message),
  );
  worker.on('error', fail);
  let closing = false;
  worker.on('exit', (code) => {
    if (!closing) fail(new Error(`The check worker stopped (exit code ${code}) before the pages were written.`));
  });

  return {
    async build(setup, onPage) {
      const context = createRenderContext(site, routes, setup.render);
      worker.postMessage({ type: 'setup', setup } satisfies CheckerRequest);
      const rendered = new Map<number, Omit<BuiltPage, 'findings' | 'size' | 'digest'>>();
      onMessage = ({ pages }) => {
        for (const { index, facts, document } of pages) {
          onPage({ ...rendered.get(index)!, ...facts }, document && new Uint8Array(document));
          rendered.delete(index);
        }
        wake();
      };
      let batch: DocumentToCheck[] = [];
      const handOver = () => {
        worker.postMessage(
          { type: 'documents', documents: batch } satisfies CheckerRequest,
          batch.map((document) => document.bytes),
        );
        batch = [];
      };
      // Waits until a document comes back checked (or the worker fails): the only moments this thread lets go.
      const settled = async (limit: number) => {
        while (rendered.size > limit && !failed) await new Promise<void>((resolve) => (wake = resolve));
        if (failed) throw failed;
      };
      for (const index of routes.renderOrder) {
        const route = routes.pages[index]!;
        const { html, ...page } = renderPage(route, index, context);
        rendered.set(index, page);
        // The document goes as UTF-8 bytes in a buffer of its own, which moves to the worker: posting the text copied
        // it, at twice the cost, and Buffer.from would put a small document in Node 24's shared pool, to copy out.
        const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(html));
        bytes.write(html);
        batch.push({
          index,
          route: { path: route.path, outputFile: route.outputFile },
          budget: htmlBudgetOf(route.pageFile, setup.check.budgets),
          bytes: bytes.buffer as ArrayBuffer,
        });
        if (batch.length === BATCH) handOver();
        await settled(IN_FLIGHT);
      }
      if (batch.length) handOver();
      await settled(0);
    },
    async close() {
      closing = true;
      await worker.terminate();
    },
  };
}
