import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../helpers/fixture.ts';
import { serveSite, type ServedSite } from '../helpers/served-site.ts';

const WIDTHS = [320, 375, 768, 1024, 1280];
const PHONE_MAX = 767;
const PAGE_TYPES = ['/', '/about', '/services', '/services/custom-homes', '/services/additions', '/gallery', '/gallery/4', '/contact', '/landing', '/blog', '/blog/small-space-design', '/kitchen-remodeling-mountain-view', '/admin-seo-pages', '/offline', '/no-such-page'];

let served: ServedSite;
const contexts = new Map<number, BrowserContext>();

beforeAll(async () => {
  served = await serveSite(PROJECT_ROOT);
  for (const width of WIDTHS) contexts.set(width, await served.context({ viewport: { width, height: width < 768 ? 640 : 800 } }));
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
          return box.width > 0 && box.height > 0 && box.top >= 0 && box.bottom <= innerHeight && box.left >= 0 && box.right <= innerWidth && style.visibility !== 'hidden';
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
      if (width <= PHONE_MAX) expect(screen.visibleLinks.some((href) => href.startsWith('tel:')), 'a tel: link in the first screen').toBe(true);
      expect(screen.ctaText).toBe(width >= 1024 ? 'Get a Consultation' : 'Book');
      expect(screen.ctaLines).toBe(1);
      await page.close();
    },
  );
});
