import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../helpers/fixture.ts';
import { type ServedSite, serveSite } from '../helpers/served-site.ts';

// Which file of a photo the browser fetches, read from the image's currentSrc (the image host is stubbed,
// but the choice among srcset candidates is Chromium's own).
let served: ServedSite;

beforeAll(async () => {
  served = await serveSite(PROJECT_ROOT);
});

afterAll(() => served?.close());

/** The file the browser chose for each matching image, once each has loaded (lazy ones scrolled into view). */
async function chosenFiles(page: Page, selector: string): Promise<Array<{ photo: string; width: number }>> {
  const images = page.locator(selector);
  const files: Array<{ photo: string; width: number }> = [];
  for (let i = 0; i < (await images.count()); i++) {
    const image = images.nth(i);
    await image.scrollIntoViewIfNeeded();
    await image.evaluate((img: HTMLImageElement) =>
      img.complete ? undefined : new Promise((resolve) => img.addEventListener('load', resolve, { once: true })),
    );
    const url = new URL(await image.evaluate((img: HTMLImageElement) => img.currentSrc));
    files.push({ photo: url.origin + url.pathname, width: Number(url.searchParams.get('w')) });
  }
  return files;
}

/** The `w` the browser chose for each matching image. */
const chosenWidths = async (page: Page, selector: string): Promise<number[]> =>
  (await chosenFiles(page, selector)).map((file) => file.width);

/**
 * The widths of the featured tiles, counting as `expected` a tile that shows the hero's own file: the first tile is
 * the hero's photo, and Chromium reuses an image already in its memory cache, whatever its width, when the hero has
 * loaded first.
 */
async function featuredWidths(page: Page, expected: number): Promise<number[]> {
  const [hero] = await chosenFiles(page, '.hero-still');
  const tiles = await chosenFiles(page, '#featured-projects img');
  return tiles.map((tile) => (tile.photo === hero!.photo && tile.width === hero!.width ? expected : tile.width));
}

describe('photo widths', () => {
  it('a phone gets preview-sized files for the home hero and featured tiles, and a close fit in the gallery', async () => {
    // A mid-range phone: 412 px wide at 1.75 device pixels a CSS pixel (Lighthouse's mobile device).
    const phone = await served.context({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
    });
    const home = await served.open(phone, '/');
    expect(await chosenWidths(home, '.hero-still')).toEqual([600]);
    expect(await featuredWidths(home, 600)).toEqual([600, 600, 600, 600]);
    // A gallery tile 380 px wide needs 665 px: the 700 file, not the 800.
    const gallery = await served.open(phone, '/gallery');
    expect((await chosenWidths(gallery, '.project-card img')).slice(0, 3)).toEqual([700, 700, 700]);
  });

  it('a desktop screen gets files as wide as the slots it shows', async () => {
    const desktop = await served.context({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
    const home = await served.open(desktop, '/');
    expect(await chosenWidths(home, '.hero-still')).toEqual([1600]);
    // Four tiles in a row: a quarter of the screen, 320 px.
    expect(await featuredWidths(home, 400)).toEqual([400, 400, 400, 400]);
  });
});
