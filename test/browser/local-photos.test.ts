// The owner's own photos in Chromium (issue 41): the gallery and a project page built from generated phone photos in
// data/images/, at a phone's width and a desktop's. Which file the browser takes from the srcset is Chromium's own
// choice; the test checks it is the one the widths and `sizes` were chosen for, that a phone's gallery tile never
// fetches a file over twice its width, and that nothing moves while the photos arrive late.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countLayoutShifts, layoutShiftOf } from '../helpers/chromium.ts';
import { localPhotoSite } from '../helpers/local-photo-site.ts';
import { type ServedSite, serveSite } from '../helpers/served-site.ts';

// How late each photo arrives: after the first paint (on a busy machine too), so a box without its size would move
// what follows it.
const PHOTO_DELAY_MS = 1500;

let site: { root: string; remove(): Promise<void> };
let served: ServedSite;

beforeAll(async () => {
  site = await localPhotoSite();
  served = await serveSite(site.root);
}, 600_000);

afterAll(async () => {
  await served?.close();
  await site?.remove();
});

/** A phone held upright (375 px at 2x, as an iPhone's), and a desktop screen at 1x. */
const SCREENS = {
  phone: { viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true },
  desktop: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
} as const;

/** A context for `screen` whose photos arrive late, which counts every layout shift from the start. */
async function slowPhotos(screen: keyof typeof SCREENS): Promise<BrowserContext> {
  const context = await served.context(SCREENS[screen]);
  await context.route('**/assets/*.{avif,webp,jpg}', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, PHOTO_DELAY_MS));
    await route.continue();
  });
  await countLayoutShifts(context);
  return context;
}

/** Each matching image once loaded (lazy ones scrolled into view): the file it took, that file's width and the width it is shown at. */
async function chosenFiles(
  page: Page,
  selector: string,
): Promise<Array<{ file: string; width: number; shown: number }>> {
  const images = page.locator(selector);
  const chosen: Array<{ file: string; width: number; shown: number }> = [];
  for (let index = 0; index < (await images.count()); index++) {
    const image = images.nth(index);
    await image.scrollIntoViewIfNeeded();
    await image.evaluate((img: HTMLImageElement) =>
      img.complete ? undefined : new Promise((resolve) => img.addEventListener('load', resolve, { once: true })),
    );
    const { src, shown } = await image.evaluate((img: HTMLImageElement) => ({
      src: img.currentSrc,
      shown: img.getBoundingClientRect().width,
    }));
    const file = new URL(src).pathname;
    chosen.push({ file, width: Number(/-(\d+)-[0-9a-f]{12}\.\w+$/.exec(file)?.[1]), shown });
  }
  return chosen;
}

const layoutShift = layoutShiftOf;

describe('the gallery with the owner’s photos', () => {
  it('at 375 px a tile takes the 600 px AVIF, under twice its slot, and nothing shifts as the photos arrive', async () => {
    const page = await served.open(await slowPhotos('phone'), '/gallery');
    const tiles = await chosenFiles(page, '.project-card img');
    expect(tiles.map((tile) => tile.file)).toEqual(
      [1, 2, 3, 4, 5, 6].map((n) =>
        expect.stringMatching(new RegExp(`^/assets/project-${n}-600-[0-9a-f]{12}\\.avif$`)),
      ),
    );
    for (const tile of tiles) expect(tile.width, tile.file).toBeLessThanOrEqual(2 * tile.shown);
    expect(await layoutShift(page)).toBeLessThanOrEqual(0.01);
  });

  it('at 1280 px a tile takes the 400 px AVIF, and nothing shifts', async () => {
    const page = await served.open(await slowPhotos('desktop'), '/gallery');
    const tiles = await chosenFiles(page, '.project-card img');
    expect(tiles.map((tile) => tile.width)).toEqual([400, 400, 400, 400, 400, 400]);
    expect(await layoutShift(page)).toBeLessThanOrEqual(0.01);
  });
});

describe('a project page with several photos', () => {
  it('at 375 px shows the main photo and both further ones at 800 px, upright, and nothing shifts', async () => {
    const page = await served.open(await slowPhotos('phone'), '/gallery/1');
    expect(
      await page.locator('.project-photos img').evaluateAll((images) => images.map((img) => img.getAttribute('alt'))),
    ).toEqual(['The open kitchen, seen from the dining table', 'The oak stairs up to the bedrooms']);
    const photos = await chosenFiles(page, '.project-photo, .project-photos img');
    expect(photos.map((photo) => photo.file)).toEqual(
      ['project-1', 'project-1-kitchen', 'project-1-stairs'].map((name) =>
        expect.stringMatching(new RegExp(`^/assets/${name}-800-[0-9a-f]{12}\\.avif$`)),
      ),
    );
    // The stairs were taken upright: the page knows it from the photo's EXIF before any file arrives.
    const stairs = await page
      .locator('.project-photos img')
      .nth(1)
      .evaluate((img: HTMLImageElement) => [
        img.getAttribute('width'),
        img.getAttribute('height'),
        img.naturalWidth < img.naturalHeight,
      ]);
    expect(stairs).toEqual(['3024', '4032', true]);
    expect(await layoutShift(page)).toBeLessThanOrEqual(0.01);
  });

  it('at 1280 px takes the 1200 px main photo and 600 px further ones, and nothing shifts', async () => {
    const page = await served.open(await slowPhotos('desktop'), '/gallery/1');
    expect((await chosenFiles(page, '.project-photo, .project-photos img')).map((photo) => photo.width)).toEqual([
      1200, 600, 600,
    ]);
    expect(await layoutShift(page)).toBeLessThanOrEqual(0.01);
  });
});

describe('the layout-shift measure', () => {
  it('sees a shift when the photo’s width and height are taken out of the page (proof the check can fail)', async () => {
    const context = await slowPhotos('phone');
    await context.route('**/gallery/1', async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(/<img[^>]*class="project-photo"[^>]*>/, (tag) =>
        tag.replace(/ (width|height)="\d+"/g, ''),
      );
      await route.fulfill({ response, body: html });
    });
    const page = await served.open(context, '/gallery/1');
    await chosenFiles(page, '.project-photo');
    expect(await layoutShift(page)).toBeGreaterThan(0.01);
  });
});
