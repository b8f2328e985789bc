import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../helpers/engine.ts';
import { FIXTURES } from '../helpers/fixture.ts';
import { type ServedSite, serveSite } from '../helpers/served-site.ts';

let served: ServedSite;
let server: RunningServer;
let context: BrowserContext;

beforeAll(async () => {
  served = await serveSite(path.join(FIXTURES, 'basic'));
  server = served.server;
  context = await served.context({ viewport: { width: 1000, height: 700 } });
});

afterAll(() => served?.close());

/** Opens a page and records every console error and uncaught exception on it. */
async function open(pathname: string): Promise<{ page: Page; errors: string[]; scripts: string[] }> {
  const page = await context.newPage();
  const errors: string[] = [];
  const scripts: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(server.url + pathname);
  return { page, errors, scripts };
}

const island = (when: string) => `site-island[data-when="${when}"]`;
const hydrated = (page: Page, when: string) => page.getAttribute(island(when), 'data-hydrated');

describe('island hydration in Chromium', () => {
  it('hydrates each island at its own moment, with no console errors', async () => {
    const { page, errors } = await open('/islands');

    // load: at once; idle: as soon as the browser is idle.
    await page.waitForSelector(`${island('load')}[data-hydrated="true"]`);
    await page.waitForSelector(`${island('idle')}[data-hydrated="true"]`);
    await page.click(`${island('load')} button`);
    await expect.poll(() => page.textContent(`${island('load')} button`)).toBe('load: 1');

    // Not yet: no interaction, a wide viewport, and the last island far below the fold.
    expect(await hydrated(page, 'interaction')).toBeNull();
    expect(await hydrated(page, 'media')).toBeNull();
    expect(await hydrated(page, 'visible')).toBeNull();

    // interaction: the first focus inside the island hydrates it.
    await page.focus(`${island('interaction')} button`);
    await page.waitForSelector(`${island('interaction')}[data-hydrated="true"]`);
    await page.click(`${island('interaction')} button`);
    await expect.poll(() => page.textContent(`${island('interaction')} button`)).toBe('interaction: 21');

    // media: hydrates once the query matches.
    await page.setViewportSize({ width: 500, height: 700 });
    await page.waitForSelector(`${island('media')}[data-hydrated="true"]`);

    // visible: hydrates when scrolled into view.
    await page.locator(`${island('visible')} button`).scrollIntoViewIfNeeded();
    await page.waitForSelector(`${island('visible')}[data-hydrated="true"]`);
    await page.click(`${island('visible')} button`);
    await expect.poll(() => page.textContent(`${island('visible')} button`)).toBe('visible: 41');

    // useId matched on both sides: the label still points at its button after hydration.
    const labelFor = await page.getAttribute(`${island('visible')} label`, 'for');
    expect(await page.getAttribute(`${island('visible')} button`, 'id')).toBe(labelFor);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('runs under the Content-Security-Policy from _headers', async () => {
    const page = await context.newPage();
    const response = await page.goto(`${server.url}/toggle`);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.waitForSelector('site-island[data-hydrated="true"]');
    await page.click('site-island button');
    await expect.poll(() => page.getAttribute('site-island button', 'aria-expanded')).toBe('true');
    await page.close();
  });

  it('hydrates toggle and toggle-list, whose names share a prefix, each with its own component', async () => {
    const { page, errors } = await open('/prefixes');
    await expect.poll(() => page.locator('site-island[data-hydrated="true"]').count()).toBe(2);
    await page.getByRole('button', { name: 'Reverse the list' }).click();
    await expect.poll(() => page.locator('.toggle-list li').allTextContents()).toEqual(['third', 'second', 'first']);
    await page.getByRole('button', { name: 'Show letters' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Show letters' }).getAttribute('aria-expanded'))
      .toBe('true');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('runs a plain page script', async () => {
    const { page, errors, scripts } = await open('/scripted');
    await expect.poll(() => page.getAttribute('html', 'data-scripted')).toBe('yes');
    expect(scripts).toHaveLength(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('loads only the runtime and the islands a page has, and no script at all without islands', async () => {
    const toggle = await open('/toggle');
    await toggle.page.waitForSelector('site-island[data-hydrated="true"]');
    expect(toggle.scripts.some((s) => s.includes('/islands/toggle-'))).toBe(true);
    expect(toggle.scripts.some((s) => s.includes('/islands/counter-'))).toBe(false);
    const home = await open('/');
    await home.page.waitForLoadState('load');
    expect(home.scripts).toEqual([]);
    expect(home.errors).toEqual([]);
    await toggle.page.close();
    await home.page.close();
  });
});
