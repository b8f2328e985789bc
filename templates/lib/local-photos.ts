// The owner's own photos named in data/ (images/kitchen-1.jpg): each must be in data/images/, which the engine
// indexes as the site loads; a path to nothing fails the build here, naming the data file and the field.
import type { DataIssue } from '../../src/index.ts';
import type { SiteData } from '../collections.ts';
import { LOCAL_PHOTO, photoName } from './image-urls.ts';

/** Every field of the data that names a photo: the home hero's, each project's photos and each post's cover. */
function photoFields(data: SiteData): Array<{ file: string; field: string; src: string }> {
  return [
    { file: 'data/site.json', field: 'hero.posterImage', src: data.site.hero.posterImage },
    ...data.projects.flatMap((project, index) => [
      { file: 'data/projects.json', field: `projects[${index}].image`, src: project.image },
      ...(project.photos ?? []).map((photo, at) => ({ file: 'data/projects.json', field: `projects[${index}].photos[${at}].image`, src: photo.image })),
    ]),
    ...data.posts.map((post) => ({ file: post.file, field: 'coverImage', src: post.coverImage })),
  ];
}

/** A local photo missing from `images` (the photos of data/images/, by their path there) is an error naming its field. */
export function checkLocalPhotos(data: SiteData, images: ReadonlySet<string>): DataIssue[] {
  return photoFields(data)
    .filter(({ src }) => LOCAL_PHOTO.test(src) && !images.has(photoName(src)))
    .map(({ file, field, src }) => ({
      file,
      field,
      message: `${src} is not in data/images/.`,
      hint: `Put the photo at data/${src}, or fix the path: it is written from data/ (images/kitchen-1.jpg), and capitals count.`,
    }));
}
