import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { engineBundle } from '../core/engine-files.ts';
import type { CheckedDocument, PageSink } from '../pages/page-loop.ts';
import { type CheckerMessage, type CheckerRequest, type DocumentToCheck, reviveErrors } from './checker-messages.ts';

/** Documents handed to the worker in one message: a message each cost this thread 35 µs a page. */
const BATCH = 16;
/**
 * Documents rendered and not yet checked, at most: enough that neither thread waits for the other, few enough that
 * their bytes (about 30 KB each) stay small beside the rest of the build.
 */
const IN_FLIGHT = 4 * BATCH;

/**
 * The sink of a large site: a check worker checks and writes each document while this thread renders the next.
 * One thread renders, since each that renders grows a heap of its own (docs/architecture.md, Threads). The worker
 * starts as the sink is made, before the pages stage, so it is ready by the first page.
 */
export function checkOnWorker(): PageSink {
  const worker = new Worker(path.join(engineBundle(), 'check-worker.js'));
  let failed: Error | undefined;
  let wake: () => void = () => undefined;
  let receive: (checked: CheckedDocument) => void = () => undefined;
  let inFlight = 0;
  // Listened to from the start, so a worker that fails before the pages come is heard.
  const fail = (error: Error) => {
    failed ??= error;
    wake();
  };
  worker.on('message', (message: CheckerMessage) => {
    if (message.type === 'error') return fail(reviveErrors(message.errors));
    for (const { index, check, document } of message.pages) {
      receive({ index, check, document: document && new Uint8Array(document) });
      inFlight--;
    }
    wake();
  });
  worker.on('error', fail);
  let closing = false;
  worker.on('exit', (code) => {
    if (!closing) fail(new Error(`The check worker stopped (exit code ${code}) before the pages were written.`));
  });
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
    while (inFlight > limit && !failed) await new Promise<void>((resolve) => (wake = resolve));
    if (failed) throw failed;
  };

  return {
    open({ check, output }, onChecked) {
      receive = onChecked;
      worker.postMessage({ type: 'setup', setup: { check, output } } satisfies CheckerRequest);
    },
    take({ index, route, html }) {
      // The document goes as UTF-8 bytes in a buffer of its own, which moves to the worker: posting the text copied
      // it, at twice the cost, and Buffer.from would put a small document in Node 24's shared pool, to copy out.
      const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(html));
      bytes.write(html);
      const { path, pageFile, outputFile } = route;
      batch.push({ index, route: { path, pageFile, outputFile }, bytes: bytes.buffer as ArrayBuffer });
      inFlight++;
      if (batch.length === BATCH) handOver();
      return settled(IN_FLIGHT);
    },
    async drain() {
      if (batch.length) handOver();
      await settled(0);
    },
    async close() {
      closing = true;
      await worker.terminate();
    },
  };
}
