import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../helpers/fixture.ts';
import { serveSite, type ServedSite } from '../helpers/served-site.ts';

// How late the font arrives in the test: long after the first paint, like a slow phone connection.
const FONT_DELAY_MS = 1500;

let served: ServedSite;

beforeAll(async () => {
  served = await serveSite(PROJECT_ROOT);
});

afterAll(() => served?.close());

describe('the web font', () => {
  it.each([
    ['/', 375],
    ['/', 1280],
    // Where a heading's wrap used to change with the swap, before the fallback was scaled on the site's own text.
    ['/about', 320],
    ['/gallery', 768],
  ] as const)('%s at %i px: arriving late from /assets/, it swaps in without moving the page (CLS ≤ 0.01)', async (path, width) => {
    const context = await served.context({ viewport: { width, height: 800 } });
    const fontRequests: string[] = [];
    await context.route('**/assets/*.woff2', async (route) => {
      fontRequests.push(new URL(route.request().url()).pathname);
      await new Promise((resolve) => setTimeout(resolve, FONT_DELAY_MS));
      await route.continue();
    });
    await context.addInitScript(() => {
      const state = window as unknown as { shift: number };
      state.shift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean }>) if (!entry.hadRecentInput) state.shift += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const page = await context.newPage();
    // Not until 'load': the preload holds the load event until the font is in.
    await page.goto(served.server.url + path, { waitUntil: 'domcontentloaded' });
    // Painted in the fallback first, then the font: wait until the browser has it, plus a frame or two.
    expect(await page.evaluate(() => document.fonts.check('16px "Inter Variable"'))).toBe(false);
    await page.waitForFunction(() => document.fonts.check('16px "Inter Variable"'), undefined, { timeout: 10_000 });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(fontRequests).toEqual([expect.stringMatching(/^\/assets\/inter-latin-wght-400-800-\w+\.woff2$/)]);
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"Inter Variable", "Inter Fallback"/);
    const shift = await page.evaluate(() => (window as unknown as { shift: number }).shift);
    expect(shift).toBeLessThanOrEqual(0.01);
    await context.close();
  });
});
