import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EMAIL_LIBRARY_VERSION, SEND_TIMEOUT_MS } from '../../templates/constants.ts';
import { NOTICES } from '../../templates/lib/inquiry.ts';
import { fillForm, formOn, noticeOf, openPopup, valuesOf, VISITOR, waitForForm } from '../helpers/consultation-form.ts';
import type { FakeEmailJs } from '../helpers/fake-emailjs.ts';
import { PROJECT_ROOT } from '../helpers/fixture.ts';
import { type ServedSite, serveWithFakeEmailJs, TEST_EMAILJS_IDS as IDS } from '../helpers/served-site.ts';
import { BUSINESS } from '../helpers/site-facts.ts';

const EMPTY = { full_name: '', email: '', phone: '', zip: '', project_type: 'New Construction Home', message: '' };

let fake: FakeEmailJs;
let served: ServedSite;
let close: () => Promise<void>;
let wide: BrowserContext;
let small: BrowserContext;

beforeAll(async () => {
  ({ fake, served, close } = await serveWithFakeEmailJs(PROJECT_ROOT));
  wide = await served.context({ viewport: { width: 1280, height: 800 } });
  small = await served.context({ viewport: { width: 375, height: 740 } });
});

afterAll(() => close?.());

beforeEach(() => {
  fake.sends.length = 0;
  fake.answer({ kind: 'ok' });
});

/** The exact JSON body spec section 7 asks for. */
const expectedBody = (templateParams: Record<string, string>) => ({
  lib_version: EMAIL_LIBRARY_VERSION,
  user_id: IDS.SITE_EMAILJS_PUBLIC_KEY,
  service_id: IDS.SITE_EMAILJS_SERVICE_ID,
  template_id: IDS.SITE_EMAILJS_TEMPLATE_ID,
  template_params: templateParams,
});

/** Opens a page and records its console errors and uncaught exceptions. */
async function open(context: BrowserContext, path: string): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(served.server.url + path);
  return { page, errors };
}

/** Opens the contact page (with a query, if given) and waits until its form is ready. */
async function openContactForm(query = '') {
  const opened = await open(wide, `/contact${query}`);
  const form = formOn(opened.page, 'contact-page');
  await waitForForm(form);
  return { ...opened, form };
}

describe('each main form sends the spec JSON once per click, then resets', () => {
  it.each([
    ['/', 'homepage', () => wide],
    ['/contact', 'contact-page', () => small],
    ['/landing', 'landing-cta', () => small],
    ['/contact', 'contact-page', () => wide],
  ] as const)('%s (source %s)', async (path, source, context) => {
    const { page, errors } = await open(context(), path);
    const form = formOn(page, source);
    await fillForm(form, VISITOR, 'Kitchen Remodeling');
    await waitForForm(form);
    await form.getByRole('button', { name: /Request Free Consultation|Get My Free Estimate/ }).click();

    expect(await noticeOf(page)).toEqual({ ...NOTICES.formSuccess, destructive: false });
    expect(fake.sends).toEqual([
      {
        path: '/api/v1.0/email/send',
        origin: served.server.url,
        body: expectedBody({ ...VISITOR, project_type: 'Kitchen Remodeling', source }),
      },
    ]);
    expect(await valuesOf(form)).toEqual(EMPTY);
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    // The notice can be dismissed.
    await page.getByRole('button', { name: 'Dismiss notification' }).click();
    expect(await page.locator('#site-notices .notice').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('the popup form', () => {
  /** Opens home, lets the 23 s pass on a fake clock (then real time again, for the send), and opens the dialog. */
  const openHomePopup = async () =>
    openPopup(await served.context({ viewport: { width: 1280, height: 800 } }), served.server.url);

  it("sends name, email, phone, zip and project type with the fixed message and source 'popup consultation', then closes", async () => {
    const { page, trigger, form } = await openHomePopup();
    const dialog = page.getByRole('dialog', { name: 'Schedule Your Free Consultation' });
    expect(await form.getByLabel('Your Message').count()).toBe(0);
    const { message: _message, ...details } = VISITOR;
    await fillForm(form, details, 'ADU');
    await waitForForm(form);
    await form.getByRole('button', { name: 'Schedule My Consultation' }).click();

    expect(await noticeOf(page)).toEqual({ ...NOTICES.popupSuccess, destructive: false });
    expect(fake.sends.map((send) => send.body)).toEqual([
      expectedBody({
        ...details,
        project_type: 'ADU',
        message: 'Popup consultation request',
        source: 'popup consultation',
      }),
    ]);
    expect(await dialog.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Schedule Now');
    // The notice is back in the page, not left inside the closed dialog.
    expect(await page.locator('#site-notices .notice').isVisible()).toBe(true);
    await trigger.click();
    expect(await valuesOf(form)).toEqual({
      full_name: '',
      email: '',
      phone: '',
      zip: '',
      project_type: 'New Construction Home',
    });
    await page.close();
  });

  it('stays open with its fields on failure and shows the failure notice inside the dialog, where it can be dismissed', async () => {
    fake.answer({ kind: 'status', status: 500, text: 'Server error' });
    const { page, form } = await openHomePopup();
    const { message: _message, ...details } = VISITOR;
    await fillForm(form, details);
    await waitForForm(form);
    await form.getByRole('button', { name: 'Schedule My Consultation' }).click();

    expect(await noticeOf(page)).toEqual({ ...NOTICES.failure, destructive: true });
    expect(await page.getByRole('dialog').isVisible()).toBe(true);
    expect(await page.locator('dialog #site-notices .notice').count()).toBe(1);
    expect(await valuesOf(form)).toEqual({ ...details, project_type: 'New Construction Home' });
    await page.getByRole('button', { name: 'Dismiss notification' }).click();
    expect(await page.locator('#site-notices .notice').count()).toBe(0);
    expect(await form.getByRole('button', { name: 'Schedule My Consultation' }).isEnabled()).toBe(true);
    await page.close();
  });
});

describe('validation (spec section 5)', () => {
  it('shows each problem beside its field, tied to it for screen readers, and moves focus to the first', async () => {
    const { page, form } = await openContactForm();
    await form.getByRole('button', { name: 'Request Free Consultation' }).click();
    // The press hydrates the form (see form-before-hydration.test.ts), which then answers it.
    await form.locator('.field-error').first().waitFor();
    expect(fake.sends).toEqual([]);
    const name = form.getByLabel('Full Name');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('full_name');
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    const describedBy = await name.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe('Please enter your full name.');
    expect(await form.locator('.field-error').allTextContents()).toEqual([
      'Please enter your full name.',
      'Please enter your email address.',
      'Please enter your phone number.',
      'Please enter your ZIP code.',
      'Please tell us a little about your project.',
    ]);

    await fillForm(form, { ...VISITOR, email: 'maria@example', phone: '555-0199', zip: '950' });
    // Fixed fields lose their error at once; the rest wait for the next submit.
    expect(await name.getAttribute('aria-invalid')).toBeNull();
    await form.getByRole('button', { name: 'Request Free Consultation' }).click();
    expect(await form.locator('.field-error').allTextContents()).toEqual([
      'Please enter a valid email address, such as name@example.com.',
      'Please enter a phone number with at least 10 digits, such as (408) 555-0142.',
      'Please enter a 5-digit ZIP code, such as 95050.',
    ]);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');
    expect(fake.sends).toEqual([]);

    await fillForm(form, { email: VISITOR.email, phone: '408.555.0199', zip: '95051-1234' });
    await form.getByRole('button', { name: 'Request Free Consultation' }).click();
    await noticeOf(page);
    expect(fake.sends).toHaveLength(1);
    expect((fake.sends[0]!.body as { template_params: Record<string, string> }).template_params).toMatchObject({
      phone: '408.555.0199',
      zip: '95051-1234',
    });
    await page.close();
  });
});

/** Follows the landing page's Additions card (open on the landing page) and returns the project type the contact form then shows. */
async function projectTypeAfterAdditionsCard(page: Page): Promise<string> {
  await page.getByRole('link', { name: /Get an Estimate for .*Additions/ }).click();
  await page.waitForURL(/\/contact\?service=additions$/);
  const form = formOn(page, 'contact-page');
  await waitForForm(form);
  return form.getByLabel('Project Type').inputValue();
}

describe('?service= on the contact page', () => {
  it.each([
    ['new-construction', 'New Construction Home'],
    ['additions', 'Home Addition'],
    ['remodel', 'Full Home Remodeling'],
    ['swimming-pool', 'New Construction Home'],
  ])('service=%s preselects %s', async (service, type) => {
    const { page, form } = await openContactForm(`?service=${service}`);
    expect(await form.getByLabel('Project Type').inputValue()).toBe(type);
    await page.close();
  });

  it('is what the landing page service cards link to', async () => {
    const { page } = await open(wide, '/landing');
    expect(await projectTypeAfterAdditionsCard(page)).toBe('Home Addition');
    await page.close();
  });
});

describe('?service= and the draft (issue 40): the address wins over an untouched field, a choice wins over the address', () => {
  /** The project type and full name the contact form shows at `query`, in the same tab (same sessionStorage). */
  async function contactFormAt(page: Page, query: string) {
    await page.goto(`${served.server.url}/contact${query}`);
    const form = formOn(page, 'contact-page');
    await waitForForm(form);
    return {
      type: await form.getByLabel('Project Type').inputValue(),
      name: await form.getByLabel('Full Name').inputValue(),
    };
  }

  it('a visit without typing saves nothing, so a landing card later still chooses the project type', async () => {
    const { page } = await openContactForm();
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    await page.goto(`${served.server.url}/landing`);
    expect(await projectTypeAfterAdditionsCard(page)).toBe('Home Addition');
    await page.close();
  });

  it('a project type the visitor chose stays when a later address asks for another', async () => {
    const { page, form } = await openContactForm();
    await fillForm(form, { full_name: VISITOR.full_name }, 'ADU');
    expect(await contactFormAt(page, '?service=additions')).toEqual({ type: 'ADU', name: VISITOR.full_name });
    await page.close();
  });

  it('a project type only the address chose follows the next address, while the typed name stays', async () => {
    const { page, form } = await openContactForm('?service=remodel');
    await fillForm(form, { full_name: VISITOR.full_name });
    expect(await contactFormAt(page, '?service=additions')).toEqual({ type: 'Home Addition', name: VISITOR.full_name });
    expect(await contactFormAt(page, '')).toEqual({ type: 'New Construction Home', name: VISITOR.full_name });
    await page.close();
  });
});

describe('failure keeps everything the visitor typed', () => {
  it('on a 500: fields kept, the failure notice, the error logged, the button usable; a reload still shows the draft', async () => {
    fake.answer({ kind: 'status', status: 500, text: 'Internal Server Error' });
    const { page, errors, form } = await openContactForm('?service=remodel');
    await fillForm(form);
    const button = form.getByRole('button', { name: 'Request Free Consultation' });
    await button.click();

    expect(await noticeOf(page)).toEqual({ ...NOTICES.failure, destructive: true });
    const typed = { ...VISITOR, project_type: 'Full Home Remodeling' };
    expect(await valuesOf(form)).toEqual(typed);
    expect(await button.isEnabled()).toBe(true);
    expect(errors.filter((e) => e.startsWith('[consultation form] the request was not sent'))).toHaveLength(1);

    await page.goto(`${served.server.url}/contact`);
    const again = formOn(page, 'contact-page');
    await waitForForm(again);
    expect(await valuesOf(again)).toEqual(typed);

    fake.answer({ kind: 'ok' });
    await again.getByRole('button', { name: 'Request Free Consultation' }).click();
    expect((await noticeOf(page)).title).toBe('Request Submitted!');
    expect(fake.sends).toHaveLength(2);
    await page.reload();
    await waitForForm(formOn(page, 'contact-page'));
    expect(await valuesOf(formOn(page, 'contact-page'))).toEqual(EMPTY);
    await page.close();
  });

  it('when the service never answers: Submitting... and disabled, no second send, then failure after 15 s', async () => {
    fake.answer({ kind: 'hang' });
    // A paused clock in a context of its own (Playwright's clock belongs to the context): the 15 s count
    // moves only when the test moves it.
    const page = await (await served.context({ viewport: { width: 1280, height: 800 } })).newPage();
    await page.clock.install({ time: new Date('2026-03-02T09:00:00Z') });
    await page.clock.pauseAt(new Date('2026-03-02T09:00:01Z'));
    await page.goto(`${served.server.url}/contact`);
    // Let the idle-time hydration run under the fake clock.
    await page.clock.runFor(2500);
    const form = formOn(page, 'contact-page');
    await waitForForm(form);
    await fillForm(form);
    const button = form.locator('button[type=submit]');
    await button.click();
    await expect.poll(() => button.textContent()).toBe('Submitting...');
    expect(await button.isDisabled()).toBe(true);
    await form.getByLabel('Zip Code').press('Enter');
    await button.dispatchEvent('click');
    // requestSubmit() reaches the handler even with the button disabled: the form itself refuses a second send.
    await form.evaluate((element) => (element as HTMLFormElement).requestSubmit());
    await expect.poll(() => fake.sends.length).toBe(1);

    await page.clock.runFor(SEND_TIMEOUT_MS - 100);
    expect(await button.textContent()).toBe('Submitting...');
    await page.clock.runFor(100);
    expect(await noticeOf(page)).toEqual({ ...NOTICES.failure, destructive: true });
    expect(await button.textContent()).toBe('Request Free Consultation');
    expect(await button.isEnabled()).toBe(true);
    expect(await valuesOf(form)).toEqual({ ...VISITOR, project_type: 'New Construction Home' });
    expect(fake.sends).toHaveLength(1);
    await page.close();
  });

  it('tells the visitor how to reach the company when the form script fails to load', async () => {
    const page = await (await served.context({ viewport: { width: 1280, height: 800 } })).newPage();
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await page.route('**/assets/islands/consultation-form-*.js', (route) =>
      route.fulfill({ status: 503, body: 'unavailable' }),
    );
    await page.goto(`${served.server.url}/contact`);
    // The form's script loads at its first use.
    await formOn(page, 'contact-page').getByLabel('Full Name').focus();
    const note = page.locator('.form-script-failed');
    await expect.poll(() => note.isVisible()).toBe(true);
    expect(await note.textContent()).toContain('The form could not load');
    expect(await note.locator('a[href^="tel:"]').textContent()).toBe(BUSINESS.phone);
    expect(await note.locator('a[href^="mailto:"]').textContent()).toBe(BUSINESS.email);
    expect(errors.some((e) => e.includes('island "consultation-form" failed to hydrate'))).toBe(true);
    await page.close();
  });
});

describe('the bot trap', () => {
  it('drops a submission whose hidden field is filled, says success, and sends nothing', async () => {
    const { page, form } = await openContactForm();
    await fillForm(form);
    // People never meet the trap: it is out of the accessibility tree, the tab order and the viewport.
    expect(await form.getByRole('textbox', { name: 'Leave this field empty' }).count()).toBe(0);
    expect(await form.locator('input[name=website]').getAttribute('tabindex')).toBe('-1');
    expect(await form.locator('input[name=website]').evaluate((el) => el.getBoundingClientRect().right)).toBeLessThan(
      0,
    );
    await form
      .locator('input[name=website]')
      .evaluate((el) => ((el as HTMLInputElement).value = 'https://spam.example'));
    await form.getByRole('button', { name: 'Request Free Consultation' }).click();
    expect((await noticeOf(page)).title).toBe('Request Submitted!');
    expect(fake.sends).toEqual([]);
    expect(await valuesOf(form)).toEqual(EMPTY);
    await page.close();
  });
});
