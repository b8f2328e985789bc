import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { SiteError, SiteErrorList, type ErrorCode } from '../errors.ts';
import { ENGINE_BUNDLE, engineFile } from '../engine-files.ts';
import type { TemplateSources } from '../load-module.ts';
import type { BuildInfo } from '../page-types.ts';
import type { Route } from '../routes/discover-routes.ts';
import type { ScannedPage } from './render-page.ts';

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

/** Pages a worker is asked for: routes[start, end) in the shared route order. */
export interface RangeRequest {
  start: number;
  end: number;
}

interface PlainError {
  code?: ErrorCode;
  message: string;
  file?: string;
  field?: string;
  hint?: string;
}

/** A worker's messages: its route list once loaded, then one reply per range, or what went wrong. */
export type PoolMessage =
  | { type: 'ready'; paths: string[] }
  | { type: 'pages'; start: number; pages: Array<Omit<ScannedPage, 'route'>> }
  | { type: 'error'; errors: PlainError[] };

/**
 * Routes a worker renders per message, at most. Small enough that two workers finish within a few pages of each other,
 * large enough that messaging costs little beside rendering (a page takes about half a millisecond).
 */
const RANGE = 64;

/** Ranges a worker holds at once. */
const IN_FLIGHT = 2;

// A compiled engine has the worker as an entry of its bundle; running as TypeScript, the worker registers tsx first.
const ENTRY = ENGINE_BUNDLE ? path.join(ENGINE_BUNDLE, 'render-worker.js') : engineFile('render-worker-entry.mjs');

/**
 * Renders `routes` on `threads` threads: the main thread, which has the site loaded already, and `threads - 1`
 * workers. Ranges are handed out as threads free up. Each worker loads the site, its data and its routes itself (a
 * page module cannot cross threads), so its route list is checked against the main thread's; pages are stored by
 * route index, so the output does not depend on how many threads ran or which rendered what.
 */
export async function renderInWorkers(routes: readonly Route[], threads: number, init: RenderWorkerInit, renderHere: (route: Route) => ScannedPage, onRendered: (pages: number) => void): Promise<ScannedPage[]> {
  const results = new Array<ScannedPage>(routes.length);
  // At least four ranges a thread, so a small site still spreads over every thread asked for.
  const range = Math.max(1, Math.min(RANGE, Math.ceil(routes.length / (threads * 4))));
  let next = 0;
  let failed: unknown;
  const take = (): RangeRequest | undefined => {
    if (next >= routes.length || failed !== undefined) return undefined;
    const start = next;
    next = Math.min(routes.length, start + range);
    return { start, end: next };
  };
  const workers = Array.from({ length: Math.max(0, Math.min(threads - 1, routes.length)) }, () => new Worker(ENTRY, { workerData: init }));

  const drive = (worker: Worker) =>
    new Promise<void>((resolve, reject) => {
      let finished = false;
      let pending = 0;
      const handOut = () => {
        const request = take();
        if (request) {
          pending++;
          worker.postMessage(request);
        } else if (pending === 0) {
          finished = true;
          resolve();
        }
      };
      const fail = (error: unknown) => {
        failed ??= error;
        finished = true;
        reject(error);
      };
      worker.on('message', (message: PoolMessage) => {
        if (message.type === 'error') fail(reviveErrors(message.errors));
        else if (message.type === 'ready') {
          const same = message.paths.length === routes.length && message.paths.every((p, i) => p === routes[i]!.path);
          // Two ranges in flight: the worker starts the second while the main thread, busy with a range of its
          // own, has not yet read the first reply.
          if (same) for (let i = 0; i < IN_FLIGHT; i++) handOut();
          else fail(new Error('A render worker discovered different routes from the main thread: do getStaticPaths depend on something other than the data and the site?'));
        } else {
          pending--;
          message.pages.forEach((page, i) => (results[message.start + i] = { ...page, route: routes[message.start + i]! }));
          onRendered(message.pages.length);
          handOut();
        }
      });
      worker.on('error', fail);
      worker.on('exit', (code) => {
        if (!finished) fail(new Error(`A render worker stopped (exit code ${code}) before its pages were rendered.`));
      });
    });

  // The main thread renders a range, then yields so the workers' replies are taken in and answered.
  const renderOnMain = async () => {
    for (let request = take(); request; request = take()) {
      for (let i = request.start; i < request.end; i++) results[i] = renderHere(routes[i]!);
      onRendered(request.end - request.start);
      await new Promise((resolve) => setImmediate(resolve));
    }
  };

  try {
    await Promise.all([renderOnMain(), ...workers.map(drive)]);
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
  return results;
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
