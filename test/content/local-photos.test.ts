// The site's photo fields (issue 41): each takes an https:// address or the owner's own photo under data/images/, and a
// path to no photo fails the build naming the data file and the field. Builds in memory, with no photo encoded.
import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCAL_PHOTO, photoName, shareImage } from '../../templates/lib/image-urls.ts';
import { build, type SiteError, siteErrorsOf } from '../helpers/engine.ts';
import { PROJECT_ROOT, tempDir, testEnv } from '../helpers/fixture.ts';

const removals: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (removals.length) await removals.pop()!();
});

/** The errors of a build of the real site on a copy of its data changed by `change` (the real site has no data/images/). */
async function errorsWith(change: (dir: string) => Promise<void>): Promise<SiteError[]> {
  const data = await tempDir('photo-data');
  removals.push(data.remove);
  await cp(path.join(PROJECT_ROOT, 'data'), data.dir, { recursive: true });
  await change(data.dir);
  return build({ root: PROJECT_ROOT, data: data.dir, write: false, env: testEnv() }).then(
    () => [],
    (error: unknown) => siteErrorsOf(error) ?? Promise.reject(error),
  );
}

async function editJson<T>(file: string, edit: (value: T) => T): Promise<void> {
  await writeFile(file, JSON.stringify(edit(JSON.parse(await readFile(file, 'utf8')) as T)));
}

describe('a photo field', () => {
  it('names the data file and the field when a local photo is not in data/images/', async () => {
    const errors = await errorsWith(async (dir) => {
      await editJson(path.join(dir, 'projects.json'), ({ projects }: { projects: Array<Record<string, unknown>> }) => ({
        projects: projects.map((project, index) =>
          index === 1
            ? {
                ...project,
                image: 'images/kitchen-1.jpg',
                photos: [{ image: 'images/kitchen-2.jpg', alt: 'The island' }],
              }
            : project,
        ),
      }));
      await editJson(path.join(dir, 'site.json'), (site: { hero: object }) => ({
        ...site,
        hero: { ...site.hero, posterImage: 'images/front.jpg' },
      }));
    });
    expect(errors.map((error) => [error.code, error.file, error.field, error.message])).toEqual([
      ['DATA_CHECK', 'data/site.json', 'hero.posterImage', 'data/site.json: images/front.jpg is not in data/images/.'],
      [
        'DATA_CHECK',
        'data/projects.json',
        'projects[1].image',
        'data/projects.json: images/kitchen-1.jpg is not in data/images/.',
      ],
      [
        'DATA_CHECK',
        'data/projects.json',
        'projects[1].photos[0].image',
        'data/projects.json: images/kitchen-2.jpg is not in data/images/.',
      ],
    ]);
    expect(errors[0]?.hint).toBe(
      'Put the photo at data/images/front.jpg, or fix the path: it is written from data/ (images/kitchen-1.jpg), and capitals count.',
    );
  });

  it('says what it takes when it holds neither an https:// address nor a photo under images/', async () => {
    const errors = await errorsWith(async (dir) => {
      const post = path.join(dir, 'blog/adu-planning-guide.md');
      await writeFile(
        post,
        (await readFile(post, 'utf8')).replace(/^coverImage: .*$/m, 'coverImage: photos/cover.jpg'),
      );
    });
    expect(errors.map((error) => [error.code, error.field])).toEqual([['DATA_SCHEMA', 'coverImage']]);
    expect(errors[0]?.message).toContain(
      'an https:// address, or a photo in data/images/ written as images/kitchen-1.jpg (JPEG, PNG, WebP, AVIF or HEIC)',
    );
  });
});

describe('image addresses', () => {
  it('tells the owner’s photos from a host’s', () => {
    expect(
      ['images/kitchen-1.jpg', 'images/jobs/IMG_2041.JPEG', 'images/logo.png', 'images/IMG_2042.HEIC'].filter((src) =>
        LOCAL_PHOTO.test(src),
      ),
    ).toHaveLength(4);
    expect(
      ['https://images.unsplash.com/photo-1', 'images/notes.pdf', 'kitchen-1.jpg', 'data/images/kitchen-1.jpg'].filter(
        (src) => LOCAL_PHOTO.test(src),
      ),
    ).toEqual([]);
    expect(photoName('images/jobs/kitchen-1.jpg')).toBe('jobs/kitchen-1.jpg');
  });

  it('shares a local photo by its fallback file and a remote one at 1200 px', () => {
    const picture = (name: string) => ({
      width: 4032,
      height: 3024,
      src: `/assets/${name.replace('.jpg', '')}-1600-0123456789ab.jpg`,
      sources: [],
    });
    expect(shareImage('images/kitchen-1.jpg', picture)).toBe('/assets/kitchen-1-1600-0123456789ab.jpg');
    expect(shareImage('https://images.unsplash.com/photo-1', picture)).toBe(
      'https://images.unsplash.com/photo-1?auto=format&fit=crop&w=1200&q=75',
    );
  });
});
