import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EMAIL_LIBRARY_VERSION } from '../../templates/constants.ts';
import { NOTICES } from '../../templates/lib/inquiry.ts';
import { fillForm, formOn, noticeOf, valuesOf, VISITOR, waitForHydrated } from '../helpers/consultation-form.ts';
import { PROJECT_ROOT } from '../helpers/fixture.ts';
import { serveWithFakeEmailJsForFile, TEST_EMAILJS_IDS as IDS } from '../helpers/served-site.ts';

// The consultation form works before React has loaded (issue 59): on a slow phone connection a visitor can type
// every field and tap the button while the island's script is still on its way. The island runtime holds that
// submit and makes it again once the form has hydrated; the page script keeps the typing in the draft. Here the
// island's module is held back by the test until it lets it go, so "before hydration" is a state, not a race.

const site = serveWithFakeEmailJsForFile(PROJECT_ROOT);

/** A phone (390 px, touch) in a fresh context, whose form module waits for `release()`: no browser cache can skip the hold. */
async function phoneWithHeldForm(): Promise<{ page: Page; context: BrowserContext; release: () => void }> {
  const context = await site.served.context({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/islands/consultation-form-*.js', async (route) => {
    await held;
    await route.continue();
  });
  return { page, context, release };
}

const hydrationOf = (page: Page) => page.locator('main site-island').first().getAttribute('data-hydrated');

describe('the consultation form before React has loaded', () => {
  it('sends a submit tapped before hydration once, with every field, and goes nowhere before that', async () => {
    const { page, release } = await phoneWithHeldForm();
    await page.goto(`${site.served.server.url}/landing`);
    const form = formOn(page, 'landing-cta');
    await fillForm(form, VISITOR, 'ADU');
    const button = form.getByRole('button', { name: 'Get My Free Estimate' });
    expect(await button.isEnabled()).toBe(true);
    await button.tap();
    await button.tap();
    // Held: nothing sent, no page loaded with the details in its address, every field as typed.
    expect(await hydrationOf(page)).toBe('pending');
    expect(site.fake.sends).toEqual([]);
    expect(page.url()).toBe(`${site.served.server.url}/landing`);
    expect(await valuesOf(form)).toEqual({ ...VISITOR, project_type: 'ADU' });

    release();
    expect(await noticeOf(page)).toEqual({ ...NOTICES.formSuccess, destructive: false });
    expect(site.fake.sends.map((send) => send.body)).toEqual([
      {
        lib_version: EMAIL_LIBRARY_VERSION,
        user_id: IDS.SITE_EMAILJS_PUBLIC_KEY,
        service_id: IDS.SITE_EMAILJS_SERVICE_ID,
        template_id: IDS.SITE_EMAILJS_TEMPLATE_ID,
        template_params: { ...VISITOR, project_type: 'ADU', source: 'landing-cta' },
      },
    ]);
    expect(await form.getByLabel('Full Name').inputValue()).toBe('');
    await page.close();
  });

  it('keeps what was typed before hydration in the fields, the focus and the draft, which a reload shows at once', async () => {
    const { page, release } = await phoneWithHeldForm();
    await page.goto(`${site.served.server.url}/contact`);
    const form = formOn(page, 'contact-page');
    const typed = { ...VISITOR, project_type: 'Bathroom Remodeling' };
    await fillForm(form, VISITOR, 'Bathroom Remodeling');
    await form.getByLabel('Zip Code').focus();
    expect(await hydrationOf(page)).toBe('pending');
    const draft = () => page.evaluate(() => JSON.parse(sessionStorage.getItem('site:form-draft:contact-page') ?? '{}'));
    expect(await draft()).toEqual(typed);

    release();
    await waitForHydrated(form);
    expect(await valuesOf(form)).toEqual(typed);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('zip');
    expect(await draft()).toEqual(typed);

    // A reload shows the draft before any use of the form, so before React: the island has not started.
    await page.reload();
    expect(await hydrationOf(page)).toBeNull();
    expect(await valuesOf(formOn(page, 'contact-page'))).toEqual(typed);
    await page.close();
  });
});
