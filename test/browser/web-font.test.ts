import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FONTS_DIR, readRecipe, sourceOf } from '../../templates/fonts/web-font.ts';
import { countLayoutShifts, layoutShiftOf } from '../helpers/chromium.ts';
import { PROJECT_ROOT } from '../helpers/fixture.ts';
import { type ServedSite, serveSite } from '../helpers/served-site.ts';

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
  ] as const)(
    '%s at %i px: arriving late from /assets/, it swaps in without moving the page (CLS ≤ 0.01)',
    async (path, width) => {
      // No service worker: its install fetches the home page's files again, a second font request this test would count.
      const context = await served.context({ viewport: { width, height: 800 }, serviceWorkers: 'block' });
      const fontRequests: string[] = [];
      await context.route('**/assets/*.woff2', async (route) => {
        fontRequests.push(new URL(route.request().url()).pathname);
        await new Promise((resolve) => setTimeout(resolve, FONT_DELAY_MS));
        await route.continue();
      });
      await countLayoutShifts(context);
      const page = await context.newPage();
      // Not until 'load': the preload holds the load event until the font is in.
      await page.goto(served.server.url + path, { waitUntil: 'domcontentloaded' });
      // Painted in the fallback first, then the font: wait until the browser has it, plus a frame or two.
      expect(await page.evaluate(() => document.fonts.check('16px "Inter Variable"'))).toBe(false);
      await page.waitForFunction(() => document.fonts.check('16px "Inter Variable"'), undefined, { timeout: 10_000 });
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      expect(fontRequests).toEqual([expect.stringMatching(/^\/assets\/inter-latin-wght-400-800-\w+\.woff2$/)]);
      expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(
        /^"Inter Variable", "Inter Fallback"/,
      );
      const shift = await layoutShiftOf(page);
      expect(shift).toBeLessThanOrEqual(0.01);
      await context.close();
    },
  );

  it.each(['/', '/services/additions', '/adu-contractor-palo-alto', '/blog/adu-planning-guide', '/contact'])(
    '%s: every text sets the same in the cut font as in the package’s file (no glyph or default feature lost)',
    async (pagePath) => {
      const recipe = await readRecipe();
      const [{ font: original }, cut] = await Promise.all([
        sourceOf(recipe),
        readFile(path.join(FONTS_DIR, recipe.output)),
      ]);
      const context = await served.context({ viewport: { width: 1280, height: 800 } });
      const page = await served.open(context, pagePath);
      const result = await page.evaluate(
        async ([originalBase64, cutBase64]) => {
          const bytes = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)).buffer;
          const faces = [
            new FontFace('Original', bytes(originalBase64), { weight: '100 900' }),
            new FontFace('Cut', bytes(cutBase64), { weight: '400 800' }),
          ];
          for (const face of faces) document.fonts.add(await face.load());
          const texts = [...document.querySelectorAll('body *')].filter((el) =>
            [...el.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim()),
          );
          const worst = { ratio: 0, text: '' };
          for (const el of texts) {
            const style = getComputedStyle(el);
            const widthIn = (family: string) => {
              const probe = document.createElement('span');
              probe.textContent = el.textContent;
              probe.style.cssText = `position:absolute;white-space:pre;font-size:${style.fontSize};font-weight:${style.fontWeight};letter-spacing:${style.letterSpacing};font-family:${family}`;
              document.body.append(probe);
              const width = probe.getBoundingClientRect().width;
              probe.remove();
              return width;
            };
            const ratio = Math.abs(widthIn('Cut') / widthIn('Original') - 1);
            if (ratio > worst.ratio) Object.assign(worst, { ratio, text: el.textContent!.slice(0, 60) });
          }
          return { count: texts.length, worst };
        },
        [original.toString('base64'), cut.toString('base64')] as const,
      );
      expect(result.count).toBeGreaterThan(50);
      // Cutting the weight axis rounds its deltas: widths move by a few hundredths of a percent, never more.
      // A missing glyph (set in another font) or a lost substitution moves a line by far more than that.
      expect(result.worst.ratio, result.worst.text).toBeLessThan(0.001);
      await context.close();
    },
  );
});
