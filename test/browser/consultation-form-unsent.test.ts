import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTICES } from '../../templates/lib/inquiry.ts';
import { fillForm, formOn, noticeOf, valuesOf, VISITOR, waitForForm } from '../helpers/consultation-form.ts';
import { type FakeEmailJs, startFakeEmailJs } from '../helpers/fake-emailjs.ts';
import { PROJECT_ROOT } from '../helpers/fixture.ts';
import { type ServedSite, serveSite, TEST_EMAILJS_IDS as IDS } from '../helpers/served-site.ts';

// Builds whose form cannot send: one whose email service is unreachable, one without EmailJS ids.
let fake: FakeEmailJs;
let unreachable: ServedSite;
let unconfigured: ServedSite;

beforeAll(async () => {
  fake = await startFakeEmailJs();
  // Port 9 (discard) has nothing listening on 127.0.0.1: the connection is refused.
  unreachable = await serveSite(PROJECT_ROOT, { ...IDS, SITE_EMAILJS_ORIGIN: 'http://127.0.0.1:9' });
  unconfigured = await serveSite(PROJECT_ROOT, { SITE_EMAILJS_ORIGIN: fake.origin });
});

afterAll(async () => {
  await unreachable?.close();
  await unconfigured?.close();
  await fake?.close();
});

async function sendFrom(served: ServedSite) {
  const page = await (await served.context({ viewport: { width: 1280, height: 800 } })).newPage();
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.goto(`${served.server.url}/contact`);
  const form = formOn(page, 'contact-page');
  await waitForForm(form);
  await fillForm(form, VISITOR, 'ADU');
  await form.getByRole('button', { name: 'Request Free Consultation' }).click();
  return { page, form, errors };
}

describe('a form that cannot send', () => {
  it('fails like any failure when the email service cannot be reached, keeping the fields', async () => {
    const { page, form, errors } = await sendFrom(unreachable);
    expect(await noticeOf(page)).toEqual({ ...NOTICES.failure, destructive: true });
    expect(await valuesOf(form)).toEqual({ ...VISITOR, project_type: 'ADU' });
    expect(await form.getByRole('button', { name: 'Request Free Consultation' }).isEnabled()).toBe(true);
    expect(errors.some((e) => e.startsWith('[consultation form] the request was not sent'))).toBe(true);
    await page.close();
  });

  it('fails without any network call when the EmailJS ids are missing', async () => {
    const { page, form, errors } = await sendFrom(unconfigured);
    expect(await noticeOf(page)).toEqual({ ...NOTICES.failure, destructive: true });
    expect(await valuesOf(form)).toEqual({ ...VISITOR, project_type: 'ADU' });
    expect(
      errors.some((e) => e.includes('the email service is not configured: publicKey, serviceId, templateId missing')),
    ).toBe(true);
    expect(fake.sends).toEqual([]);
    expect(fake.preflights).toBe(0);
    await page.close();
  });
});
