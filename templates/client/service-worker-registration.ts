// Service worker registration as spec section 4: unregister any existing workers, wait 500 ms, register
// /service-worker.js with scope / and no HTTP cache for its script, tell a waiting worker to skip waiting,
// check for an update every 60 s. A failure is only logged.
//
// One addition: the procedure runs only when the worker's script can be fetched. Offline, unregistering would
// leave nothing to register again (register() must fetch the script), and every later page would lose the
// offline copy the worker exists to serve.
import { SERVICE_WORKER_REGISTER_DELAY_MS, SERVICE_WORKER_UPDATE_INTERVAL_MS, SERVICE_WORKER_URL } from '../constants.ts';

/** Where the procedure ended, on <html data-service-worker>: registered, kept (offline) or failed. */
function mark(state: 'registered' | 'kept' | 'failed'): void {
  document.documentElement.dataset.serviceWorker = state;
}

export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  try {
    if (!(await reachable(SERVICE_WORKER_URL))) return mark('kept');
    const existing = await navigator.serviceWorker.getRegistrations();
    await Promise.all(existing.map((registration) => registration.unregister()));
    await new Promise((resolve) => setTimeout(resolve, SERVICE_WORKER_REGISTER_DELAY_MS));
    const registration = await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/', updateViaCache: 'none' });
    const skipWaiting = () => registration.waiting?.postMessage({ type: 'SKIP_WAITING' });
    skipWaiting();
    registration.addEventListener('updatefound', () => {
      const installing = registration.installing;
      installing?.addEventListener('statechange', () => {
        if (installing.state === 'installed') skipWaiting();
      });
    });
    // An update check that fails (offline, say) is retried a minute later; nothing to report.
    setInterval(() => registration.update().catch(() => undefined), SERVICE_WORKER_UPDATE_INTERVAL_MS);
    const ready = await navigator.serviceWorker.ready;
    // This page and its files were fetched before the worker existed; let it keep them for offline visits.
    const loaded = performance.getEntriesByType('resource').map((entry) => entry.name);
    ready.active?.postMessage({ type: 'CACHE_URLS', urls: [window.location.href, ...loaded] });
    mark('registered');
  } catch (error) {
    mark('failed');
    console.warn('[service worker] registration failed:', error);
  }
}

/** Whether the network answers for the worker's script (a HEAD request, which the worker itself never handles). */
async function reachable(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { method: 'HEAD', cache: 'no-store' })).ok;
  } catch {
    return false;
  }
}
