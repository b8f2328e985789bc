import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GALLERY_EMPTY_TEXT } from '../../templates/pages/gallery/index.tsx';
import { PROJECT_ROOT, tempDir } from '../helpers/fixture.ts';
import { type ServedSite, serveSite } from '../helpers/served-site.ts';

let served: ServedSite;
let context: BrowserContext;
// The real data has a project in every category; this copy has no bathroom project, to see the empty result.
let withoutBathroom: ServedSite;
let data: { dir: string; remove(): Promise<void> };

beforeAll(async () => {
  served = await serveSite(PROJECT_ROOT);
  context = await served.context({ viewport: { width: 1280, height: 900 } });
  data = await tempDir('gallery-data');
  await cp(path.join(PROJECT_ROOT, 'data'), data.dir, { recursive: true });
  const file = path.join(data.dir, 'projects.json');
  const { projects } = JSON.parse(await readFile(file, 'utf8')) as { projects: Array<{ category: string }> };
  await writeFile(
    file,
    JSON.stringify({ projects: projects.filter((project) => project.category !== 'Bathroom Remodel') }, null, 2),
  );
  withoutBathroom = await serveSite(PROJECT_ROOT, {}, { data: data.dir });
});

afterAll(async () => {
  await served?.close();
  await withoutBathroom?.close();
  await data?.remove();
});

const openGallery = (site: ServedSite, query = '', pageContext?: BrowserContext): Promise<Page> =>
  site.open(pageContext ?? context, `/gallery${query}`);

const shown = (page: Page) => page.locator('.gallery-grid .project-card:visible h3').allTextContents();
const pressed = (page: Page) => page.locator('.filter-button[aria-pressed="true"]').allTextContents();

describe('the gallery filter (spec sections 2 and 4)', () => {
  it('starts on All with six projects, filters by category and keeps the choice in the address', async () => {
    const page = await openGallery(served);
    expect(await pressed(page)).toEqual(['All']);
    expect(await shown(page)).toHaveLength(6);

    await page.getByRole('button', { name: 'Kitchen Remodel' }).click();
    expect(await pressed(page)).toEqual(['Kitchen Remodel']);
    expect(await shown(page)).toEqual(['Minimalist Kitchen']);
    expect(new URL(page.url()).search).toBe('?category=kitchen-remodel');
    expect(await page.locator('.gallery-status').textContent()).toBe('Showing 1 project in Kitchen Remodel.');
    expect(await page.locator('.gallery-empty').isVisible()).toBe(false);

    await page.reload();
    expect(await pressed(page)).toEqual(['Kitchen Remodel']);
    expect(await shown(page)).toEqual(['Minimalist Kitchen']);

    await page.getByRole('button', { name: 'All' }).click();
    expect(await shown(page)).toHaveLength(6);
    expect(new URL(page.url()).search).toBe('');
    await page.close();
  });

  it('opens on the category of a shared link, and ignores an unknown one', async () => {
    const page = await openGallery(served, '?category=adu');
    expect(await pressed(page)).toEqual(['ADU']);
    expect(await shown(page)).toEqual(['Backyard Cottage ADU']);
    await page.goto(`${served.server.url}/gallery?category=swimming-pools`);
    expect(await pressed(page)).toEqual(['All']);
    expect(await shown(page)).toHaveLength(6);
    await page.close();
  });

  it('says so when a category has no projects', async () => {
    const page = await openGallery(
      withoutBathroom,
      '',
      await withoutBathroom.context({ viewport: { width: 375, height: 740 } }),
    );
    expect(await shown(page)).toHaveLength(5);
    await page.getByRole('button', { name: 'Bathroom Remodel' }).click();
    expect(await shown(page)).toEqual([]);
    expect(await page.locator('.gallery-empty').isVisible()).toBe(true);
    expect(await page.locator('.gallery-empty').textContent()).toBe(GALLERY_EMPTY_TEXT);
    expect(await page.locator('.gallery-status').textContent()).toBe(GALLERY_EMPTY_TEXT);
    await page.reload();
    expect(await page.locator('.gallery-empty').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'ADU' }).click();
    expect(await page.locator('.gallery-empty').isVisible()).toBe(false);
    await page.close();
  });
});
