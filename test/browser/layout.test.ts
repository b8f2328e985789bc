import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../helpers/fixture.ts';
import { type ServedSite, serveSite } from '../helpers/served-site.ts';

const WIDTHS = [320, 375, 768, 1024, 1280];
const PHONE_MAX = 767;
const PAGE_TYPES = [
  '/',
  '/about',
  '/services',
  '/services/custom-homes',
  '/services/additions',
  '/gallery',
  '/gallery/4',
  '/contact',
  '/landing',
  '/blog',
  '/blog/small-space-design',
  '/kitchen-remodeling-mountain-view',
  '/admin-seo-pages',
  '/offline',
  '/no-such-page',
];

let served: ServedSite;
const contexts = new Map<number, BrowserContext>();

beforeAll(async () => {
  served = await serveSite(PROJECT_ROOT);
  for (const width of WIDTHS) {
    contexts.set(width, await served.context({ viewport: { width, height: width < 768 ? 640 : 800 } }));
  }
});

afterAll(() => served?.close());

interface FirstScreen {
  overflow: number;
  /** Visible links in the first viewport, with what they point at, outside the closed menu. */
  visibleLinks: string[];
  ctaLines: number;
  ctaText: string;
}

describe('every page type at 320, 375, 768, 1024 and 1280 px', () => {
  it.each(PAGE_TYPES.flatMap((path) => WIDTHS.map((width) => [path, width] as const)))(
    '%s at %i px: no sideways scroll, booking in the first screen, the header button on one line',
    async (path, width) => {
      const page = await served.open(contexts.get(width)!, path);
      const screen = await page.evaluate((): FirstScreen => {
        const inFirstScreen = (element: Element) => {
          const box = element.getBoundingClientRect();
          const style = getComputedStyle(element);
          return (
            box.width > 0 &&
            box.height > 0 &&
            box.top >= 0 &&
            box.bottom <= innerHeight &&
            box.left >= 0 &&
            box.right <= innerWidth &&
            style.visibility !== 'hidden'
          );
        };
        const cta = document.querySelector('header .header-cta')!;
        const lineHeight = parseFloat(getComputedStyle(cta).lineHeight) || 24;
        const text = [...cta.querySelectorAll('span')].find((span) => getComputedStyle(span).display !== 'none');
        return {
          overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
          visibleLinks: [...document.querySelectorAll('a[href]')]
            .filter((a) => !a.closest('details:not([open])') && inFirstScreen(a))
            .map((a) => a.getAttribute('href')!),
          ctaLines: text ? Math.round(text.getBoundingClientRect().height / lineHeight) : 0,
          ctaText: text?.textContent ?? '',
        };
      });
      expect(screen.overflow, 'horizontal overflow in px').toBe(0);
      expect(screen.visibleLinks, 'a booking link in the first screen').toContain('/contact');
      if (width <= PHONE_MAX) {
        expect(
          screen.visibleLinks.some((href) => href.startsWith('tel:')),
          'a tel: link in the first screen',
        ).toBe(true);
      }
      expect(screen.ctaText).toBe(width >= 1024 ? 'Get a Consultation' : 'Book');
      expect(screen.ctaLines).toBe(1);
      await page.close();
    },
  );
});

describe("the menus' Services item", () => {
  it.each([320, 375, 768, 1024])(
    "at %i px 'Services' has its own row or button, with its arrow, inside the screen",
    async (width) => {
      const page = await served.open(contexts.get(width)!, '/about');
      let services;
      if (width <= PHONE_MAX) {
        await page.locator('.nav-mobile > summary').click();
        services = page.locator('.nav-mobile .nav-services > summary');
      } else {
        services = page.locator('.nav-desktop .nav-trigger');
      }
      await expect.poll(() => services.isVisible()).toBe(true);
      const box = await services.evaluate((element) => {
        const own = element.getBoundingClientRect();
        const arrow = element.querySelector('svg')?.getBoundingClientRect();
        return {
          left: own.left,
          right: own.right,
          width: own.width,
          arrow: arrow ? arrow.width : 0,
          text: element.textContent?.trim(),
        };
      });
      expect(box.text).toBe('Services');
      expect(box.width, 'the label and arrow fit, not squeezed into a 44 px box').toBeGreaterThan(80);
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(width);
      expect(box.arrow, 'the arrow keeps its size').toBeGreaterThanOrEqual(12);
      await page.close();
    },
  );
});

/**
 * The pages that used to be thousands of pixels of text on a phone. Measured at 375 px, the longest stretch of the
 * page with no drawing, photo, card, band, pull quote, timeline stop or other block to rest the eye on.
 */
const LONG_PAGES = [
  '/about',
  '/services',
  '/services/custom-homes',
  '/services/design-build',
  '/services/additions',
  '/services/remodeling',
  '/services/architecture',
  '/landing',
  '/adu-contractor-palo-alto',
  '/eichler-home-contractor-sunnyvale',
  '/bathroom-remodel-contractor-fremont',
  '/eichler-home-contractor-fremont',
];
const RESTING_BLOCKS =
  'svg.illustration, img, .tile, .pull-quote, .stats-band, .card, .step-number, .plan-check li, .cta-band, .chips, .site-footer, .site-header, .page-hero, .landing-hero, .faq, .neighborhoods li';
const MAX_TEXT_RUN = 900;

describe('long pages on a phone', () => {
  it.each(LONG_PAGES)(`%s has no stretch of plain text taller than ${MAX_TEXT_RUN} px at 375 px`, async (path) => {
    const page = await served.open(contexts.get(375)!, path);
    const run = (await page.evaluate(`(() => {
      const boxes = [...document.querySelectorAll(${JSON.stringify(RESTING_BLOCKS)})]
        .map((element) => { const box = element.getBoundingClientRect(); return [box.top + scrollY, box.bottom + scrollY]; })
        .filter(([top, bottom]) => bottom > top)
        .sort((a, b) => a[0] - b[0]);
      let covered = 0, longest = 0, at = 0;
      for (const [top, bottom] of boxes) {
        if (top - covered > longest) { longest = top - covered; at = covered; }
        covered = Math.max(covered, bottom);
      }
      return { longest: Math.round(longest), at: Math.round(at) };
    })()`)) as { longest: number; at: number };
    expect(run.longest, `plain text from y=${run.at}`).toBeLessThanOrEqual(MAX_TEXT_RUN);
    await page.close();
  });
});
