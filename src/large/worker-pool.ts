import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { BuildConfig } from '../core/config.ts';
import { engineBundle } from '../core/engine-files.ts';
import { SiteError, SiteErrorList, type ErrorCode } from '../core/errors.ts';
import type { BuildInfo } from '../core/page-types.ts';
import type { CompiledTemplates } from '../load/compile-templates.ts';
import type { TemplateFiles } from '../load/template-files.ts';
import type { FinishedPage, FinishSetup } from '../render/finish-page.ts';
import type { PageRenderer } from '../render/render-here.ts';
import type { FoundRoutes } from '../routes/find-routes.ts';

/** What a render worker needs to load the site exactly as the main thread did. */
export interface WorkerInit {
  config: BuildConfig;
  files: TemplateFiles;
  compiled: CompiledTemplates;
  info: BuildInfo;
}

/** What the main thread sends a worker: how to finish pages (once), then ranges of the render order. */
export type WorkerRequest = { type: 'setup'; setup: FinishSetup } | { type: 'range'; start: number; end: number };

/** An error as plain data, to cross from a worker: a SiteError keeps its code, file, field and hint. */
export interface PlainError {
  code?: ErrorCode;
  message: string;
  file?: string | undefined;
  field?: string | undefined;
  hint?: string;
}

/** A worker's messages: its routes' paths in render order once loaded, then the pages of each range, or what went wrong. */
export type WorkerMessage =
  | { type: 'ready'; paths: string[] }
  | { type: 'pages'; pages: Array<{ page: FinishedPage; document: Uint8Array | undefined }> }
  | { type: 'error'; errors: PlainError[] };

/** Routes a worker renders per request: few enough that workers finish together, enough that messages cost little. */
const RANGE = 64;
/** Ranges a worker holds at once, so it starts the next while the main thread takes in the last. */
const IN_FLIGHT = 2;

/**
 * Renders a large site on `count` worker threads while the main thread gathers the pages. Each worker loads the
 * site, its data and its routes itself (a page module cannot cross threads) as soon as it starts, while the main
 * thread bundles the assets; then it takes ranges of routes through render → check → write, and sends back each
 * page's findings. Pages are gathered by route index, so the output is the same whatever the thread count.
 */
export function startRenderWorkers(count: number, init: WorkerInit, routes: FoundRoutes): PageRenderer {
  const order = routes.renderOrder;
  const workers = Array.from({ length: count }, () => {
    const thread = new Worker(path.join(engineBundle(), 'render-worker.js'), { workerData: init });
    // Listened to from the start: a worker that fails while it loads says so before render() is called.
    let onPages: (pages: Extract<WorkerMessage, { type: 'pages' }>['pages']) => void = () => undefined;
    let fail: (error: unknown) => void = () => undefined;
    let done = false;
    const ready = new Promise<void>((resolve, reject) => {
      fail = reject;
      thread.on('message', (message: WorkerMessage) => {
        if (message.type === 'error') fail(reviveErrors(message.errors));
        else if (message.type === 'pages') onPages(message.pages);
        else if (message.paths.length === order.length && message.paths.every((p, i) => p === routes.pages[order[i]!]!.path)) resolve();
        else fail(new Error('A render worker found other routes than the main thread: do getStaticPaths depend on something other than the data and the site?'));
      });
      thread.on('error', (error) => fail(error));
      thread.on('exit', (code) => {
        if (!done) fail(new Error(`A render worker stopped (exit code ${code}) before its pages were rendered.`));
      });
    });
    ready.catch(() => undefined);
    return {
      thread,
      ready,
      drive: (pages: typeof onPages, failed: typeof fail) => {
        onPages = pages;
        fail = failed;
      },
      stop: () => {
        done = true;
      },
    };
  });

  return {
    async render(setup, onPage) {
      let next = 0;
      const take = () => {
        if (next >= order.length) return undefined;
        const start = next;
        next = Math.min(order.length, start + RANGE);
        return { type: 'range', start, end: next } as const;
      };
      const drive = async (worker: (typeof workers)[number]) => {
        await worker.ready;
        worker.thread.postMessage({ type: 'setup', setup } satisfies WorkerRequest);
        await new Promise<void>((resolve, reject) => {
          let pending = 0;
          const handOut = () => {
            const request = take();
            if (request) {
              pending++;
              worker.thread.postMessage(request satisfies WorkerRequest);
            } else if (pending === 0) resolve();
          };
          worker.drive(
            (pages) => {
              pending--;
              for (const { page, document } of pages) onPage(page, document);
              handOut();
            },
            (error) => {
              next = order.length;
              reject(error);
            },
          );
          for (let i = 0; i < IN_FLIGHT; i++) handOut();
        });
      };
      await Promise.all(workers.map(drive));
    },
    async close() {
      for (const worker of workers) worker.stop();
      await Promise.all(workers.map((worker) => worker.thread.terminate()));
    },
  };
}

/** An error as plain data, for a worker to send. */
export function serialiseError(error: unknown): PlainError[] {
  const errors = error instanceof SiteErrorList ? error.errors : [error];
  return errors.map((e) => (e instanceof SiteError ? { code: e.code, message: e.message, file: e.file, field: e.field, hint: e.hint } : { message: e instanceof Error ? (e.stack ?? e.message) : String(e) }));
}

function reviveErrors(errors: readonly PlainError[]): Error {
  const revived = errors.map((e) => (e.code ? new SiteError(e.code, e.message, { file: e.file, field: e.field, hint: e.hint }) : new Error(e.message)));
  const other = revived.find((e) => !(e instanceof SiteError));
  if (other) return other;
  return revived.length === 1 ? revived[0]! : new SiteErrorList(revived as SiteError[]);
}
