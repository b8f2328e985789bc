import { AxeBuilder } from '@axe-core/playwright';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { FAILURE_ACTIONS, NOTICES } from '../../templates/lib/inquiry.ts';
import {
  fillForm,
  formOn,
  noticeOf,
  openPopup,
  valuesOf,
  VISITOR,
  waitForForm,
  waitForHydrated,
} from '../helpers/consultation-form.ts';
import type { FakeAnswer } from '../helpers/fake-emailjs.ts';
import { PROJECT_ROOT } from '../helpers/fixture.ts';
import { serveWithFakeEmailJsForFile } from '../helpers/served-site.ts';
import { BUSINESS as SITE_BUSINESS, TEL_HREF } from '../helpers/site-facts.ts';

// Issue 40: when EmailJS fails or refuses, the notice offers the request as a ready email and the phone;
// without a connection the request waits in the page and goes once by itself when the connection returns.
const BUSINESS = { email: SITE_BUSINESS.email, phone: SITE_BUSINESS.phone, telHref: TEL_HREF };
/** A visitor whose message has what a careless link would break: a line break, '&', '%', '?' and '#'. */
const TYPED = {
  ...VISITOR,
  message: 'We would like to add a primary suite over the garage.\nBudget & timing: 50% now? Lot #2',
};
const EMPTY = { full_name: '', email: '', phone: '', zip: '', project_type: 'New Construction Home', message: '' };
const WIDE = { viewport: { width: 1280, height: 800 } };

const site = serveWithFakeEmailJsForFile(PROJECT_ROOT);

/** Opens the contact form in a context of its own (offline is per context) and records console errors. */
async function openContact(): Promise<{ context: BrowserContext; page: Page; form: Locator; errors: string[] }> {
  const context = await site.served.context(WIDE);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.goto(`${site.served.server.url}/contact`);
  const form = formOn(page, 'contact-page');
  await waitForForm(form);
  return { context, page, form, errors };
}

/** The links of the notice on screen: the mailto split into address, subject and body (decoded), and the tel. */
async function noticeLinks(page: Page) {
  const notice = page.locator('#site-notices .notice');
  const mail = notice.getByRole('link', { name: FAILURE_ACTIONS.email });
  const call = notice.getByRole('link', { name: FAILURE_ACTIONS.call(BUSINESS.phone) });
  const url = new URL((await mail.getAttribute('href')) ?? '');
  return {
    mail,
    call,
    protocol: url.protocol,
    address: decodeURIComponent(url.pathname),
    subject: url.searchParams.get('subject'),
    body: url.searchParams.get('body') ?? '',
    callHref: await call.getAttribute('href'),
  };
}

/** Every field the visitor typed, each exactly as typed, in the email body. */
function expectBodyHolds(body: string, typed: Record<string, string>): void {
  expect(body).toContain(`Full Name: ${typed.full_name}`);
  expect(body).toContain(`Email Address: ${typed.email}`);
  expect(body).toContain(`Phone Number: ${typed.phone}`);
  expect(body).toContain(`Zip Code: ${typed.zip}`);
  expect(body).toContain(`Project Type: ${typed.project_type}`);
  if (typed.message !== undefined) expect(body).toContain(`Your Message:\r\n${typed.message.replace(/\n/g, '\r\n')}`);
}

describe('a failed send offers the request as an email and the phone, inside the notice', () => {
  it.each([
    [
      'a 500',
      { kind: 'status', status: 500, text: 'Internal Server Error' },
      'the email service answered 500 Internal Server Error',
    ],
    [
      'a 429 (quota or rate limit)',
      { kind: 'status', status: 429, text: 'The monthly quota has been reached' },
      'quota or rate limit',
    ],
    ['a dropped connection', { kind: 'drop' }, 'no connection to the email service'],
  ] satisfies [string, FakeAnswer, string][])('%s', async (_name, answer, cause) => {
    site.fake.answer(answer);
    const { page, form, errors } = await openContact();
    await fillForm(form, TYPED, 'Home Addition');
    await form.getByRole('button', { name: 'Request Free Consultation' }).click();

    expect(await noticeOf(page)).toEqual({ ...NOTICES.failure, destructive: true });
    const links = await noticeLinks(page);
    expect(links).toMatchObject({
      protocol: 'mailto:',
      address: BUSINESS.email,
      subject: `Consultation request from ${TYPED.full_name}`,
      callHref: BUSINESS.telHref,
    });
    expectBodyHolds(links.body, { ...TYPED, project_type: 'Home Addition' });
    // In the polite live region, so it is announced with the notice.
    expect(await page.locator('#site-notices[aria-live=polite] .notice a').count()).toBe(2);
    expect(
      errors.filter((e) => e.startsWith('[consultation form] the request was not sent:') && e.includes(cause)),
    ).toHaveLength(1);
    expect(site.fake.sends).toHaveLength(1);
    // The fields and the draft stay.
    expect(await valuesOf(form)).toEqual({ ...TYPED, project_type: 'Home Addition' });
    expect(await page.evaluate(() => sessionStorage.length)).toBe(1);
    await page.close();
  });

  it('takes the focus, so the email and call links are the next Tab stops; dismissing gives the focus back to the button', async () => {
    site.fake.answer({ kind: 'status', status: 500, text: 'Internal Server Error' });
    const { page, form } = await openContact();
    await fillForm(form, TYPED);
    await form.getByLabel('Your Message').focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await noticeOf(page);
    const focused = () =>
      page.evaluate(
        () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent?.trim(),
      );
    expect(await page.evaluate(() => document.activeElement?.classList.contains('notice'))).toBe(true);
    await page.keyboard.press('Tab');
    expect(await focused()).toBe(FAILURE_ACTIONS.email);
    await page.keyboard.press('Tab');
    expect(await focused()).toBe(FAILURE_ACTIONS.call(BUSINESS.phone));
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Dismiss notification');
    await page.keyboard.press('Enter');
    expect(await page.locator('#site-notices .notice').count()).toBe(0);
    expect(await focused()).toBe('Request Free Consultation');
    await page.close();
  });

  it('passes axe (WCAG A/AA) with the links on the error red', async () => {
    site.fake.answer({ kind: 'status', status: 429, text: 'Too Many Requests' });
    const { page, form } = await openContact();
    await fillForm(form, TYPED);
    await form.getByRole('button', { name: 'Request Free Consultation' }).click();
    await noticeOf(page);
    const result = await new AxeBuilder({ page })
      .include('#site-notices')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'])
      .analyze();
    expect(result.violations.map((v) => v.id)).toEqual([]);
    await page.close();
  });

  it('the popup: the links sit in the notice inside the open dialog, the message line left out', async () => {
    site.fake.answer({ kind: 'status', status: 429, text: 'Too Many Requests' });
    const { page, form } = await openPopup(await site.served.context(WIDE), site.served.server.url);
    const { message: _message, ...details } = TYPED;
    await fillForm(form, details, 'ADU');
    await waitForForm(form);
    await form.getByRole('button', { name: 'Schedule My Consultation' }).click();

    expect(await noticeOf(page)).toEqual({ ...NOTICES.failure, destructive: true });
    expect(await page.locator('dialog[open] #site-notices .notice a').count()).toBe(2);
    const links = await noticeLinks(page);
    expectBodyHolds(links.body, { ...details, project_type: 'ADU' });
    expect(links.body).not.toContain('Your Message');
    expect(links.callHref).toBe(BUSINESS.telHref);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(FAILURE_ACTIONS.email);
    expect(await page.getByRole('dialog').isVisible()).toBe(true);
    await page.close();
  });
});

describe('the email body check', () => {
  it('catches a field the email left out (proof it can fail)', () => {
    const body = [
      'Full Name: Maria Chen',
      'Email Address: maria.chen@example.com',
      'Phone Number: (408) 555-0199',
      'Project Type: ADU',
    ].join('\r\n');
    expect(() => expectBodyHolds(body, { ...VISITOR, project_type: 'ADU' })).toThrow(/Zip Code: 95051/);
  });
});

describe('offline: the request waits for the connection and goes exactly once', () => {
  it('tells the visitor, keeps the fields, sends nothing more on a second press, then sends once and resets', async () => {
    const { context, page, form, errors } = await openContact();
    await fillForm(form, TYPED, 'ADU');
    // The offline notice is the hydrated form's: the connection goes once the form's script has loaded (a script the
    // lost connection stops shows the form's fallback note instead, see consultation-form.test.ts).
    await waitForHydrated(form);
    await context.setOffline(true);
    const button = form.getByRole('button', { name: 'Request Free Consultation' });
    await button.click();

    expect(await noticeOf(page)).toEqual({ ...NOTICES.offline, destructive: false });
    expect(await valuesOf(form)).toEqual({ ...TYPED, project_type: 'ADU' });
    expect(await button.isEnabled()).toBe(true);
    await button.click();
    await form.getByLabel('Zip Code').press('Enter');
    expect(site.fake.sends).toEqual([]);

    await context.setOffline(false);
    await page.locator('.notice-title', { hasText: NOTICES.formSuccess.title }).waitFor();
    expect(await noticeOf(page)).toEqual({ ...NOTICES.formSuccess, destructive: false });
    expect(site.fake.sends).toHaveLength(1);
    expect((site.fake.sends[0]!.body as { template_params: unknown }).template_params).toEqual({
      ...TYPED,
      project_type: 'ADU',
      source: 'contact-page',
    });
    expect(await valuesOf(form)).toEqual(EMPTY);
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    // Nothing else goes later: not the presses made while offline, not another 'online'.
    await context.setOffline(true);
    await context.setOffline(false);
    await page.waitForTimeout(500);
    expect(site.fake.sends).toHaveLength(1);
    expect(errors.filter((e) => e.startsWith('[consultation form]'))).toEqual([]);
    await page.close();
  });

  it('when the send after the connection returns fails: the failure notice with the email and call links, the focus left alone', async () => {
    const { context, page, form } = await openContact();
    await fillForm(form, TYPED);
    await waitForHydrated(form);
    await context.setOffline(true);
    await form.getByRole('button', { name: 'Request Free Consultation' }).click();
    expect((await noticeOf(page)).title).toBe(NOTICES.offline.title);
    site.fake.answer({ kind: 'status', status: 500, text: 'Internal Server Error' });
    // The visitor is busy in a field when the connection returns: the late notice does not take the focus from it.
    await form.getByLabel('Your Message').focus();
    await context.setOffline(false);
    await page.locator('.notice-destructive').waitFor();
    expect(await noticeOf(page)).toEqual({ ...NOTICES.failure, destructive: true });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('message');
    expectBodyHolds((await noticeLinks(page)).body, { ...TYPED, project_type: 'New Construction Home' });
    expect(await valuesOf(form)).toEqual({ ...TYPED, project_type: 'New Construction Home' });
    expect(site.fake.sends).toHaveLength(1);
    await page.close();
  });

  it('the popup waits too, and closes with its success notice once sent', async () => {
    const context = await site.served.context(WIDE);
    const { page, form } = await openPopup(context, site.served.server.url);
    const { message: _message, ...details } = TYPED;
    await fillForm(form, details);
    await waitForHydrated(form);
    await context.setOffline(true);
    await form.getByRole('button', { name: 'Schedule My Consultation' }).click();
    expect((await noticeOf(page)).title).toBe(NOTICES.offline.title);
    expect(await page.getByRole('dialog').isVisible()).toBe(true);
    await context.setOffline(false);
    await page.locator('.notice-title', { hasText: NOTICES.popupSuccess.title }).waitFor();
    expect(await noticeOf(page)).toEqual({ ...NOTICES.popupSuccess, destructive: false });
    expect(await page.getByRole('dialog').isVisible()).toBe(false);
    expect(site.fake.sends).toHaveLength(1);
    await page.close();
  });
});
