import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../helpers/engine.ts';
import { PROJECT_ROOT } from '../helpers/fixture.ts';
import { type ServedSite, serveSite } from '../helpers/served-site.ts';
import { BUSINESS, PROJECT_COUNT } from '../helpers/site-facts.ts';

let served: ServedSite;
let server: RunningServer;
let wide: BrowserContext;
let small: BrowserContext;

beforeAll(async () => {
  served = await serveSite(PROJECT_ROOT);
  server = served.server;
  wide = await served.context({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
  small = await served.context({ javaScriptEnabled: false, viewport: { width: 375, height: 740 } });
});

afterAll(() => served?.close());

const PAGES: Array<[string, string]> = [
  ['/', 'Redefine What Home Feels Like'],
  ['/about', "More Than a Builder — We're Your Peace of Mind"],
  ['/services', 'Our Services'],
  ['/services/custom-homes', 'Custom Homes'],
  ['/gallery', 'Project Gallery'],
  ['/gallery/1', 'Modern Family Home'],
  ['/contact', 'Contact Us'],
  ['/landing', 'Design and Build Your Bay Area Home With One Team'],
  ['/blog', 'Design & Build Insights'],
  ['/blog/adu-planning-guide', 'ADU Planning Guide for Bay Area Homeowners'],
  ['/no-such-page', "Oops! The page you're looking for doesn't exist."],
];

describe('the site with JavaScript switched off', () => {
  it.each(PAGES)('%s reads: its heading shows and no script runs', async (path, heading) => {
    const page = await wide.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto(server.url + path);
    await expect.poll(() => page.locator('h1').first().textContent()).toBe(heading);
    expect(await page.locator('h1').first().isVisible()).toBe(true);
    expect(await page.locator('footer .tagline').isVisible()).toBe(true);
    // Chromium still fetches modulepreload hints with JavaScript off; nothing else may be fetched, and no module
    // script the page would run is even downloaded.
    const preloaded = await Promise.all(
      (await page.locator('link[rel=modulepreload]').all()).map((link) => link.getAttribute('href')),
    );
    const entries = await Promise.all(
      (await page.locator('script[src]').all()).map((script) => script.getAttribute('src')),
    );
    const paths = scripts.map((url) => new URL(url).pathname);
    expect(paths.filter((p) => !preloaded.includes(p))).toEqual([]);
    expect(paths.filter((p) => entries.includes(p))).toEqual([]);
    await page.close();
  });

  it('shows every gallery project without the filter script', async () => {
    const page = await wide.newPage();
    await page.goto(`${server.url}/gallery`);
    expect(await page.locator('.gallery-grid .project-card:visible').count()).toBe(PROJECT_COUNT);
    expect(await page.locator('.gallery-empty').isVisible()).toBe(false);
    await page.close();
  });

  it('reaches /contact from the header on a wide screen, and opens the Services group on hover and focus', async () => {
    const page = await wide.newPage();
    await page.goto(`${server.url}/blog`);
    expect(await page.locator('nav.nav-desktop a[href="/services/additions"]').isVisible()).toBe(false);
    await page.locator('nav.nav-desktop button.nav-trigger').hover();
    await expect.poll(() => page.locator('nav.nav-desktop a[href="/services/additions"]').isVisible()).toBe(true);
    await page.mouse.move(0, 600);
    await expect.poll(() => page.locator('nav.nav-desktop a[href="/services/additions"]').isVisible()).toBe(false);
    await page.locator('nav.nav-desktop button.nav-trigger').focus();
    await expect.poll(() => page.locator('nav.nav-desktop a[href="/services/additions"]').isVisible()).toBe(true);
    await page.locator('nav.nav-desktop a[href="/contact"]').click();
    await page.waitForURL(`${server.url}/contact`);
    expect(await page.locator('h1').textContent()).toBe('Contact Us');
    await page.close();
  });

  it('reaches /contact through the small-screen menu', async () => {
    const page = await small.newPage();
    await page.goto(`${server.url}/`);
    expect(await page.locator('nav.nav-desktop').isVisible()).toBe(false);
    await page.locator('details.nav-mobile > summary').click();
    await page.locator('details.nav-mobile nav a[href="/contact"]').first().click();
    await page.waitForURL(`${server.url}/contact`);
    expect(await page.locator('h1').textContent()).toBe('Contact Us');
    await page.close();
  });

  it('tells a visitor without JavaScript how to reach us instead of sending the form', async () => {
    const page = await wide.newPage();
    await page.goto(`${server.url}/contact`);
    const note = page.locator('.form-note:visible');
    expect(await note.count()).toBe(1);
    expect(await note.textContent()).toContain('Sending this form needs JavaScript');
    expect(await note.textContent()).toContain(BUSINESS.phone);
    expect(await page.locator('.form-alt').isVisible()).toBe(true);
    // Pressing the button sends nothing anywhere: no page is asked for with the details in its address. The
    // visit to /about after it is the bound: a navigation the press had started would have gone out first.
    const asked: string[] = [];
    page.on('request', (request) => asked.push(request.url()));
    await page.getByLabel('Full Name').fill('Maria Chen');
    await page.getByRole('button', { name: 'Request Free Consultation' }).click();
    expect(await page.getByLabel('Full Name').inputValue()).toBe('Maria Chen');
    await page.goto(`${server.url}/about`);
    expect(asked.filter((url) => url.includes('Maria'))).toEqual([]);
    expect(asked.filter((url) => new URL(url).pathname === '/contact')).toEqual([]);
    await page.close();
  });
});
