import type { BrowserContext, Locator, Page } from 'playwright-core';
import { POPUP_DELAY_MS } from '../../templates/constants.ts';

/** What a visitor types into the consultation form in these tests. */
export const VISITOR = {
  full_name: 'Maria Chen',
  email: 'maria.chen@example.com',
  phone: '(408) 555-0199',
  zip: '95051',
  message: 'We would like to add a primary suite over the garage.',
} as const;

/** The form of a page: on home the section's form (the popup holds a second one). */
export function formOn(page: Page, source: string): Locator {
  return page.locator(`form.consultation-form[data-source="${source}"]`);
}

/** Types the visitor's details into a form, the message only where the form has one. */
export async function fillForm(
  form: Locator,
  values: Partial<Record<keyof typeof VISITOR, string>> = VISITOR,
  projectType?: string,
): Promise<void> {
  const labels: Record<keyof typeof VISITOR, string> = {
    full_name: 'Full Name',
    email: 'Email Address',
    phone: 'Phone Number',
    zip: 'Zip Code',
    message: 'Your Message',
  };
  for (const [name, value] of Object.entries(values) as [keyof typeof VISITOR, string][]) {
    await form.getByLabel(labels[name], { exact: true }).fill(value);
  }
  if (projectType) await form.getByLabel('Project Type').selectOption(projectType);
}

/** The current values of the form's fields, by name. */
export function valuesOf(form: Locator): Promise<Record<string, string>> {
  return form.evaluate((element) => {
    const out: Record<string, string> = {};
    for (const field of (element as HTMLFormElement).querySelectorAll<HTMLInputElement>(
      'input:not([type=hidden]):not([name=website]), select, textarea',
    )) {
      out[field.name] = field.value;
    }
    return out;
  });
}

/**
 * Waits until the form is ready to use: the page has loaded, its scripts have run, and the fields hold the draft and
 * the ?service= choice. Its button works from the first paint; React hydrates the island at the first use, and a
 * submit made before that is held and made again once it has (src/client/island-runtime.ts).
 */
export async function waitForForm(form: Locator): Promise<void> {
  await form.page().waitForLoadState('load');
  await form.locator('button[type=submit]').waitFor();
}

/** Waits until React has hydrated the form's island and run its effects. */
export async function waitForHydrated(form: Locator): Promise<void> {
  await form.locator('xpath=ancestor::site-island[@data-hydrated="true"]').waitFor({ state: 'attached' });
}

/** The notice on screen: its title and description, and whether it is the destructive kind. */
export async function noticeOf(page: Page): Promise<{ title: string; description: string; destructive: boolean }> {
  const notice = page.locator('#site-notices .notice');
  await notice.waitFor();
  return {
    title: (await notice.locator('.notice-title').textContent()) ?? '',
    description: (await notice.locator('.notice-description').textContent()) ?? '',
    destructive: await notice.evaluate((el) => el.classList.contains('notice-destructive')),
  };
}

/**
 * Opens home in `context` (a context of its own: the fake clock belongs to the context), lets the popup's
 * 23 s pass on a fake clock, then real time again for sending, and opens the dialog with 'Schedule Now'.
 */
export async function openPopup(
  context: BrowserContext,
  siteUrl: string,
): Promise<{ page: Page; trigger: Locator; form: Locator }> {
  const page = await context.newPage();
  await page.clock.install();
  await page.goto(`${siteUrl}/`);
  await page.clock.runFor(POPUP_DELAY_MS);
  await page.clock.resume();
  const trigger = page.getByRole('button', { name: 'Schedule Now' });
  await trigger.click();
  return { page, trigger, form: formOn(page, 'popup consultation') };
}
