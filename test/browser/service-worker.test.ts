import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_WORKER_REGISTER_DELAY_MS, SERVICE_WORKER_UPDATE_INTERVAL_MS } from '../../templates/constants.ts';
import { PROJECT_ROOT } from '../helpers/fixture.ts';
import { type ServedSite, serveSite } from '../helpers/served-site.ts';
import { BUSINESS } from '../helpers/site-facts.ts';

let served: ServedSite;

beforeAll(async () => {
  served = await serveSite(PROJECT_ROOT);
});

afterAll(() => served?.close());

const CITY_PAGE = '/adu-contractor-palo-alto';

describe('service worker registration (spec section 4)', () => {
  /**
   * Replaces navigator.serviceWorker with a recorder, so each step of the procedure and its timing can be seen:
   * one existing registration to unregister, and a registration that has a waiting worker.
   */
  function recordRegistration(): void {
    const log: unknown[] = [];
    (window as unknown as { swLog: unknown[] }).swLog = log;
    const registration = {
      waiting: { postMessage: (message: unknown) => log.push(['waiting.postMessage', message]) },
      installing: null,
      addEventListener: () => undefined,
      update: () => {
        log.push(['update', Date.now()]);
        return Promise.resolve();
      },
    };
    const container = {
      controller: null,
      getRegistrations: () =>
        Promise.resolve([{ unregister: () => (log.push(['unregister', Date.now()]), Promise.resolve(true)) }]),
      register: (url: string, options: unknown) => (
        log.push(['register', url, options, Date.now()]),
        Promise.resolve(registration)
      ),
      ready: Promise.resolve({
        active: { postMessage: (message: { type: string }) => log.push(['active.postMessage', message.type]) },
      }),
    };
    Object.defineProperty(Navigator.prototype, 'serviceWorker', { get: () => container });
  }

  it('unregisters existing workers, waits 500 ms, registers with scope / and no HTTP cache, skips waiting, checks for updates every 60 s', async () => {
    const context = await served.context();
    const page = await context.newPage();
    await page.addInitScript(recordRegistration);
    await page.clock.install({ time: new Date('2026-03-02T09:00:00Z') });
    await page.clock.pauseAt(new Date('2026-03-02T09:00:01Z'));
    await page.goto(`${served.server.url}/about`);
    const log = () => page.evaluate(() => (window as unknown as { swLog: unknown[] }).swLog);
    const start = Date.parse('2026-03-02T09:00:01Z');

    await expect.poll(log).toEqual([['unregister', start]]);
    await page.clock.runFor(SERVICE_WORKER_REGISTER_DELAY_MS - 1);
    expect(await log()).toEqual([['unregister', start]]);
    await page.clock.runFor(1);
    await page.waitForSelector('html[data-service-worker="registered"]', { state: 'attached' });
    expect(await log()).toEqual([
      ['unregister', start],
      [
        'register',
        '/service-worker.js',
        { scope: '/', updateViaCache: 'none' },
        start + SERVICE_WORKER_REGISTER_DELAY_MS,
      ],
      ['waiting.postMessage', { type: 'SKIP_WAITING' }],
      ['active.postMessage', 'CACHE_URLS'],
    ]);
    await page.clock.runFor(2 * SERVICE_WORKER_UPDATE_INTERVAL_MS);
    expect((await log()).filter((entry) => (entry as unknown[])[0] === 'update')).toEqual([
      ['update', start + SERVICE_WORKER_REGISTER_DELAY_MS + SERVICE_WORKER_UPDATE_INTERVAL_MS],
      ['update', start + SERVICE_WORKER_REGISTER_DELAY_MS + 2 * SERVICE_WORKER_UPDATE_INTERVAL_MS],
    ]);
    await page.close();
  });

  it('keeps the current worker when its script cannot be fetched (offline): nothing is unregistered', async () => {
    const context = await served.context();
    const page = await context.newPage();
    await page.addInitScript(recordRegistration);
    await page.route('**/service-worker.js', (route) => route.abort('internetdisconnected'));
    await page.goto(`${served.server.url}/about`);
    await page.waitForSelector('html[data-service-worker="kept"]', { state: 'attached' });
    expect(await page.evaluate(() => (window as unknown as { swLog: unknown[] }).swLog)).toEqual([]);
    await page.close();
  });
});

describe('the real service worker in Chromium', () => {
  let context: BrowserContext;
  let page: Page;

  /** True once the worker's cache holds the page at `path`. */
  const cached = (path: string) =>
    page.evaluate(async (url) => (await caches.match(url)) !== undefined, served.server.url + path);

  /**
   * Every page load unregisters the worker and registers it again 500 ms later (the spec's procedure), so a
   * page is looked after offline once that has happened: its worker active again and in control.
   */
  async function reRegistered(): Promise<void> {
    await page.waitForSelector('html[data-service-worker="registered"]', { state: 'attached' });
    await page.waitForFunction(async () => {
      const registration = await navigator.serviceWorker.getRegistration('/');
      return (
        registration?.active?.state === 'activated' &&
        navigator.serviceWorker.controller?.scriptURL === registration.active.scriptURL
      );
    });
  }

  beforeAll(async () => {
    context = await served.context({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
  });

  it('registers /service-worker.js for the whole site and takes control of the page', async () => {
    await page.goto(`${served.server.url}/`);
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration('/');
          return registration?.active
            ? {
                scope: registration.scope,
                updateViaCache: registration.updateViaCache,
                script: registration.active.scriptURL,
              }
            : null;
        }),
      )
      .toEqual({
        scope: `${served.server.url}/`,
        updateViaCache: 'none',
        script: `${served.server.url}/service-worker.js`,
      });
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  });

  it('reloads the home page and a visited city page offline from its cache, and shows the offline page for the rest', async () => {
    await expect.poll(() => cached('/')).toBe(true);
    await page.goto(served.server.url + CITY_PAGE);
    await reRegistered();
    await expect.poll(() => cached(CITY_PAGE)).toBe(true);
    const heading = await page.locator('h1').textContent();

    await context.setOffline(true);
    try {
      await page.reload();
      expect(await page.locator('h1').textContent()).toBe(heading);
      // The stylesheet came from the cache too: the header is laid out, not unstyled.
      expect(await page.locator('.site-header').evaluate((el) => getComputedStyle(el).position)).toBe('sticky');
      await page.goto(`${served.server.url}/`);
      expect(await page.locator('h1').textContent()).toBe('Redefine What Home Feels Like');
      await page.goto(served.server.url + CITY_PAGE);
      expect(await page.locator('h1').textContent()).toBe(heading);
      await page.goto(`${served.server.url}/blog/kitchen-design-tips`);
      expect(await page.locator('h1').textContent()).toBe("You're offline");
      expect(await page.locator('main a[href^="tel:"]').textContent()).toBe(BUSINESS.phone);
    } finally {
      await context.setOffline(false);
    }
  });

  it('serves the build from the network again once online, and never caches the not-found page', async () => {
    await page.goto(`${served.server.url}/blog/kitchen-design-tips`);
    expect(await page.locator('h1').textContent()).not.toBe("You're offline");
    const response = await page.goto(`${served.server.url}/no-such-page`);
    expect(response?.status()).toBe(404);
    expect(await cached('/no-such-page')).toBe(false);
  });
});
