import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from 'playwright-core';

/** Debian's Chromium; never a test tool's own browser download. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The flags this machine's closed network needs, for Playwright and for Lighthouse's chrome-launcher. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Launches Chromium with the flags this machine's closed network needs. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, timeout: 30_000 });
}

/** A 1×1 transparent PNG: what external photos become in tests. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/**
 * A browser context whose network reaches only 127.0.0.1 and localhost, so a test can never depend on (or
 * leak to) the outside world. External images are answered with a local pixel and external video with an
 * empty file (a page then logs no failed load); any other external request is aborted.
 */
export async function localContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await context.route('**/*', (route) => {
    const request = route.request();
    const { hostname, protocol } = new URL(request.url());
    if (protocol === 'data:' || hostname === '127.0.0.1' || hostname === 'localhost') return route.continue();
    if (request.resourceType() === 'image') {
      return route.fulfill({ status: 200, contentType: 'image/png', body: PIXEL });
    }
    // A video that cannot play, like one a slow or refusing host would give: the page must cope quietly.
    if (request.resourceType() === 'media') {
      return route.fulfill({ status: 200, contentType: 'video/mp4', body: Buffer.alloc(0) });
    }
    return route.abort('blockedbyclient');
  });
  return context;
}

/** Makes every page of `context` count its layout shifts (not caused by input) from the start; read with layoutShiftOf. */
export async function countLayoutShifts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const state = window as unknown as { shift: number };
    state.shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean }>) {
        if (!entry.hadRecentInput) state.shift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The layout shift a page counted since countLayoutShifts (CLS, as Lighthouse sums it for a page that is not scrolled). */
export function layoutShiftOf(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { shift: number }).shift);
}
