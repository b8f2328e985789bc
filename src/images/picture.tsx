import { createContext, createElement, type ReactElement, useContext } from 'react';
import { SiteError } from '../core/errors.ts';
import type { LinkTag, PictureSet } from '../core/page-types.ts';

/** What a page's render gives the photos on it: the page's lookup, the page for messages, and the preloads they ask for. */
export type PicturePage = { picture(name: string): PictureSet; path: string; source: string; preloads: LinkTag[] };

export const PictureContext = createContext<PicturePage | null>(null);

function usePage(): PicturePage {
  const page = useContext(PictureContext);
  if (!page) {
    throw new Error(
      'usePicture and <Picture> work while a page renders: not inside <RenderOnce> or an island, whose markup is its own.',
    );
  }
  return page;
}

/** A photo's responsive files (see PictureSet), by its path in the images folder, for a component that writes its own markup. */
export const usePicture = (name: string): PictureSet => usePage().picture(name);

export interface PictureProps {
  /** The photo's path in the images folder, such as `kitchen-1.jpg`. */
  src: string;
  /** Required: what the photo shows, or "" for one that only decorates. */
  alt: string;
  /** The `sizes` of the sources: how wide the image is shown, such as `(min-width: 800px) 760px, 100vw`. */
  sizes: string;
  className?: string;
  /** The page's largest paint: fetched at once (eager), at high priority. */
  priority?: boolean;
  /** Also a preload link in the head for the AVIF files (and eager, at high priority). */
  preload?: boolean;
  /** Where `media` matches (a phone), no file wider than `maxWidth` is offered: for a preview, not the photo itself. */
  narrow?: { media: string; maxWidth: number };
}

/**
 * A photo as `<picture>`: AVIF then WebP sources at every width (the browser takes the first format it can show,
 * at the width `sizes` asks for), and an `<img>` with the fallback file and the upright photo's width and height, so
 * nothing moves as it loads. Lazy and decoded off the main thread unless it is the page's largest paint.
 */
export function Picture({
  src,
  alt,
  sizes,
  className,
  priority = false,
  preload = false,
  narrow,
}: PictureProps): ReactElement {
  const page = usePage();
  const set = page.picture(src);
  if (typeof alt !== 'string') {
    throw new SiteError('IMAGE_ALT_MISSING', `${page.path} (${page.source}) places the photo "${src}" without alt.`, {
      file: page.source,
    });
  }
  const srcSet = (files: PictureSet['sources'][number]['files'], max = Infinity) => {
    const fitting = files.filter((file) => file.width <= max);
    return (fitting.length ? fitting : files.slice(0, 1)).map((file) => `${file.url} ${file.width}w`).join(', ');
  };
  if (preload) {
    const [{ type, files }] = set.sources as [PictureSet['sources'][number]];
    const link = {
      rel: 'preload',
      as: 'image',
      href: set.src,
      type,
      imageSizes: sizes,
      fetchPriority: 'high',
    } as const;
    if (narrow) page.preloads.push({ ...link, media: narrow.media, imageSrcSet: srcSet(files, narrow.maxWidth) });
    page.preloads.push({ ...link, media: narrow && `not all and ${narrow.media}`, imageSrcSet: srcSet(files) });
  }
  const sources = set.sources.flatMap(({ type, files }) => [
    narrow &&
      createElement('source', {
        key: `${type} narrow`,
        type,
        media: narrow.media,
        srcSet: srcSet(files, narrow.maxWidth),
        sizes,
      }),
    createElement('source', { key: type, type, srcSet: srcSet(files), sizes }),
  ]);
  const eager = priority || preload;
  const img = createElement('img', {
    src: set.src,
    width: set.width,
    height: set.height,
    alt,
    className,
    loading: eager ? 'eager' : 'lazy',
    decoding: 'async',
    fetchPriority: eager ? 'high' : undefined,
  });
  return createElement('picture', null, ...sources, img);
}
