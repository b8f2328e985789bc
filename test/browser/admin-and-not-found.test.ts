import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../helpers/engine.ts';
import { PROJECT_ROOT } from '../helpers/fixture.ts';
import { type ServedSite, serveSite } from '../helpers/served-site.ts';

const PASSWORD = 'Orchard-Lantern-42';
let served: ServedSite;
let server: RunningServer;
let context: BrowserContext;

beforeAll(async () => {
  served = await serveSite(PROJECT_ROOT, { SITE_ADMIN_PASSWORD: PASSWORD });
  server = served.server;
  context = await served.context({ viewport: { width: 1280, height: 900 } });
});

afterAll(() => served?.close());

async function openAdmin(): Promise<{ page: Page; alerts: string[]; errors: string[] }> {
  const page = await context.newPage();
  const alerts: string[] = [];
  const errors: string[] = [];
  page.on('dialog', async (dialog) => {
    alerts.push(`${dialog.type()}: ${dialog.message()}`);
    await dialog.dismiss();
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(`${server.url}/admin-seo-pages`);
  await page.waitForSelector('site-island[data-hydrated="true"]');
  return { page, alerts, errors };
}

const count = (page: Page, id: 'total' | 'shown') => page.textContent(`[data-testid=${id}]`);

describe('admin SEO listing', () => {
  it('alerts on a wrong password and stays locked', async () => {
    const { page, alerts, errors } = await openAdmin();
    expect(await page.textContent('h1')).toBe('Admin Access');
    await page.getByLabel('Password').fill('wrong password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect.poll(() => alerts).toEqual(['alert: Invalid password']);
    expect(await page.textContent('h1')).toBe('Admin Access');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('unlocks with the right password on Enter, then search, service and city filters combine', async () => {
    const { page, alerts, errors } = await openAdmin();
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByLabel('Password').press('Enter');
    await page.waitForSelector('text=SEO Landing Pages');
    expect(alerts).toEqual([]);
    expect(await count(page, 'total')).toBe('99');
    expect(await count(page, 'shown')).toBe('99');
    expect(await page.locator('.admin-note').textContent()).toContain('URL testing');

    await page.getByLabel('Search', { exact: true }).fill('PALO');
    await expect.poll(() => count(page, 'shown')).toBe('9');
    await page.getByLabel('Service', { exact: true }).selectOption({ label: 'adu contractor' });
    await expect.poll(() => count(page, 'shown')).toBe('1');
    expect(await page.locator('.admin-pages li .admin-path').allTextContents()).toEqual(['/adu-contractor-palo-alto']);

    await page.getByLabel('Search', { exact: true }).fill('');
    await page.getByLabel('City', { exact: true }).selectOption('san-jose');
    await expect.poll(() => count(page, 'shown')).toBe('1');
    expect(await page.locator('.admin-pages li .admin-path').allTextContents()).toEqual(['/adu-contractor-san-jose']);

    await page.getByLabel('Search', { exact: true }).fill('fremont');
    await expect.poll(() => count(page, 'shown')).toBe('0');
    expect(await page.textContent('.admin-empty')).toBe('No pages match your filters');
    expect(await count(page, 'total')).toBe('99');
    expect(errors).toEqual([]);
    await page.close();
  });

  it("opens 'View Page' in a new tab", async () => {
    const { page } = await openAdmin();
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByLabel('City', { exact: true }).selectOption('los-gatos');
    await page.getByLabel('Service', { exact: true }).selectOption({ label: 'eichler home contractor' });
    const link = page.getByRole('link', { name: 'View Page' });
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener');
    const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toBe('/eichler-home-contractor-los-gatos');
    expect(await tab.textContent('h1')).toBe('Top-Rated Eichler Home Remodeling in Los Gatos');
    await tab.close();
    await page.close();
  });
});

describe('not-found diagnostics', () => {
  /** Opens `path` and waits for the page script's `[not found]` report; `body` answers it with 404 instead of the server. */
  async function visit(path: string, body?: string) {
    const page = await context.newPage();
    if (body !== undefined) {
      await page.route(`**${path}`, (route) => route.fulfill({ status: 404, contentType: 'text/html', body }));
    }
    const logs: Array<{ type: string; text: string }> = [];
    const reports: Array<Record<string, unknown>> = [];
    page.on('console', (message) => {
      logs.push({ type: message.type(), text: message.text() });
      if (message.text().startsWith('[not found]') && message.type() === 'info') {
        void message
          .args()[1]
          ?.jsonValue()
          .then((value: Record<string, unknown>) => reports.push(value));
      }
    });
    const response = await page.goto(server.url + path);
    await expect.poll(() => reports.length).toBe(1);
    return { page, logs, report: reports[0]!, status: response?.status() };
  }

  it('answers an unknown landing slug with the not-found page and logs that it is no known record', async () => {
    const { page, logs, report, status } = await visit('/adu-contractor-oakland');
    expect(status).toBe(404);
    expect(await page.textContent('h1')).toBe("Oops! The page you're looking for doesn't exist.");
    expect(report).toMatchObject({
      path: '/adu-contractor-oakland',
      slug: 'adu-contractor-oakland',
      isKnownServiceLocationSlug: false,
      parsed: { keyword: 'adu-contractor', city: 'oakland' },
    });
    expect(
      logs.some(
        (l) =>
          l.type === 'error' &&
          l.text.includes('"adu-contractor-oakland" looks like a landing page for "adu-contractor" in "oakland"'),
      ),
    ).toBe(true);
    await page.close();
  });

  it('on a host that does not normalise paths, replaces /About/ with /about (lowercase, no trailing slash)', async () => {
    const page = await context.newPage();
    // Such a host answers the odd path with its 404 page, as site serve would for a page that does not exist.
    const notFound = await (await fetch(`${server.url}/no-such-page`)).text();
    await page.route('**/About/?from=mail', (route) =>
      route.fulfill({ status: 404, contentType: 'text/html', body: notFound }),
    );
    await page.goto(`${server.url}/About/?from=mail`);
    await page.waitForURL(`${server.url}/about?from=mail`);
    expect(await page.textContent('h1')).toBe("More Than a Builder — We're Your Peace of Mind");
    // A replace: the odd address is not left in the history (a new tab's entries: about:blank, then this page).
    expect(await page.evaluate(() => history.length)).toBe(2);
    await page.close();
  });

  it('knows every landing page the site has: one answered with the not-found page (a host that lost it) is logged as known, with no error', async () => {
    const notFound = await (await fetch(`${server.url}/no-such-page`)).text();
    for (const path of [
      '/adu-contractor-palo-alto',
      '/room-addition-builder-los-gatos',
      '/eichler-home-contractor-sunnyvale',
    ]) {
      const { page, logs, report } = await visit(path, notFound);
      expect(report, path).toMatchObject({ slug: path.slice(1), isKnownServiceLocationSlug: true });
      expect(
        logs.filter((l) => l.type === 'error' && !l.text.startsWith('Failed to load resource')),
        path,
      ).toEqual([]);
      await page.close();
    }
  });

  it('logs an unrelated unknown path without an error', async () => {
    const { page, logs, report, status } = await visit('/no-such-thing');
    expect(status).toBe(404);
    expect(report).toMatchObject({ slug: 'no-such-thing', isKnownServiceLocationSlug: false });
    // Chromium itself reports the 404 status of the document; the page's own script logs no error.
    expect(logs.filter((l) => l.type === 'error' && !l.text.startsWith('Failed to load resource'))).toEqual([]);
    await page.close();
  });
});
