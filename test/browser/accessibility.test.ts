import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../helpers/axe.ts';
import { formOn, noticeOf, openPopup, waitForForm } from '../helpers/consultation-form.ts';
import { PROJECT_ROOT } from '../helpers/fixture.ts';
import { type ServedSite, serveSite } from '../helpers/served-site.ts';

/** One page of every type the site has. */
const PAGE_TYPES = [
  '/',
  '/about',
  '/services',
  '/services/custom-homes',
  '/services/remodeling',
  '/gallery',
  '/gallery/2',
  '/contact',
  '/landing',
  '/blog',
  '/blog/adu-planning-guide',
  '/adu-contractor-palo-alto',
  '/admin-seo-pages',
  '/offline',
  '/no-such-page',
];
const SMALL = { width: 375, height: 800 };
const WIDE = { width: 1280, height: 800 };

let served: ServedSite;
const contexts = new Map<number, BrowserContext>();

beforeAll(async () => {
  served = await serveSite(PROJECT_ROOT);
  for (const viewport of [SMALL, WIDE]) contexts.set(viewport.width, await served.context({ viewport }));
});

afterAll(() => served?.close());

describe('axe, WCAG 2.0/2.1/2.2 A and AA, every page type', () => {
  it.each(PAGE_TYPES.flatMap((path) => [SMALL.width, WIDE.width].map((width) => [path, width] as const)))(
    '%s at %i px: no violation',
    async (path, width) => {
      const page = await served.open(contexts.get(width)!, path);
      // Let "visible" islands wake and lazy images load, as they would for a reader scrolling through.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForLoadState('networkidle');
      // Back to the top, so the sticky header covers nothing it would not cover for a reader arriving.
      await page.evaluate(() => window.scrollTo(0, 0));
      expect(await axeViolations(page)).toEqual([]);
      await page.close();
    },
  );
});

describe('axe on open widgets and form states', () => {
  it('the open small-screen menu with its Services group', async () => {
    const page = await served.open(contexts.get(SMALL.width)!, '/services/additions');
    const menu = page.locator('details.nav-mobile');
    await menu.locator('summary').first().click();
    await menu.getByText('Services').click();
    await menu.getByRole('link', { name: 'Custom Homes' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  it('the open Services dropdown', async () => {
    const page = await served.open(contexts.get(WIDE.width)!, '/about');
    const trigger = page.locator('nav.nav-desktop button.nav-trigger');
    await trigger.click();
    await page.locator('nav.nav-desktop .nav-submenu a').first().waitFor({ state: 'visible' });
    expect(await trigger.getAttribute('aria-expanded')).toBe('true');
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  it('the open popup dialog showing its validation errors', async () => {
    const { page, form } = await openPopup(await served.context({ viewport: WIDE }), served.server.url);
    await waitForForm(form);
    expect(await axeViolations(page)).toEqual([]);
    await form.locator('button[type=submit]').click();
    await form.locator('[aria-invalid=true]').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  it('the admin listing once unlocked', async () => {
    const page = await served.open(contexts.get(WIDE.width)!, '/admin-seo-pages');
    // The test build sets no SITE_ADMIN_PASSWORD, so the documented development password opens it.
    await page.getByLabel('Password').fill('site-dev-admin');
    await page.getByLabel('Password').press('Enter');
    await page.getByLabel('Search', { exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  it('catches an image without a text alternative (proof the gate can fail)', async () => {
    const page = await served.open(contexts.get(WIDE.width)!, '/about');
    await page.evaluate(() =>
      document
        .querySelector('main')
        ?.append(Object.assign(document.createElement('img'), { src: '/favicon.svg', width: 20, height: 20 })),
    );
    expect(await axeViolations(page)).toEqual([
      expect.stringMatching(/^image-alt \(critical\): img .*does not have an alt attribute/s),
    ]);
    await page.close();
  });

  it.each([SMALL.width, WIDE.width])(
    'the contact form with its errors, then its failure notice, at %i px',
    async (width) => {
      const page = await served.open(contexts.get(width)!, '/contact');
      const form = formOn(page, 'contact-page');
      await waitForForm(form);
      await form.locator('button[type=submit]').click();
      await form.locator('[aria-invalid=true]').first().waitFor();
      expect(await axeViolations(page)).toEqual([]);
      // The test build has no EmailJS ids, so a complete request fails at once with the destructive notice.
      await form.getByLabel('Full Name', { exact: true }).fill('Maria Chen');
      await form.getByLabel('Email Address', { exact: true }).fill('maria.chen@example.com');
      await form.getByLabel('Phone Number', { exact: true }).fill('(408) 555-0199');
      await form.getByLabel('Zip Code', { exact: true }).fill('95051');
      await form.getByLabel('Project Type').selectOption('ADU');
      await form.getByLabel('Your Message', { exact: true }).fill('A primary suite over the garage.');
      await form.locator('button[type=submit]').click();
      expect((await noticeOf(page)).title).toBe('Submission Failed');
      expect(await axeViolations(page)).toEqual([]);
      await page.close();
    },
  );
});
