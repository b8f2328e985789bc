import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillForm, formOn, noticeOf, openPopup, waitForForm } from '../helpers/consultation-form.ts';
import type { FakeEmailJs } from '../helpers/fake-emailjs.ts';
import { PROJECT_ROOT } from '../helpers/fixture.ts';
import { type ServedSite, serveWithFakeEmailJs } from '../helpers/served-site.ts';

const PAGE_TYPES = [
  '/',
  '/about',
  '/services',
  '/services/custom-homes',
  '/services/architecture',
  '/gallery',
  '/gallery/5',
  '/contact',
  '/landing',
  '/blog',
  '/blog/kitchen-design-tips',
  '/bathroom-remodeling-san-jose',
  '/admin-seo-pages',
  '/offline',
  '/no-such-page',
];

let fake: FakeEmailJs;
let served: ServedSite;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ fake, served, close } = await serveWithFakeEmailJs(PROJECT_ROOT));
});

afterAll(() => close?.());

/**
 * A context whose pages record every securitypolicyviolation event. The recorder is Playwright's init
 * script, which runs outside the page's CSP, so the policy under test never blocks its own witness.
 */
async function recordingContext(width: number): Promise<BrowserContext> {
  const context = await served.context({ viewport: { width, height: 800 } });
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      ),
    );
  });
  return context;
}

const violationsOn = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

/** The policy the server sent with the page: the test is only meaningful when it is the built _headers policy. */
async function openWithPolicy(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  const response = await page.goto(served.server.url + path);
  expect(response?.headers()['content-security-policy'], path).toMatch(
    /script-src 'self';.*connect-src 'self' http:\/\/127\.0\.0\.1:\d+;/,
  );
  await page.waitForSelector('[data-nav-dropdown][data-enhanced]', { state: 'attached' });
  return page;
}

describe('the Content-Security-Policy from _headers, through site serve', () => {
  it.each(PAGE_TYPES)('%s: no violation while loading, scrolling and using the menus', async (path) => {
    for (const width of [375, 1280]) {
      const page = await openWithPolicy(await recordingContext(width), path);
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForLoadState('networkidle');
      if (width === 375) {
        await page.locator('details.nav-mobile summary').first().click();
        await page.locator('details.nav-mobile').getByText('Services').click();
      } else {
        await page.locator('nav.nav-desktop button.nav-trigger').click();
      }
      expect(await violationsOn(page), `${path} at ${width} px`).toEqual([]);
      await page.close();
    }
  });

  it('no violation while the contact form validates and sends to EmailJS', async () => {
    const page = await openWithPolicy(await recordingContext(1280), '/contact');
    const form = formOn(page, 'contact-page');
    await waitForForm(form);
    await form.locator('button[type=submit]').click();
    await form.locator('[aria-invalid=true]').first().waitFor();
    await fillForm(form, undefined, 'ADU');
    await form.locator('button[type=submit]').click();
    expect((await noticeOf(page)).title).toBe('Request Submitted!');
    expect(fake.sends.length).toBeGreaterThan(0);
    expect(await violationsOn(page)).toEqual([]);
    await page.close();
  });

  it('no violation while the popup opens and sends, and the gallery filters', async () => {
    const context = await recordingContext(1280);
    const { page, form } = await openPopup(context, served.server.url);
    await waitForForm(form);
    await fillForm(
      form,
      { full_name: 'Maria Chen', email: 'maria.chen@example.com', phone: '(408) 555-0199', zip: '95051' },
      'Home Addition',
    );
    await form.locator('button[type=submit]').click();
    await noticeOf(page);
    expect(await violationsOn(page)).toEqual([]);

    const gallery = await openWithPolicy(context, '/gallery');
    await gallery.getByRole('button', { name: 'Kitchen Remodel' }).click();
    await gallery.waitForURL(/category=kitchen-remodel/);
    expect(await violationsOn(gallery)).toEqual([]);
    await page.close();
    await gallery.close();
  });

  it('records an inline script the policy blocks (proof the gate can fail)', async () => {
    const context = await recordingContext(1280);
    await context.route(`${served.server.url}/about`, async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace('</main>', '<script>document.title = "injected"</script></main>');
      await route.fulfill({ response, body });
    });
    const page = await openWithPolicy(context, '/about');
    expect(await page.title()).not.toBe('injected');
    expect(await violationsOn(page)).toEqual([expect.stringMatching(/^script-src-elem blocked inline /)]);
    await page.close();
  });
});
