import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../helpers/fixture.ts';
import { type ServedSite, serveSite } from '../helpers/served-site.ts';

/**
 * Every page type, and when it loads React: `never` (no stateful widget), `soon` (a form or the admin listing that
 * hydrates once idle or in view), or `on use` (a form that hydrates when the visitor first uses it).
 */
type ReactLoads = 'never' | 'soon' | 'on use';
const PAGES: Array<[path: string, react: ReactLoads]> = [
  ['/', 'soon'],
  ['/about', 'never'],
  ['/services', 'never'],
  ['/services/custom-homes', 'never'],
  ['/services/additions', 'never'],
  ['/gallery', 'never'],
  ['/gallery/3', 'never'],
  ['/contact', 'on use'],
  ['/landing', 'on use'],
  ['/blog', 'never'],
  ['/blog/building-permit-process', 'never'],
  ['/room-addition-contractor-sunnyvale', 'never'],
  ['/admin-seo-pages', 'soon'],
  ['/offline', 'never'],
  ['/no-such-page', 'never'],
];

// A string only React's own code contains (the element type tag of React 19).
const REACT_MARK = 'react.transitional.element';

let served: ServedSite;
const contexts: Record<number, BrowserContext> = {};

beforeAll(async () => {
  served = await serveSite(PROJECT_ROOT);
  for (const width of [375, 1280]) contexts[width] = await served.context({ viewport: { width, height: 800 } });
});

afterAll(() => served?.close());

/** Loads a page, scrolls to its end so every "visible" island wakes up, and reports what happened. */
async function visit(
  context: BrowserContext,
  path: string,
  react: ReactLoads,
): Promise<{ page: Page; errors: string[]; scripts: Map<string, string> }> {
  const page = await context.newPage();
  const errors: string[] = [];
  // Any request the page makes (icons, manifest, scripts) must exist; only the unknown page itself is a 404.
  page.on('response', (response) => {
    if (response.status() >= 400 && response.url() !== served.server.url + path) {
      errors.push(`${response.status()} ${response.url()}`);
    }
  });
  const scripts = new Map<string, string>();
  page.on('console', (message) => {
    // The not-found page is answered with status 404, which Chromium itself reports.
    if (message.type() === 'error' && !(path === '/no-such-page' && message.text().includes('status of 404'))) {
      errors.push(message.text());
    }
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script') {
      scripts.set(new URL(response.url()).pathname, await response.text().catch(() => ''));
    }
  });
  await page.goto(served.server.url + path, { waitUntil: 'load' });
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  // A widget hydrates when the browser is idle or it scrolls into view, which a busy machine can put off past the
  // network going quiet: the React check below waits for one to have hydrated.
  if (react === 'soon') {
    await page.waitForSelector('site-island[data-hydrated="true"]', { state: 'attached', timeout: 15_000 });
  }
  await page.waitForLoadState('networkidle');
  return { page, errors, scripts };
}

describe('every page type with JavaScript', () => {
  it.each(PAGES.flatMap(([path, react]) => [375, 1280].map((width) => [path, width, react] as const)))(
    '%s at %i px: no console error, no failed request, and React only where a stateful widget is, when it is (%s)',
    async (path, width, react) => {
      const { page, errors, scripts } = await visit(contexts[width]!, path, react);
      expect(errors).toEqual([]);
      // Every page has the site script (header, back to top, service worker).
      expect([...scripts.keys()].some((src) => src.startsWith('/assets/scripts/site-'))).toBe(true);
      const withReact = () => [...scripts].filter(([, text]) => text.includes(REACT_MARK)).map(([src]) => src);
      expect(withReact()).toHaveLength(react === 'soon' ? 1 : 0);
      if (react === 'on use') {
        // Loaded, idle and at rest, the page holds no React; the first touch of the form brings it, once.
        await page.locator('main form input').first().focus();
        await page.waitForSelector('main site-island[data-hydrated="true"]', { state: 'attached' });
        await page.waitForLoadState('networkidle');
        expect(withReact()).toHaveLength(1);
        expect(errors).toEqual([]);
      }
      await page.close();
    },
  );

  it('only logs a refused autoplay of the hero video', async () => {
    const page = await contexts[1280]!.newPage();
    const messages: Array<[string, string]> = [];
    page.on('console', (message) => messages.push([message.type(), message.text()]));
    page.on('pageerror', (error) => messages.push(['pageerror', error.message]));
    await page.addInitScript(() => {
      HTMLMediaElement.prototype.play = () =>
        Promise.reject(new DOMException('play() failed because the user did not interact', 'NotAllowedError'));
    });
    await page.goto(`${served.server.url}/`);
    await expect
      .poll(() => messages.filter(([type]) => type === 'info').map(([, text]) => text))
      .toEqual([expect.stringContaining('[hero] the background video did not autoplay')]);
    expect(messages.filter(([type]) => type === 'error' || type === 'pageerror')).toEqual([]);
    // The line keeps rotating: a refused video stops nothing else.
    expect(await page.locator('.hero-pause').isVisible()).toBe(true);
    await page.close();
  });
});
