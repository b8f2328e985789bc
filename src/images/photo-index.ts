import { readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { keepRecord, readRecord, recordFileFor, sha256 } from '../core/cache.ts';
import { SiteError, SiteErrorList } from '../core/errors.ts';
import { filesIn } from '../core/files.ts';
import { heifDecoderVersion, heifSize, isHeif } from './heif.ts';
import { loadSharp } from './sharp.ts';

export { loadSharp };

/** A file a photo is encoded to: its output path and its file in the cache are named by a hash of the photo's bytes and the settings. */
export type Variant = { format: 'avif' | 'webp' | 'jpeg' | 'png'; width: number; path: string; cached: string };

/**
 * A photo of the images folder: its name there, its file, its upright size, whether it is a HEIF photo (which
 * libheif decodes for sharp, see heif.ts) and the files it is encoded to.
 */
export type Photo = { name: string; file: string; width: number; height: number; heif: boolean; variants: Variant[] };

/** What reading a photo found, kept between builds while its file's size and time (its stamp) stay the same. */
type Reading = { stamp: string; hash: string; width: number; height: number; alpha: boolean; heif?: boolean };

/** A photo with warnings (odd markers) is read, one cut short refused. */
export const INPUT_OPTIONS = { failOn: 'error' } as const;
/** sharp's defaults but AVIF's effort, 3 rather than 4: see docs/architecture.md. */
export const ENCODE_OPTIONS: Readonly<Partial<Record<Variant['format'], object>>> = { avif: { effort: 3 } };
let encoder: string | undefined;
/** What a variant's bytes depend on besides the photo: sharp's version and the settings. */
const encoderVersion = (): string =>
  (encoder ??= `${
    (
      JSON.parse(readFileSync(createRequire(import.meta.url).resolve('sharp/package.json'), 'utf8')) as {
        version: string;
      }
    ).version
  } ${JSON.stringify([INPUT_OPTIONS, ENCODE_OPTIONS])}`);

/**
 * Finds every photo under `dir` and what it is encoded to. A photo whose size and time are those of the last build
 * is not read again (`readings`, kept in the cache); the others are read, hashed and measured by sharp.
 */
export async function indexPhotos(
  dir: string,
  widths: readonly number[],
  cache: string,
  root: string,
): Promise<Photo[]> {
  const names = await filesIn(dir, '**/*');
  const record = recordFileFor(path.join(cache, 'index'), dir);
  const before = ((await readRecord(record)) ?? {}) as Record<string, Reading>;
  const readings: Record<string, Reading> = {};
  const settled = await Promise.allSettled(
    names.map(async (name) => {
      const file = path.join(dir, name);
      const { size, mtimeMs } = await stat(file);
      const stamp = `${size} ${mtimeMs}`;
      const reading =
        before[name]?.stamp === stamp ? before[name] : { stamp, ...(await readPhoto(file, path.relative(root, file))) };
      readings[name] = reading;
      const { width, height } = reading;
      return { name, file, width, height, heif: reading.heif === true, variants: variantsOf(name, reading, widths) };
    }),
  );
  // Every unreadable photo is named at once; anything but a SiteError is a bug and goes on up.
  const failed = settled.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
  if (failed.length) {
    throw failed.every((error) => error instanceof SiteError)
      ? new SiteErrorList(failed)
      : failed.find((error) => !(error instanceof SiteError));
  }
  const photos = settled.map((result) => (result as PromiseFulfilledResult<Photo>).value);
  if (names.some((name) => before[name] !== readings[name]) || names.length !== Object.keys(before).length) {
    await keepRecord(record, readings);
  }
  return photos;
}

/**
 * Hashes a photo and reads its upright size: sharp reads JPEG, PNG, WebP, AVIF, GIF and TIFF, libheif a HEIF (HEIC)
 * photo. A file neither can read is IMAGE_UNREADABLE, naming it.
 */
async function readPhoto(file: string, shown: string): Promise<Omit<Reading, 'stamp'>> {
  const bytes = await readFile(file);
  const hash = sha256(bytes);
  if (isHeif(bytes)) return { hash, ...(await heifSize(bytes, shown)), heif: true };
  const meta = await (
    await loadSharp()
  )(bytes, INPUT_OPTIONS)
    .metadata()
    .catch(() => undefined);
  if (!meta) {
    throw new SiteError(
      'IMAGE_UNREADABLE',
      `${shown} is not a photo the site can read (JPEG, PNG, WebP, AVIF, HEIC, GIF or TIFF).`,
      { file: shown, hint: 'Copy the photo again (an interrupted copy leaves it cut short), or save it as JPEG.' },
    );
  }
  return { hash, width: meta.autoOrient.width, height: meta.autoOrient.height, alpha: meta.hasAlpha };
}

/** AVIF and WebP at each width no wider than the photo (at its own width when all are), then the fallback at the widest. */
function variantsOf(name: string, reading: Reading, widths: readonly number[]): Variant[] {
  const fitting = widths.filter((width) => width <= reading.width);
  const sizes = fitting.length ? fitting : [reading.width];
  const stem = path
    .basename(name, path.extname(name))
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-');
  const variant = (format: Variant['format'], width: number): Variant => {
    // A HEIF photo's files also depend on the decoder that turns it into pixels.
    const decoder = reading.heif ? `\0${heifDecoderVersion()}` : '';
    const hash = sha256(`${reading.hash}\0${format}\0${width}\0${encoderVersion()}${decoder}`).slice(0, 12);
    const extension = format === 'jpeg' ? 'jpg' : format;
    return { format, width, path: `assets/${stem}-${width}-${hash}.${extension}`, cached: `${hash}.${extension}` };
  };
  return [
    ...(['avif', 'webp'] as const).flatMap((format) => sizes.map((width) => variant(format, width))),
    variant(reading.alpha ? 'png' : 'jpeg', sizes.at(-1)!),
  ];
}
