import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { sha256 } from '../../src/core/cache.ts';
import { SiteError } from '../../src/core/errors.ts';
import type { OutputFile } from '../../src/core/output-file.ts';
import { buildServiceWorker, SERVICE_WORKER_FILE, type ServiceWorkerInput } from '../../src/emit/service-worker.ts';
import { emptyFoldersPerTest } from '../helpers/temp-dirs.ts';

const folder = emptyFoldersPerTest('service-worker');
const ORIGIN = 'https://site.example';
const pagePaths = new Set(['/', '/about', '/offline']);
const pageDigests: Array<readonly [string, string]> = [
  ['index.html', sha256('<h1>Home</h1>')],
  ['about.html', sha256('<h1>About</h1>')],
  ['offline.html', sha256('<h1>Offline</h1>')],
];
const files: OutputFile[] = [
  { path: 'sitemap.xml', contents: '<urlset/>' },
  { path: 'assets/styles-AAA.css', contents: 'body{}' },
];

async function worker(changes: Partial<ServiceWorkerInput> = {}) {
  const file = await buildServiceWorker({
    options: { offlinePage: '/offline', precache: ['/'] },
    pagePaths,
    pageDigests,
    files,
    styles: ['/assets/styles-AAA.css'],
    debug: false,
    ...changes,
  });
  expect(file.path).toBe(SERVICE_WORKER_FILE);
  return String((file as { contents: string }).contents);
}

/** Runs the worker's code in a sandbox: its listeners, a Cache Storage in a Map, and a network the test controls. */
function runWorker(code: string, network: (request: Request) => Promise<Response>) {
  const listeners = new Map<string, (event: object) => void>();
  const stores = new Map<string, Map<string, Response>>();
  const keyOf = (request: Request | string) =>
    typeof request === 'string' ? new URL(request, ORIGIN).href : request.url;
  const cacheFor = (name: string) => {
    const store = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, store);
    return {
      match: async (request: Request | string) => store.get(keyOf(request))?.clone(),
      put: async (request: Request | string, response: Response) => void store.set(keyOf(request), response),
      addAll: async (urls: string[]) => {
        for (const url of urls) store.set(keyOf(url), await network(new Request(new URL(url, ORIGIN))));
      },
    };
  };
  const caches = {
    open: async (name: string) => cacheFor(name),
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
    match: async (request: Request | string) => {
      for (const store of stores.values()) if (store.has(keyOf(request))) return store.get(keyOf(request))!.clone();
      return undefined;
    },
  };
  const scope = {
    location: new URL(ORIGIN),
    addEventListener: (type: string, listener: (event: object) => void) => listeners.set(type, listener),
    skipWaiting: async () => undefined,
    clients: { claim: async () => undefined },
  };
  vm.runInNewContext(code, { globalThis: scope, caches, fetch: network, URL, Request, Response, console });
  return {
    stores,
    async install() {
      let done: Promise<unknown> = Promise.resolve();
      listeners.get('install')!({ waitUntil: (p: Promise<unknown>) => (done = p) });
      await done;
    },
    /** The worker's answer, or undefined when it leaves the request to the browser. */
    async fetch(url: string, init: Omit<RequestInit, 'mode'> & { mode?: string } = {}): Promise<Response | undefined> {
      const { mode, ...rest } = init;
      const request = new Request(new URL(url, ORIGIN), rest);
      let answer: Promise<Response> | undefined;
      // Node's Request cannot be built with mode 'navigate' (browsers can't either); set it as the browser would.
      Object.defineProperty(request, 'mode', { value: mode ?? 'cors' });
      listeners.get('fetch')!({ request, respondWith: (p: Promise<Response>) => (answer = p) });
      return answer;
    },
  };
}

const page = (text: string) => new Response(text, { status: 200, headers: { 'Content-Type': 'text/html' } });
const basic = (response: Response) => Object.defineProperty(response, 'type', { value: 'basic' });

describe('the service worker the build emits', () => {
  it('precaches the offline page, the named pages and the stylesheets', async () => {
    const requested: string[] = [];
    const sw = runWorker(await worker(), async (request) => {
      requested.push(new URL(request.url).pathname);
      return basic(page('x'));
    });
    await sw.install();
    expect(requested).toEqual(['/offline', '/', '/assets/styles-AAA.css']);
  });

  it('serves hashed assets cache-first and pages network-first, with the cache and then the offline page as fallback', async () => {
    let online = true;
    let assetFetches = 0;
    const sw = runWorker(await worker(), async (request) => {
      if (!online) throw new TypeError('Failed to fetch');
      if (request.url.includes('/assets/islands/')) assetFetches += 1;
      return basic(page(`network ${new URL(request.url).pathname}`));
    });
    await sw.install();
    expect(await (await sw.fetch('/assets/islands/x-1.js'))!.text()).toBe('network /assets/islands/x-1.js');
    expect(await (await sw.fetch('/assets/islands/x-1.js'))!.text()).toBe('network /assets/islands/x-1.js');
    expect(assetFetches).toBe(1);
    expect(await (await sw.fetch('/about', { mode: 'navigate' }))!.text()).toBe('network /about');
    online = false;
    expect(await (await sw.fetch('/about?ref=mail', { mode: 'navigate' }))!.text()).toBe('network /about');
    expect(await (await sw.fetch('/never-visited', { mode: 'navigate' }))!.text()).toBe('network /offline');
    await expect(sw.fetch('/never-visited.json')).rejects.toThrow('Failed to fetch');
  });

  it('leaves POSTs and other origins (the e-mail service) to the browser and never stores an error page', async () => {
    const sw = runWorker(await worker(), async () => basic(new Response('gone', { status: 404 })));
    expect(await sw.fetch('/api/v1.0/email/send', { method: 'POST', body: '{}' })).toBeUndefined();
    expect(await sw.fetch('https://api.emailjs.com/api/v1.0/email/send')).toBeUndefined();
    expect((await sw.fetch('/missing', { mode: 'navigate' }))!.status).toBe(404);
    expect([...sw.stores.values()].every((store) => !store.has(`${ORIGIN}/missing`))).toBe(true);
  });

  it('is versioned by the content of every output file, in any order, deterministically', async () => {
    const version = (code: string) => /"version":"([0-9a-f]+)"/.exec(code)?.[1];
    const first = version(await worker());
    expect(first).toMatch(/^[0-9a-f]{16}$/);
    expect(version(await worker())).toBe(first);
    // The same build, its files listed in another order (pages come as their threads finish them).
    expect(version(await worker({ pageDigests: [...pageDigests].reverse(), files: [...files].reverse() }))).toBe(first);
    // A file changed, a page changed.
    expect(
      version(await worker({ files: [files[0]!, { path: 'assets/styles-AAA.css', contents: 'body{color:red}' }] })),
    ).not.toBe(first);
    expect(
      version(
        await worker({ pageDigests: [pageDigests[0]!, ['about.html', sha256('<h1>About us</h1>')], pageDigests[2]!] }),
      ),
    ).not.toBe(first);
  });

  it('hashes a public file by its bytes', async () => {
    const dir = await folder();
    const source = path.join(dir, 'icon.svg');
    const version = async () =>
      /"version":"([0-9a-f]+)"/.exec(await worker({ files: [...files, { path: 'icon.svg', source, size: 5 }] }))?.[1];
    await writeFile(source, '<svg/>');
    const first = await version();
    await writeFile(source, '<svg></svg>');
    expect(await version()).not.toBe(first);
  });

  it('refuses an offline page or precache entry that is not a page of the build', async () => {
    const build = (offlinePage: string, precache: string[] = []) =>
      buildServiceWorker({
        options: { offlinePage, precache },
        pagePaths,
        pageDigests,
        files,
        styles: [],
        debug: false,
      });
    await expect(build('/no-such-page')).rejects.toThrow(SiteError);
    await expect(build('/no-such-page')).rejects.toMatchObject({
      code: 'SERVICE_WORKER_INVALID',
      field: 'serviceWorker.offlinePage',
    });
    await expect(build('/offline', ['/', '/gone'])).rejects.toMatchObject({ field: 'serviceWorker.precache[1]' });
  });
});
