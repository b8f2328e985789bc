// The service worker the engine builds at /service-worker.js when a site asks for one. It keeps the site
// usable offline: hashed assets (their names change with their content) are served cache-first, pages
// network-first with the cached copy as fallback, and the site's offline page as the last resort. It handles
// only same-origin GET requests, so a form's POST to another origin (an e-mail service) never touches it.
//
// The build defines __SITE_SW__ (see src/emit/service-worker.ts); its version is the content hash of the
// build, so each deploy gets its own cache and the old one is dropped when the new worker activates.

/** What the build tells the worker. */
export interface ServiceWorkerManifest {
  version: string;
  /** Pages and files cached at install: the offline page, the pages the site names, their stylesheets. */
  precache: string[];
  offlinePage: string;
  /** Path prefix of content-hashed files, such as `/assets/`. */
  immutablePrefix: string;
  /** Paths left to the network, with everything under them (the editor: its saves must never come from a cache). */
  bypass: string[];
}

declare const __SITE_SW__: ServiceWorkerManifest;

// The DOM library is the project's; these are the few worker types this file uses.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface ExtendableMessageEvent extends ExtendableEvent {
  data: unknown;
}
interface WorkerScope {
  location: Location;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: ExtendableMessageEvent) => void): void;
}

const scope = globalThis as unknown as WorkerScope;
const manifest = __SITE_SW__;
const CACHE_PREFIX = 'site-';
const CACHE = `${CACHE_PREFIX}${manifest.version}`;

/** Messages a page may send: skip waiting (spec: a waiting worker is told to), or cache what the page already loaded. */
type PageMessage = { type: 'SKIP_WAITING' } | { type: 'CACHE_URLS'; urls: string[] };

scope.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(manifest.precache)));
});

scope.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE).map((name) => caches.delete(name)),
      );
      // Control the page that registered the worker at once, so the pages visited next are cached.
      await scope.clients.claim();
    })(),
  );
});

scope.addEventListener('message', (event) => {
  const message = event.data as PageMessage | null;
  if (message?.type === 'SKIP_WAITING') void scope.skipWaiting();
  if (message?.type === 'CACHE_URLS' && Array.isArray(message.urls)) event.waitUntil(cacheLoaded(message.urls));
});

scope.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== scope.location.origin || bypassed(url.pathname)) return;
  // Streams (live reload) and byte ranges (video) go straight to the network.
  if (request.headers.get('accept')?.includes('text/event-stream') || request.headers.has('range')) return;
  if (url.pathname.startsWith(manifest.immutablePrefix)) event.respondWith(cacheFirst(request));
  else event.respondWith(networkFirst(request, request.mode === 'navigate'));
});

async function cacheFirst(request: Request): Promise<Response> {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (cacheable(response)) await (await caches.open(CACHE)).put(request, response.clone());
  return response;
}

async function networkFirst(request: Request, isPage: boolean): Promise<Response> {
  // Pages are stored without their query, so /contact?service=additions finds /contact offline.
  const key = isPage ? withoutQuery(request.url) : request.url;
  try {
    const response = await fetch(request);
    if (cacheable(response)) await (await caches.open(CACHE)).put(key, response.clone());
    return response;
  } catch (error) {
    const cached = await caches.match(key);
    if (cached) return cached;
    const offline = isPage ? await caches.match(manifest.offlinePage) : undefined;
    if (offline) return offline;
    throw error;
  }
}

/** Caches what a page loaded before this worker controlled it; those requests never passed through here. */
async function cacheLoaded(urls: readonly string[]): Promise<void> {
  const cache = await caches.open(CACHE);
  const own = urls
    .map((raw) => new URL(raw, scope.location.origin))
    .filter(
      (url) =>
        url.origin === scope.location.origin &&
        (url.protocol === 'https:' || url.protocol === 'http:') &&
        !bypassed(url.pathname),
    );
  await Promise.all(
    own.map(async (url) => {
      const key = url.pathname.startsWith(manifest.immutablePrefix) ? url.href : withoutQuery(url.href);
      if (await cache.match(key)) return;
      try {
        const response = await fetch(url.href);
        if (cacheable(response)) await cache.put(key, response);
      } catch {
        // Offline or gone: nothing to keep.
      }
    }),
  );
}

/**
 * Only whole, successful same-origin answers are kept: never a redirect, an error page, a partial range, or an answer
 * its server says must not be stored (a sign-in callback that carries a token).
 */
function cacheable(response: Response): boolean {
  return (
    response.ok &&
    response.status === 200 &&
    response.type === 'basic' &&
    !response.redirected &&
    !/\bno-store\b/i.test(response.headers.get('cache-control') ?? '')
  );
}

function bypassed(pathname: string): boolean {
  return manifest.bypass.some(
    (prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`) || pathname === `${prefix}.html`,
  );
}

function withoutQuery(href: string): string {
  const url = new URL(href);
  url.search = '';
  url.hash = '';
  return url.href;
}
