import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { cacheFolder, removeStale } from '../core/cache.ts';
import { deepFreeze } from '../core/deep-freeze.ts';
import { SiteError } from '../core/errors.ts';
import type { OutputFile } from '../core/output-file.ts';
import type { ImageOptions, PictureSet } from '../core/page-types.ts';
import { heifAsPng } from './heif.ts';
import { ENCODE_OPTIONS, indexPhotos, INPUT_OPTIONS, loadSharp, type Photo, type Variant } from './photo-index.ts';

/** The site's photos through one build: indexed as it loads, encoded beside rendering, placed as it writes. */
export interface SiteImages {
  /** Every photo by its path in the images folder, for the site's data checks. */
  names: ReadonlySet<string>;
  /** Every file the photos are encoded to: pages may link them before any encode ends. */
  outputPaths: readonly string[];
  /** Photos narrower than the smallest width. */
  warnings: readonly string[];
  /** A photo's files for the page that asks; a photo not in the folder is IMAGE_MISSING, naming the page. */
  picture(name: string, page: { path: string; source: string }): PictureSet;
  /** The photos no page asked for (encoded and published all the same), one warning each. */
  unused(): string[];
  /** Starts the encodes (once), which sharp runs on libuv's threads while this one goes on with the build. */
  encode(): void;
  /** Starts no further encode: the build failed. */
  stop(): void;
  /** Waits for the encodes (one that failed fails the build before anything is swapped in): the photos' output files (hard-linked from the cache), how many photos, how many files this build encoded. */
  finish(): Promise<{ files: OutputFile[]; photos: number; encoded: number }>;
}

/** Indexes the photos of `options.dir`, whose files the cache (node_modules/.cache/site/images) keeps. A site without images has none. */
export async function startImages(root: string, options: ImageOptions | undefined): Promise<SiteImages> {
  const widths = [...new Set(options?.widths ?? [])].sort((a, b) => a - b);
  const badWidths = options && (!widths.length || !widths.every((width) => Number.isInteger(width) && width > 0));
  if (badWidths) {
    throw new SiteError(
      'SITE_DEFINITION_INVALID',
      `images.widths must list whole numbers of pixels, not ${JSON.stringify(options.widths)}.`,
      {
        file: 'templates/site.config.ts',
        field: 'images.widths',
      },
    );
  }
  const dir = path.resolve(root, options?.dir ?? '');
  const cache = cacheFolder(root, 'images');
  const photos = options ? await indexPhotos(dir, widths, cache, root) : [];
  const byName = new Map(photos.map((photo) => [photo.name, deepFreeze(pictureSet(photo))]));
  const used = new Set<string>();
  const halt = { stopped: false };
  let encoding: Promise<{ count: number } | { error: unknown }> | undefined;
  // Settled at once: a build that fails before finish() must leave no rejection unheard.
  const encode = () =>
    void (encoding ??= encodePhotos(photos, cache, root, halt).then(
      (count) => ({ count }),
      (error: unknown) => ({ error }),
    ));
  return {
    names: new Set(byName.keys()),
    outputPaths: [...new Set(photos.flatMap((photo) => photo.variants.map((variant) => variant.path)))],
    warnings: photos
      .filter((photo) => photo.width < widths[0]!)
      .map(
        (photo) =>
          `${shown(root, photo)} is ${photo.width} px wide, narrower than the smallest width asked for (${
            widths[0]
          } px): it is published at its own width only.`,
      ),
    picture(name, page) {
      const set = byName.get(name);
      if (!set) {
        throw new SiteError(
          'IMAGE_MISSING',
          `${page.path} (${page.source}) names the photo "${name}", ${
            options ? `which is not in ${path.relative(root, dir)}` : 'but the site declares no images'
          }.`,
          { file: page.source },
        );
      }
      used.add(name);
      return set;
    },
    unused: () =>
      photos
        .filter((photo) => !used.has(photo.name))
        .map(
          (photo) =>
            `${shown(
              root,
              photo,
            )} is in no page: it is published all the same. Use it, or move it out of the images folder.`,
        ),
    encode,
    stop: () => void (halt.stopped = true),
    async finish() {
      encode();
      const encoded = (await encoding)!;
      if ('error' in encoded) throw encoded.error;
      const kept = new Map(
        photos.flatMap((photo) => photo.variants.map((variant) => [variant.path, path.join(cache, variant.cached)])),
      );
      const files = await Promise.all(
        [...kept].map(async ([file, source]) => ({
          path: file,
          source,
          size: (await stat(source)).size,
          link: true as const,
        })),
      );
      // Files of photos gone from the folder go once unused for a day; the index of readings stays.
      await removeStale(cache, new Set([...kept.values(), path.join(cache, 'index')]));
      return { files, photos: photos.length, encoded: encoded.count };
    },
  };
}

/** What pages see of a photo: its upright size, the fallback, and the AVIF and WebP files by width. */
function pictureSet(photo: Photo): PictureSet {
  const sources = (['avif', 'webp'] as const).map((format) => ({
    type: `image/${format}`,
    files: photo.variants
      .filter((variant) => variant.format === format)
      .map((variant) => ({ url: `/${variant.path}`, width: variant.width })),
  }));
  return { width: photo.width, height: photo.height, src: `/${photo.variants.at(-1)!.path}`, sources };
}

/**
 * Encodes each file the cache lacks (a file two photos share, the same bytes under two names, once), written aside
 * and renamed so the cache never holds half a file, and resolves to how many. sharp runs each encode on one of libuv's
 * threads (4 unless UV_THREADPOOL_SIZE says), libvips' own threads inside it: one encode a core, but one libuv thread
 * always left for the build's own file reads, which otherwise waited behind the encodes (see docs/architecture.md).
 */
async function encodePhotos(
  photos: readonly Photo[],
  cache: string,
  root: string,
  halt: { stopped: boolean },
): Promise<number> {
  const pending = new Map<string, { photo: Photo; variant: Variant }>();
  for (const photo of photos) {
    for (const variant of photo.variants) {
      if (!pending.has(variant.cached) && !existsSync(path.join(cache, variant.cached))) {
        pending.set(variant.cached, { photo, variant });
      }
    }
  }
  if (pending.size === 0) return 0;
  const [sharp] = await Promise.all([loadSharp(), mkdir(cache, { recursive: true })]);
  const queue = [...pending.values()];
  const sources = photoSources(
    queue.map(({ photo }) => photo),
    root,
  );
  const encodeNext = async (): Promise<void> => {
    for (let next = queue.shift(); next && !halt.stopped; next = queue.shift()) {
      const { photo, variant } = next;
      const staged = path.join(cache, `.${variant.cached}-${randomUUID()}`);
      try {
        // rotate() turns the photo upright; sharp keeps no metadata (EXIF, GPS, XMP, IPTC, ICC) and writes sRGB by default.
        await sharp(await sources.open(photo), INPUT_OPTIONS)
          .rotate()
          .resize({ width: variant.width })
          .toFormat(variant.format, ENCODE_OPTIONS[variant.format])
          .toFile(staged);
        await rename(staged, path.join(cache, variant.cached));
        sources.done(photo);
      } catch (error) {
        halt.stopped = true;
        await rm(staged, { force: true });
        if (error instanceof SiteError) throw error;
        const message = `${shown(root, photo)} could not be encoded as ${variant.format} ${variant.width} px wide: ${
          error instanceof Error ? error.message : String(error)
        }`;
        throw new SiteError('IMAGE_UNREADABLE', message, { file: shown(root, photo), cause: error });
      }
    }
  };
  const libuvThreads = Number(process.env.UV_THREADPOOL_SIZE) || 4;
  await Promise.all(
    Array.from(
      {
        length: Math.max(1, Math.min(Math.ceil(availableParallelism() / sharp.concurrency()), libuvThreads - 1)),
      },
      encodeNext,
    ),
  );
  return pending.size;
}

/**
 * What sharp reads each photo from as its files are encoded: the photo's own file, or for a HEIF photo its pixels as
 * decoded by libheif (heif.ts), decoded once for all its sizes and let go once the last of them is encoded.
 */
function photoSources(photos: readonly Photo[], root: string) {
  const left = new Map<string, number>();
  for (const photo of photos) left.set(photo.file, (left.get(photo.file) ?? 0) + 1);
  const decoded = new Map<string, Promise<Buffer>>();
  return {
    open(photo: Photo): string | Promise<Buffer> {
      if (!photo.heif) return photo.file;
      let pixels = decoded.get(photo.file);
      if (!pixels) {
        pixels = readFile(photo.file).then((bytes) => heifAsPng(bytes, shown(root, photo)));
        decoded.set(photo.file, pixels);
      }
      return pixels;
    },
    done(photo: Photo): void {
      const count = left.get(photo.file)! - 1;
      left.set(photo.file, count);
      if (count === 0) decoded.delete(photo.file);
    },
  };
}

/** A photo's file as messages name it, relative to the project. */
const shown = (root: string, photo: Photo): string => path.relative(root, photo.file);
