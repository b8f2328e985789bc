import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HERO_FADE_MS,
  HERO_REVEAL_DELAY_MS,
  HERO_ROTATION_MS,
  POPUP_DELAY_MS,
  TESTIMONIAL_ROTATION_MS,
} from '../../templates/constants.ts';
import { PROJECT_ROOT } from '../helpers/fixture.ts';
import { type ServedSite, serveSite } from '../helpers/served-site.ts';

const SERVICES = [
  'Architectural Design',
  'New Construction Homes',
  'Home Additions',
  'ADU Construction',
  'Full Home Remodeling',
  'Kitchen and Bath Remodeling',
];

const WIDE: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };
const SMALL: BrowserContextOptions = { viewport: { width: 375, height: 740 } };
const STILL: BrowserContextOptions = { ...SMALL, reducedMotion: 'reduce' };

let served: ServedSite;
let wide: BrowserContext;
let small: BrowserContext;
let still: BrowserContext;

beforeAll(async () => {
  served = await serveSite(PROJECT_ROOT);
  wide = await served.context(WIDE);
  small = await served.context(SMALL);
  still = await served.context(STILL);
});

afterAll(() => served?.close());

/**
 * Opens a page under a paused fake clock, so every timer starts at the same instant and moves only when the
 * test says; `ready` is a selector that shows the page's script has run. The clock belongs to a context, so
 * each such page gets a context of its own.
 */
async function openWithClock(options: BrowserContextOptions, path: string, ready: string): Promise<Page> {
  const page = await (await served.context(options)).newPage();
  await page.clock.install({ time: new Date('2026-03-02T09:00:00Z') });
  await page.clock.pauseAt(new Date('2026-03-02T09:00:01Z'));
  await page.goto(served.server.url + path);
  await page.waitForSelector(ready, { state: 'attached' });
  return page;
}

describe('the hero line (spec section 4)', () => {
  it('fades out every 4 s, shows the next service 500 ms later and fades in 100 ms after that, wrapping after six', async () => {
    const page = await openWithClock(WIDE, '/', '.hero-pause:not([hidden])');
    const line = page.locator('.hero-rotating');
    const hidden = () => line.evaluate((el) => el.classList.contains('is-hidden'));
    expect(await line.textContent()).toBe(SERVICES[0]);

    await page.clock.runFor(HERO_ROTATION_MS - 1);
    expect([await line.textContent(), await hidden()]).toEqual([SERVICES[0], false]);
    await page.clock.runFor(1);
    expect([await line.textContent(), await hidden()]).toEqual([SERVICES[0], true]);
    await page.clock.runFor(HERO_FADE_MS);
    expect([await line.textContent(), await hidden()]).toEqual([SERVICES[1], true]);
    await page.clock.runFor(HERO_REVEAL_DELAY_MS);
    expect([await line.textContent(), await hidden()]).toEqual([SERVICES[1], false]);

    const seen: string[] = [];
    for (let step = 2; step <= 6; step += 1) {
      await page.clock.runFor(HERO_ROTATION_MS);
      seen.push((await line.textContent()) ?? '');
    }
    expect(seen).toEqual([...SERVICES.slice(2), SERVICES[0]]);
    await page.close();
  });

  it('stops the line and the video with the pause button, and goes on when pressed again', async () => {
    const page = await openWithClock(WIDE, '/', '.hero-pause:not([hidden])');
    const pause = page.getByRole('button', { name: 'Pause the background video and the rotating text' });
    await pause.click();
    expect(await pause.getAttribute('aria-pressed')).toBe('true');
    await page.clock.runFor(3 * HERO_ROTATION_MS);
    expect(await page.locator('.hero-rotating').textContent()).toBe(SERVICES[0]);
    await pause.click();
    expect(await pause.getAttribute('aria-pressed')).toBe('false');
    await page.clock.runFor(HERO_ROTATION_MS + HERO_FADE_MS + HERO_REVEAL_DELAY_MS);
    expect(await page.locator('.hero-rotating').textContent()).toBe(SERVICES[1]);
    await page.close();
  });
});

describe('the hero video', () => {
  /** Opens home with play() recorded (and resolved, so nothing is fetched): whether the page had loaded at each call. */
  async function playCalls(saveData: boolean): Promise<boolean[]> {
    const page = await (await served.context(WIDE)).newPage();
    await page.addInitScript((saves) => {
      const calls: boolean[] = [];
      (window as unknown as { playCalls: boolean[] }).playCalls = calls;
      let loaded = false;
      window.addEventListener('load', () => (loaded = true));
      HTMLMediaElement.prototype.play = () => (calls.push(loaded), Promise.resolve());
      if (saves) Object.defineProperty(navigator, 'connection', { value: { saveData: true } });
    }, saveData);
    await page.goto(`${served.server.url}/`, { waitUntil: 'load' });
    await page.waitForSelector('.hero-pause:not([hidden])');
    // The load event has fired: a deferred start has run by the next task.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
    const calls = await page.evaluate(() => (window as unknown as { playCalls: boolean[] }).playCalls);
    await page.close();
    return calls;
  }

  it('starts only once the page has loaded, so it never competes with the still for bandwidth', async () => {
    expect(await playCalls(false)).toEqual([true]);
  });

  it('stays a still for a visitor who asked to save data', async () => {
    expect(await playCalls(true)).toEqual([]);
  });
});

describe('the testimonials rotator (spec section 4)', () => {
  const active = (page: Page) => page.locator('[data-testimonial]:visible strong').allTextContents();

  it('below 768 px shows only the active testimonial, advances every 10 s over three, and dots pick one', async () => {
    const page = await openWithClock(SMALL, '/', '[data-rotator][data-enhanced]');
    const names = await page.locator('[data-testimonial] strong').allTextContents();
    expect(names).toHaveLength(3);
    expect(await active(page)).toEqual([names[0]]);
    await page.clock.runFor(TESTIMONIAL_ROTATION_MS - 1);
    expect(await active(page)).toEqual([names[0]]);
    await page.clock.runFor(1);
    expect(await active(page)).toEqual([names[1]]);
    await page.clock.runFor(2 * TESTIMONIAL_ROTATION_MS);
    expect(await active(page)).toEqual([names[0]]);

    await page.getByRole('button', { name: 'Show testimonial 3 of 3' }).click();
    expect(await active(page)).toEqual([names[2]]);
    expect(await page.getByRole('button', { name: 'Show testimonial 3 of 3' }).getAttribute('aria-current')).toBe(
      'true',
    );
    await page.close();
  });

  it('holds still while hovered, while focused and after the pause button', async () => {
    const page = await openWithClock(SMALL, '/', '[data-rotator][data-enhanced]');
    const names = await page.locator('[data-testimonial] strong').allTextContents();
    await page.locator('[data-testimonial]:visible').hover();
    await page.clock.runFor(3 * TESTIMONIAL_ROTATION_MS);
    expect(await active(page)).toEqual([names[0]]);
    await page.mouse.move(5, 5);
    await page.getByRole('button', { name: 'Show testimonial 2 of 3' }).focus();
    await page.clock.runFor(3 * TESTIMONIAL_ROTATION_MS);
    expect(await active(page)).toEqual([names[0]]);
    await page.getByRole('button', { name: 'Pause the rotation' }).click();
    await page.locator('h1').focus();
    await page.clock.runFor(3 * TESTIMONIAL_ROTATION_MS);
    expect(await active(page)).toEqual([names[0]]);
    await page.close();
  });

  it('shows all three side by side from 768 px, without dots', async () => {
    const page = await wide.newPage();
    await page.goto(`${served.server.url}/`);
    await page.waitForSelector('[data-rotator][data-enhanced]', { state: 'attached' });
    expect(await page.locator('[data-testimonial]:visible').count()).toBe(3);
    expect(await page.locator('.rotator-controls').isVisible()).toBe(false);
    await page.close();
  });
});

describe('the popup consultation (spec sections 2 and 4)', () => {
  it("shows 'Schedule Now' at 23 s, not at 22.9 s", async () => {
    const page = await openWithClock(WIDE, '/', '.hero-pause:not([hidden])');
    const trigger = page.getByRole('button', { name: 'Schedule Now' });
    await page.clock.runFor(POPUP_DELAY_MS - 100);
    expect(await trigger.isVisible()).toBe(false);
    await page.clock.runFor(100);
    expect(await trigger.isVisible()).toBe(true);
    await page.close();
  });

  it('opens a modal dialog with focus inside; Escape, the close button and the backdrop close it and focus returns', async () => {
    const page = await openWithClock(WIDE, '/', '.hero-pause:not([hidden])');
    await page.clock.runFor(POPUP_DELAY_MS);
    const trigger = page.getByRole('button', { name: 'Schedule Now' });
    const dialog = page.getByRole('dialog', { name: 'Schedule Your Free Consultation' });
    const focused = () =>
      page.evaluate(() => document.activeElement?.getAttribute('name') ?? document.activeElement?.textContent);

    await trigger.click();
    expect(await dialog.isVisible()).toBe(true);
    expect(await page.evaluate(() => document.querySelector('dialog')?.matches(':modal'))).toBe(true);
    expect(await focused()).toBe('full_name');
    // Focus stays inside: tabbing through every field and button never leaves the dialog.
    for (let i = 0; i < 10; i += 1) {
      await page.keyboard.press('Tab');
      expect(
        await page.evaluate(
          () => document.activeElement?.closest('dialog') !== null || document.activeElement === document.body,
        ),
      ).toBe(true);
    }
    await page.keyboard.press('Escape');
    expect(await dialog.isVisible()).toBe(false);
    expect(await focused()).toBe('Schedule Now');

    await trigger.click();
    await dialog.getByRole('button', { name: 'Close' }).click();
    expect(await dialog.isVisible()).toBe(false);
    expect(await focused()).toBe('Schedule Now');

    await trigger.click();
    await page.mouse.click(5, 400);
    expect(await dialog.isVisible()).toBe(false);
    await page.close();
  });
});

describe('the header (spec sections 2 and 4)', () => {
  const trigger = (page: Page) => page.locator('nav.nav-desktop button.nav-trigger');
  const expanded = (page: Page) => trigger(page).getAttribute('aria-expanded');
  const submenu = (page: Page) => page.locator('nav.nav-desktop .nav-submenu');
  const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim());

  it('opens the Services dropdown by keyboard: Enter, arrow keys, Home/End, Escape back to the button', async () => {
    const page = await served.open(wide, '/about');
    expect(await submenu(page).isVisible()).toBe(false);
    await trigger(page).focus();
    await page.keyboard.press('Enter');
    expect(await expanded(page)).toBe('true');
    expect(await submenu(page).isVisible()).toBe(true);
    await page.keyboard.press('ArrowDown');
    expect(await focusedText(page)).toBe('Our Process');
    await page.keyboard.press('ArrowDown');
    expect(await focusedText(page)).toBe('Custom Homes');
    await page.keyboard.press('End');
    expect(await focusedText(page)).toBe('Architecture & Engineering');
    await page.keyboard.press('ArrowDown');
    expect(await focusedText(page)).toBe('Our Process');
    await page.keyboard.press('ArrowUp');
    expect(await focusedText(page)).toBe('Architecture & Engineering');
    await page.keyboard.press('Escape');
    expect(await expanded(page)).toBe('false');
    expect(await submenu(page).isVisible()).toBe(false);
    expect(await focusedText(page)).toBe('Services');

    await page.keyboard.press('Space');
    expect(await expanded(page)).toBe('true');
    await page.keyboard.press('Space');
    expect(await expanded(page)).toBe('false');
    await page.keyboard.press('ArrowUp');
    expect(await focusedText(page)).toBe('Architecture & Engineering');
    // Tabbing out of the list closes it.
    await page.keyboard.press('Tab');
    expect(await expanded(page)).toBe('false');
    await page.close();
  });

  it('closes on an outside click and follows the link chosen', async () => {
    const page = await served.open(wide, '/about');
    await trigger(page).click();
    expect(await expanded(page)).toBe('true');
    await page.mouse.click(1000, 700);
    expect(await expanded(page)).toBe('false');
    await trigger(page).click();
    await submenu(page).getByRole('link', { name: 'Custom Homes' }).click();
    await page.waitForURL(`${served.server.url}/services/custom-homes`);
    await page.close();
  });

  it('opens 200 ms after the pointer arrives, closes 150 ms after it leaves, and reopens at once within 300 ms', async () => {
    const page = await openWithClock(WIDE, '/about', '[data-nav-dropdown][data-enhanced]');
    await trigger(page).hover();
    await page.clock.runFor(199);
    expect(await expanded(page)).toBe('false');
    await page.clock.runFor(1);
    expect(await expanded(page)).toBe('true');
    // A click right after the pointer opened it keeps it open.
    await trigger(page).click();
    expect(await expanded(page)).toBe('true');
    await page.mouse.move(640, 500);
    await page.clock.runFor(149);
    expect(await expanded(page)).toBe('true');
    await page.clock.runFor(1);
    expect(await expanded(page)).toBe('false');
    await page.clock.runFor(100);
    await trigger(page).hover();
    expect(await expanded(page)).toBe('true');
    await page.mouse.move(640, 500);
    await page.clock.runFor(150 + 300);
    await trigger(page).hover();
    expect(await expanded(page)).toBe('false');
    await page.clock.runFor(200);
    expect(await expanded(page)).toBe('true');
    await page.close();
  });

  it('on a small screen opens the menu and its Services group, and closes the menu when a link is followed', async () => {
    const page = await served.open(small, '/');
    const menu = page.locator('details.nav-mobile');
    await menu.locator('summary').first().click();
    await menu.getByText('Services').click();
    const link = menu.getByRole('link', { name: 'Custom Homes' });
    expect(await link.isVisible()).toBe(true);
    // Following the link closes the menu at once, in the same task as the click, before the next page arrives
    // (so a page restored by the Back button shows it closed too).
    expect(
      await link.evaluate(
        (element) => (
          (element as HTMLAnchorElement).click(),
          element.closest('details.nav-mobile')?.hasAttribute('open')
        ),
      ),
    ).toBe(false);
    await page.waitForURL(`${served.server.url}/services/custom-homes`);
    await page.close();
  });

  it('closes the small-screen menu on Escape, back on its button', async () => {
    const page = await served.open(small, '/about');
    const menu = page.locator('details.nav-mobile');
    await menu.locator('summary').first().click();
    await menu.getByRole('link', { name: 'Gallery' }).focus();
    await page.keyboard.press('Escape');
    expect(await menu.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Menu');
    await page.close();
  });

  it('becomes more opaque once the page is scrolled more than 10 px', async () => {
    const page = await served.open(wide, '/about');
    const scrolled = () => page.locator('.site-header').evaluate((el) => el.classList.contains('is-scrolled'));
    const background = () => page.locator('.site-header').evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await scrolled()).toBe(false);
    const before = await background();
    await page.evaluate(() => window.scrollTo(0, 10));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(10);
    expect(await scrolled()).toBe(false);
    await page.evaluate(() => window.scrollTo(0, 11));
    await expect.poll(scrolled).toBe(true);
    expect(await background()).toBe('rgb(255, 255, 255)');
    expect(before).not.toBe('rgb(255, 255, 255)');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(scrolled).toBe(false);
    await page.close();
  });
});

describe('back to top', () => {
  it.each([
    ['smoothly', () => wide, true],
    ['at once under reduced motion', () => still, false],
  ] as const)('scrolls %s and puts focus on the page top without showing the skip link', async (_, context, smooth) => {
    const page = await context().newPage();
    // Records how the page asks to scroll, so "smooth" is checked exactly rather than caught mid-flight.
    await page.addInitScript(() => {
      const scrollTo = window.scrollTo.bind(window);
      const calls: unknown[] = [];
      (window as unknown as { scrollCalls: unknown[] }).scrollCalls = calls;
      window.scrollTo = ((...args: [ScrollToOptions]) => (
        calls.push(args[0]),
        scrollTo(...args)
      )) as typeof window.scrollTo;
    });
    await page.goto(`${served.server.url}/about`);
    await page.waitForSelector('[data-nav-dropdown][data-enhanced]', { state: 'attached' });
    await page.mouse.wheel(0, 20_000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await page.getByRole('link', { name: 'Back to top' }).click();
    expect(await page.evaluate(() => (window as unknown as { scrollCalls: unknown[] }).scrollCalls)).toEqual([
      { top: 0, behavior: smooth ? 'smooth' : 'auto' },
    ]);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('top');
    expect(await page.locator('.skip-link').evaluate((el) => el.getBoundingClientRect().bottom)).toBeLessThanOrEqual(0);
    expect(new URL(page.url()).hash).toBe('');
    // The next Tab reaches the skip link, as from the top of a freshly loaded page.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.close();
  });
});

describe('the service-area grid', () => {
  it("highlights a city's point on the map when its tile is hovered or focused", async () => {
    const page = await wide.newPage();
    await page.goto(`${served.server.url}/`);
    await page.waitForSelector('.hero-pause:not([hidden])');
    const point = (city: string) => page.locator(`.area-map [data-city="${city}"]`);
    const lit = (city: string) => point(city).evaluate((el) => el.classList.contains('is-highlighted'));
    await page.locator('.area-tile', { hasText: 'Palo Alto' }).hover();
    expect(await lit('Palo Alto')).toBe(true);
    expect(
      await point('Palo Alto')
        .locator('text')
        .evaluate((el) => getComputedStyle(el).opacity),
    ).toBe('1');
    await page.locator('.area-tile', { hasText: 'Campbell' }).hover();
    expect([await lit('Palo Alto'), await lit('Campbell')]).toEqual([false, true]);
    await page.locator('.area-tile a', { hasText: 'Los Gatos' }).focus();
    await page.mouse.move(640, 10);
    expect(await lit('Los Gatos')).toBe(true);
    expect(
      await page
        .locator('.area-tile', { hasText: 'Los Gatos' })
        .evaluate((el) => el.classList.contains('is-highlighted')),
    ).toBe(true);
    await page.close();
  });
});

describe('reduced motion', () => {
  it('stops every animation: no rotating line, no video, no testimonial rotation, no pause button needed', async () => {
    const page = await openWithClock(STILL, '/', '[data-rotator][data-enhanced]');
    const names = await page.locator('[data-testimonial] strong').allTextContents();
    await page.clock.runFor(5 * TESTIMONIAL_ROTATION_MS);
    expect(await page.locator('.hero-rotating').textContent()).toBe(SERVICES[0]);
    expect(await page.locator('.hero-rotating').evaluate((el) => el.classList.contains('is-hidden'))).toBe(false);
    expect(await page.locator('.hero-video').evaluate((el) => (el as HTMLVideoElement).currentSrc)).toBe('');
    expect(await page.locator('.hero-pause').isVisible()).toBe(false);
    expect(await page.locator('[data-testimonial]:visible strong').allTextContents()).toEqual([names[0]]);
    expect(await page.locator('html').evaluate((el) => getComputedStyle(el).scrollBehavior)).toBe('auto');
    await page.close();
  });
});
