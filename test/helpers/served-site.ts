import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { launchChromium, localContext } from './chromium.ts';
import { build, type RunningServer, startServer } from './engine.ts';
import { type FakeEmailJs, startFakeEmailJs } from './fake-emailjs.ts';
import { tempDir, testEnv } from './fixture.ts';

/** A site built into a temporary folder, served on 127.0.0.1 and opened in Chromium contexts. */
export interface ServedSite {
  server: RunningServer;
  browser: Browser;
  /** A new context that reaches only 127.0.0.1; closed by close(). */
  context(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** Opens `path` in a new page of `context` and waits until the site script has run (the dropdown is enhanced). */
  open(context: BrowserContext, path: string): Promise<Page>;
  close(): Promise<void>;
}

/** Builds `root` (with another data folder when `data` is given), serves it and launches Chromium: the set-up every browser test shares. */
export async function serveSite(
  root: string,
  env: Record<string, string> = {},
  options: { data?: string } = {},
): Promise<ServedSite> {
  const out = await tempDir('browser-dist');
  await build({ root, out: out.dir, env: testEnv(env), ...options });
  const server = await startServer({ dir: out.dir, port: 0, host: '127.0.0.1' });
  const browser = await launchChromium();
  const contexts: BrowserContext[] = [];
  return {
    server,
    browser,
    async context(options = {}) {
      const context = await localContext(browser, options);
      contexts.push(context);
      return context;
    },
    async open(context, path) {
      const page = await context.newPage();
      await page.goto(server.url + path);
      await page.waitForSelector('[data-nav-dropdown][data-enhanced]', { state: 'attached' });
      return page;
    },
    async close() {
      for (const context of contexts) await context.close();
      await browser.close();
      await server.close();
      await out.remove();
    },
  };
}

/** The EmailJS ids browser tests build with; the fake server receives them in every payload. */
export const TEST_EMAILJS_IDS = {
  SITE_EMAILJS_PUBLIC_KEY: 'public-key-123',
  SITE_EMAILJS_SERVICE_ID: 'service_abc',
  SITE_EMAILJS_TEMPLATE_ID: 'template_xyz',
};

/** The real site built to send its forms to a fake EmailJS on 127.0.0.1, served and opened in Chromium. */
export async function serveWithFakeEmailJs(
  root: string,
): Promise<{ fake: FakeEmailJs; served: ServedSite; close(): Promise<void> }> {
  const fake = await startFakeEmailJs();
  const served = await serveSite(root, { ...TEST_EMAILJS_IDS, SITE_EMAILJS_ORIGIN: fake.origin });
  return {
    fake,
    served,
    async close() {
      await served.close();
      await fake.close();
    },
  };
}

/**
 * The site at `root` served with a fake EmailJS for the tests of one file: started before them, closed after them,
 * and the fake reset before each (no sends recorded, answering OK). Its fields are set once the file's tests start.
 */
export function serveWithFakeEmailJsForFile(root: string): { fake: FakeEmailJs; served: ServedSite } {
  const site = {} as { fake: FakeEmailJs; served: ServedSite };
  let close = async () => {};
  beforeAll(async () => {
    ({ fake: site.fake, served: site.served, close } = await serveWithFakeEmailJs(root));
  });
  afterAll(() => close());
  beforeEach(() => {
    site.fake.sends.length = 0;
    site.fake.answer({ kind: 'ok' });
  });
  return site;
}
