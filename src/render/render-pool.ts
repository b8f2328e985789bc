import { startEngineWorker } from '../engine-worker.ts';
import { SiteError, SiteErrorList, type ErrorCode } from '../errors.ts';
import type { TemplateSources } from '../load-module.ts';
import type { BuildInfo } from '../page-types.ts';
import type { Route } from '../routes/discover-routes.ts';
import type { FinishedPage, FinishSetup } from './finish-page.ts';
import type { PageScan } from '../check/scan-tag.ts';
import { BACKLOG } from '../bounded-work.ts';

/** A page as a render worker sends it: all but its route, which the main thread has, with its whole scan. */
export type WorkerPage = Omit<FinishedPage, 'route' | 'scan'> & { scan: PageScan };

/** What a render worker needs to load the site exactly as the main thread did. */
export interface RenderWorkerInit {
  root: string;
  templatesDir: string;
  pagesDir: string;
  islandsDir: string;
  dataDir: string;
  info: BuildInfo;
  compiled: TemplateSources;
}

/** Pages a worker is asked for: those at [start, end) of the render order (see renderOrder), which both threads make alike. */
export interface RangeRequest {
  type: 'range';
  start: number;
  end: number;
}

/** What the main thread sends a worker: how to finish documents (once), then ranges of routes. */
export type WorkerRequest = { type: 'setup'; setup: FinishSetup } | RangeRequest;

interface PlainError {
  code?: ErrorCode;
  message: string;
  file?: string;
  field?: string;
  hint?: string;
}

/** A worker's messages: its routes' paths in render order once loaded, then one reply per range, or what went wrong. */
export type PoolMessage =
  | { type: 'ready'; paths: string[] }
  | { type: 'pages'; start: number; pages: WorkerPage[] }
  | { type: 'error'; errors: PlainError[] };

/** The main thread's part in a pooled render. */
export interface MainThreadPart {
  /** Renders and finishes one route on the main thread, which keeps it. */
  renderHere(index: number): void;
  /** Keeps a page a worker finished, the route at `index`, as it arrives. */
  keep(page: WorkerPage, index: number): void;
  onRendered(pages: number): void;
  /** Waits until at most `limit` of the main thread's writes and gzips are under way. */
  settle(limit: number): Promise<void>;
}

/** Worker threads rendering a build's pages beside the main thread. */
export interface RenderPool {
  /**
   * Renders and finishes `routes` on the workers and, through `renderHere`, on the main thread, handing out
   * ranges of `order` as threads free up. Pages are kept by route index, so the output does not depend on how
   * many threads ran or which rendered what.
   */
  render(routes: readonly Route[], order: readonly number[], setup: FinishSetup, here: MainThreadPart): Promise<void>;
  close(): Promise<void>;
}

/**
 * Routes a worker renders per message, at most. Small enough that two workers finish within a few pages of each other,
 * large enough that messaging costs little beside rendering (a page takes about half a millisecond).
 */
const RANGE = 64;

/** Ranges a worker holds at once. */
const IN_FLIGHT = 2;

/**
 * Starts `count` render workers. Each loads the site, its data and its routes itself (a page module cannot
 * cross threads), which takes a while: started early, they load while the main thread bundles the assets.
 */
export function startRenderPool(count: number, init: RenderWorkerInit): RenderPool {
  const workers = Array.from({ length: count }, () => {
    const worker = startEngineWorker('render-worker', { workerData: init });
    let onMessage: (message: PoolMessage) => void = () => undefined;
    let onFailure: (error: unknown) => void = () => undefined;
    let finished = false;
    // Until render() drives the worker, its first message (ready, or an error while loading) waits here.
    const ready = new Promise<string[]>((resolve, reject) => {
      onMessage = (message) => (message.type === 'ready' ? resolve(message.paths) : message.type === 'error' ? reject(reviveErrors(message.errors)) : undefined);
      onFailure = reject;
    });
    ready.catch(() => undefined);
    const record = {
      worker,
      ready,
      drive(handler: (message: PoolMessage) => void, fail: (error: unknown) => void) {
        onMessage = handler;
        onFailure = fail;
      },
      stop() {
        finished = true;
      },
    };
    worker.on('message', (message: PoolMessage) => onMessage(message));
    worker.on('error', (error) => onFailure(error));
    worker.on('exit', (code) => {
      if (!finished) onFailure(new Error(`A render worker stopped (exit code ${code}) before its pages were rendered.`));
    });
    return record;
  });

  return {
    async render(routes, order, setup, { renderHere, keep, onRendered, settle }) {
      // At least four ranges a thread, so a small site still spreads over every thread asked for.
      const range = Math.max(1, Math.min(RANGE, Math.ceil(routes.length / ((workers.length + 1) * 4))));
      let next = 0;
      let failed: unknown;
      const take = (): RangeRequest | undefined => {
        if (next >= routes.length || failed !== undefined) return undefined;
        const start = next;
        next = Math.min(routes.length, start + range);
        return { type: 'range', start, end: next };
      };

      const drive = (record: (typeof workers)[number]) =>
        new Promise<void>((resolve, reject) => {
          let pending = 0;
          const fail = (error: unknown) => {
            failed ??= error;
            record.stop();
            reject(error);
          };
          const handOut = () => {
            const request = take();
            if (request) {
              pending++;
              record.worker.postMessage(request satisfies WorkerRequest);
            } else if (pending === 0) {
              record.stop();
              resolve();
            }
          };
          record.ready.then((paths) => {
            const same = paths.length === order.length && paths.every((p, i) => p === routes[order[i]!]!.path);
            if (!same) return fail(new Error('A render worker discovered different routes from the main thread: do getStaticPaths depend on something other than the data and the site?'));
            record.drive((message) => {
              if (message.type === 'error') fail(reviveErrors(message.errors));
              else if (message.type === 'pages') {
                pending--;
                message.pages.forEach((page, i) => {
                  const index = order[message.start + i]!;
                  keep(page, index);
                });
                onRendered(message.pages.length);
                handOut();
              }
            }, fail);
            record.worker.postMessage({ type: 'setup', setup } satisfies WorkerRequest);
            // Two ranges in flight: the worker starts the second while the main thread, busy with a range of its
            // own, has not yet read the first reply.
            for (let i = 0; i < IN_FLIGHT; i++) handOut();
          }, fail);
        });

      // The main thread renders a range, then yields so the workers' replies are taken in and answered.
      const renderOnMain = async () => {
        try {
          for (let request = take(); request; request = take()) {
            for (let i = request.start; i < request.end; i++) renderHere(order[i]!);
            onRendered(request.end - request.start);
            // Also lets the workers' replies in, to be taken and answered.
            await settle(BACKLOG);
            await new Promise((resolve) => setImmediate(resolve));
          }
          await settle(0);
        } catch (error) {
          failed ??= error;
          throw error;
        }
      };
      await Promise.all([renderOnMain(), ...workers.map(drive)]);
    },
    async close() {
      for (const record of workers) record.stop();
      await Promise.all(workers.map((record) => record.worker.terminate()));
    },
  };
}

/** An error as plain data, to cross from a worker: a SiteError keeps its code, file, field and hint. */
export function serialiseError(error: unknown): PlainError[] {
  const errors = error instanceof SiteErrorList ? error.errors : [error];
  return errors.map((e) =>
    e instanceof SiteError
      ? { code: e.code, message: e.message, file: e.file, field: e.field, hint: e.hint }
      : { message: e instanceof Error ? (e.stack ?? e.message) : String(e) },
  );
}

function reviveErrors(errors: PlainError[]): Error {
  const revived = errors.map((e) => (e.code ? new SiteError(e.code, e.message, { file: e.file, field: e.field, hint: e.hint }) : new Error(e.message)));
  const siteErrors = revived.filter((e): e is SiteError => e instanceof SiteError);
  if (siteErrors.length !== revived.length) return revived.find((e) => !(e instanceof SiteError))!;
  return siteErrors.length === 1 ? siteErrors[0]! : new SiteErrorList(siteErrors);
}
