// The real site as an owner who has put in their own photos has it: the same templates and public/ (linked), and a
// copy of data/ whose projects, home hero and first post name generated phone photos in data/images/.
import { cp, mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PROJECT_ROOT, tempDir } from './fixture.ts';
import { phonePhoto } from './sample-photos.ts';

/** The photos it puts in data/images/: one per project, two more of the first project, one taken upright. */
export const LOCAL_PHOTOS = [
  'project-1.jpg',
  'project-2.jpg',
  'project-3.jpg',
  'project-4.jpg',
  'project-5.jpg',
  'project-6.jpg',
  'project-1-kitchen.jpg',
  'project-1-stairs.jpg',
] as const;

/**
 * A project folder (under test/tmp) that builds the real site with its own photos. `images.dir` is relative to the
 * project root, so this is a root of its own rather than another data folder. The photos are the same bytes on every
 * run (seeded), so their encodes are in the cache after the first.
 */
export async function localPhotoSite(): Promise<{ root: string; remove(): Promise<void> }> {
  const { dir: root, remove } = await tempDir('local-photos');
  await mkdir(root, { recursive: true });
  for (const folder of ['templates', 'public']) {
    await symlink(path.join(PROJECT_ROOT, folder), path.join(root, folder), 'dir');
  }
  const data = path.join(root, 'data');
  await cp(path.join(PROJECT_ROOT, 'data'), data, { recursive: true });
  await mkdir(path.join(data, 'images'));
  // Landscape photos, as houses are shot, but the stairs, taken upright (EXIF orientation 6).
  for (const [index, name] of LOCAL_PHOTOS.entries()) {
    await writeFile(
      path.join(data, 'images', name),
      await phonePhoto({ seed: 4100 + index, orientation: name.includes('stairs') ? 6 : 1 }),
    );
  }
  await editJson(path.join(data, 'projects.json'), ({ projects }: { projects: Array<Record<string, unknown>> }) => ({
    projects: projects.map((project, index) => ({
      ...project,
      image: `images/project-${index + 1}.jpg`,
      ...(index === 0
        ? {
            photos: [
              { image: 'images/project-1-kitchen.jpg', alt: 'The open kitchen, seen from the dining table' },
              {
                image: 'images/project-1-stairs.jpg',
                alt: 'The oak stairs up to the bedrooms',
              },
            ],
          }
        : {}),
    })),
  }));
  // The hero shows the first project's photo: one photo, on two pages, encoded once.
  await editJson(path.join(data, 'site.json'), (site: { hero: Record<string, unknown> }) => ({
    ...site,
    hero: { ...site.hero, posterImage: 'images/project-1.jpg' },
  }));
  const post = path.join(data, 'blog/adu-planning-guide.md');
  await writeFile(
    post,
    (await readFile(post, 'utf8')).replace(/^coverImage: .*$/m, 'coverImage: images/project-2.jpg'),
  );
  return { root, remove };
}

async function editJson<T>(file: string, edit: (value: T) => unknown): Promise<void> {
  await writeFile(file, JSON.stringify(edit(JSON.parse(await readFile(file, 'utf8')) as T), null, 2));
}
