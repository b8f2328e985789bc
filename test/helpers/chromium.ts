import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';

/** Debian's Chromium; never a test tool's own browser download. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const FLAGS = [
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
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: FLAGS, timeout: 30_000 });
}

/**
 * A browser context whose network reaches only 127.0.0.1 and localhost: any other host is aborted, so a
 * test can never depend on (or leak to) the outside world.
 */
export async function localContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await context.route('**/*', (route) => {
    const { hostname, protocol } = new URL(route.request().url());
    if (protocol === 'data:' || hostname === '127.0.0.1' || hostname === 'localhost') return route.continue();
    return route.abort('blockedbyclient');
  });
  return context;
}
