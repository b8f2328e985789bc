// The image pipeline (issue 41) on a fixture site with generated phone photos: responsive files at the widths asked
// for, the upright size on the page, no private metadata in any output, encoded once, and each bad input a named
// error that leaves the previous output whole.
import * as cheerio from 'cheerio';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import exifReader from 'exif-reader';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildResult, type SiteError, siteErrorsOf } from '../helpers/engine.ts';
import { copyFixture, PROJECT_ROOT, tempDir, testEnv } from '../helpers/fixture.ts';
import { snapshot } from '../helpers/folder-snapshot.ts';
import {
  corruptJpeg,
  PHONE_EXIF,
  phonePhoto,
  privateMetadataIn,
  transparentPng,
  undecodableHeic,
} from '../helpers/sample-photos.ts';

/** A real HEIC photo, rotated, in Display P3, with GPS (test/fixtures/heic/README.md). */
const HEIC_FIXTURE = path.join(PROJECT_ROOT, 'test/fixtures/heic/iphone-rotated.heic');

/** What a portrait photo (3:4) is published as at the fixture's widths: AVIF (sharp calls it heif) and WebP at each, a JPEG at the widest. */
const PORTRAIT_FILES = [
  'heif 160x213',
  'heif 320x427',
  'heif 480x640',
  'jpeg 480x640',
  'webp 160x213',
  'webp 320x427',
  'webp 480x640',
];

let root: string;
let out: string;
let first: BuildResult;
let second: BuildResult;
const cleanups: Array<() => Promise<void>> = [];
const images = () => path.join(root, 'data/images');
const buildSite = (options: { strict?: boolean } = {}) => build({ root, out, env: testEnv(), ...options });

beforeAll(async () => {
  const copy = await copyFixture('photos');
  const dist = await tempDir('photos-dist');
  cleanups.push(copy.remove, dist.remove);
  [root, out] = [copy.root, dist.dir];
  await mkdir(images(), { recursive: true });
  // A seed no other run used, so the shared cache (node_modules/.cache/site/images) has none of its files yet.
  const seed = 1000 + Math.floor(Math.random() * 1_000_000);
  await writeFile(path.join(images(), 'porch.jpg'), await phonePhoto({ seed }));
  // Narrower than the smallest width (160), with transparency, and on no page.
  await writeFile(path.join(images(), 'badge.png'), await transparentPng({ width: 120, height: 80, seed }));
  first = await buildSite();
  second = await buildSite();
}, 120_000);

afterAll(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

const bytesOf = (file: string) => readFileSync(file);
const page = async (file: string) => cheerio.load(await readFile(path.join(out, file), 'utf8'));
const outputImages = async () =>
  (await readdir(path.join(out, 'assets'))).filter((name) => /\.(avif|webp|jpg|png)$/.test(name)).sort();

describe('responsive files of a phone photo', () => {
  it('makes AVIF and WebP at each width, and a JPEG fallback at the widest, all upright', async () => {
    const porch = (await outputImages()).filter((name) => name.startsWith('porch-'));
    const made = await Promise.all(porch.map(async (name) => sharp(path.join(out, 'assets', name)).metadata()));
    expect(made.map(({ format, width, height }) => `${format} ${width}x${height}`).sort()).toEqual(PORTRAIT_FILES);
    expect(made.every((meta) => meta.space === 'srgb' && !meta.orientation)).toBe(true);
  });

  it('gives the <img> the upright photo’s width and height, lazy by default, eager and preloaded for the largest paint', async () => {
    const $ = await page('index.html');
    const [largest, again] = [$('picture img').eq(0), $('picture img').eq(1)];
    expect([
      largest.attr('width'),
      largest.attr('height'),
      largest.attr('loading'),
      largest.attr('fetchpriority'),
      largest.attr('decoding'),
    ]).toEqual(['3024', '4032', 'eager', 'high', 'async']);
    expect([again.attr('loading'), again.attr('fetchpriority'), again.attr('decoding'), again.attr('alt')]).toEqual([
      'lazy',
      undefined,
      'async',
      'The same photo, smaller',
    ]);
    expect(largest.attr('src')).toMatch(/^\/assets\/porch-480-[0-9a-f]{12}\.jpg$/);
    const sources = $('picture').eq(1).find('source');
    expect(sources.map((_, source) => $(source).attr('type')).get()).toEqual(['image/avif', 'image/webp']);
    expect(sources.eq(0).attr('srcset')).toMatch(
      /^\/assets\/porch-160-\w+\.avif 160w, \/assets\/porch-320-\w+\.avif 320w, \/assets\/porch-480-\w+\.avif 480w$/,
    );
    expect(sources.eq(0).attr('sizes')).toBe('50vw');
    // The largest paint offers phones no file wider than 320, in its sources and its preloads alike.
    const narrow = $('picture').eq(0).find('source[media="(max-width: 480px)"]');
    expect(
      narrow
        .map((_, source) =>
          $(source)
            .attr('srcset')!
            .split(', ')
            .map((entry) => entry.split(' ')[1]),
        )
        .get(),
    ).toEqual(['160w', '320w', '160w', '320w']);
    const preloads = $('link[rel=preload][as=image]');
    expect(
      preloads
        .map(
          (_, link) =>
            `${$(link).attr('media')} ${$(link).attr('type')} ${$(link).attr('fetchpriority')} ${
              $(link).attr('imagesrcset')!.split(', ').length
            }`,
        )
        .get(),
    ).toEqual(['(max-width: 480px) image/avif high 2', 'not all and (max-width: 480px) image/avif high 3']);
    expect($('meta[property="og:image"]').attr('content')).toBe(`https://photos.example${largest.attr('src')}`);
    expect((await page('second.html'))('.size').text()).toBe('3024x4032');
  });

  it('publishes no EXIF, GPS, XMP or ICC block, nor any private fact, in any output file', async () => {
    const files = (await readdir(out, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name));
    for (const file of files.filter((name) => /\.(avif|webp|jpg|png)$/.test(name))) {
      const bytes = await readFile(file);
      expect(await privateMetadataIn(bytes), file).toEqual([]);
      const { exif, xmp, iptc, icc } = await sharp(bytes).metadata();
      expect([exif, xmp, iptc, icc], file).toEqual([undefined, undefined, undefined, undefined]);
    }
    // The pages and other files name no private fact either.
    const facts = Object.values(PHONE_EXIF).filter((value): value is string => typeof value === 'string');
    for (const file of files) {
      expect(
        facts.filter((fact) => bytesOf(file).includes(fact, 0, 'latin1')),
        file,
      ).toEqual([]);
    }
  });

  it('a photo narrower than the smallest width is published at its own width, as PNG with its transparency, with a warning', async () => {
    const badge = (await outputImages()).filter((name) => name.startsWith('badge-'));
    expect(badge.map((name) => name.replace(/-[0-9a-f]{12}/, '')).sort()).toEqual([
      'badge-120.avif',
      'badge-120.png',
      'badge-120.webp',
    ]);
    expect(
      (
        await sharp(
          path.join(
            out,
            'assets',
            badge.find((name) => name.endsWith('.png'))!,
          ),
        ).metadata()
      ).hasAlpha,
    ).toBe(true);
    expect(first.report.warnings).toContain(
      'data/images/badge.png is 120 px wide, narrower than the smallest width asked for (160 px): it is published at its own width only.',
    );
  });
});

describe('encoded once', () => {
  it('encodes each file once though the photo is on two pages and placed three times, and nothing on a rebuild', () => {
    // porch: AVIF and WebP at 3 widths and a JPEG; badge: AVIF, WebP and PNG at its own width.
    expect(first.report.images).toEqual({ photos: 2, files: 10, encoded: 10 });
    expect(second.report.images).toEqual({ photos: 2, files: 10, encoded: 0 });
  });

  it('places each file from the cache by a hard link, not a copy, where the disk allows one', async () => {
    const counts = await Promise.all(
      (await outputImages()).map(async (name) => (await stat(path.join(out, 'assets', name))).nlink),
    );
    expect(counts.every((count) => count >= 2)).toBe(true);
  });

  it('names a photo no page uses in a warning, which --strict refuses', async () => {
    expect(second.report.warnings).toContain(
      'data/images/badge.png is in no page: it is published all the same. Use it, or move it out of the images folder.',
    );
    const errors = await failures({ strict: true });
    expect(errors.map((error) => error.code)).toEqual(['STRICT_WARNING', 'STRICT_WARNING']);
  });
});

/** The errors a build into `out` fails with; the output of the last good build must be as it was. */
async function failures(options: { strict?: boolean } = {}): Promise<SiteError[]> {
  const before = await snapshot(out);
  const errors = await buildSite(options).then(
    () => [],
    (error: unknown) => siteErrorsOf(error) ?? Promise.reject(error),
  );
  expect(await snapshot(out)).toEqual(before);
  return errors;
}

/** Runs `change` on the fixture, collects the build's errors, then puts the fixture back. */
async function failuresAfter(change: () => Promise<() => Promise<void>>): Promise<SiteError[]> {
  const undo = await change();
  try {
    return await failures();
  } finally {
    await undo();
  }
}

const withPhoto = (name: string, bytes: Buffer | Promise<Buffer>) => async () => {
  await writeFile(path.join(images(), name), await bytes);
  return () => rm(path.join(images(), name));
};
const withSiteData = (change: (data: Record<string, unknown>) => Record<string, unknown>) => async () => {
  const file = path.join(root, 'data/site.json');
  const text = await readFile(file, 'utf8');
  await writeFile(file, JSON.stringify(change(JSON.parse(text) as Record<string, unknown>)));
  return () => writeFile(file, text);
};

describe('bad input is a named error, and the previous output stays whole', () => {
  it('a data field naming a photo that is not there names the data file and the field', async () => {
    const [error, ...rest] = await failuresAfter(withSiteData((data) => ({ ...data, cover: 'kitchen.jpg' })));
    expect([error?.code, error?.file, error?.field, rest.length]).toEqual(['DATA_CHECK', 'data/site.json', 'cover', 0]);
  });

  it('a page naming a photo that is not there names the page and the photo', async () => {
    const [error] = await failuresAfter(withSiteData((data) => ({ ...data, extra: 'garage.jpg' })));
    expect([error?.code, error?.file]).toEqual(['IMAGE_MISSING', 'templates/pages/second.tsx']);
    expect(error?.message).toBe(
      '/second (templates/pages/second.tsx) names the photo "garage.jpg", which is not in data/images.',
    );
  });

  it('a photo cut short names the file', async () => {
    const [error] = await failuresAfter(withPhoto('cut.jpg', corruptJpeg()));
    expect([error?.code, error?.file]).toEqual(['IMAGE_UNREADABLE', 'data/images/cut.jpg']);
  });

  it('a file that is no photo names the file', async () => {
    const [error] = await failuresAfter(withPhoto('notes.jpg', Buffer.from('not a photo at all')));
    expect([error?.code, error?.file]).toEqual(['IMAGE_UNREADABLE', 'data/images/notes.jpg']);
  });

  it('a HEIC photo whose picture cannot be decoded names the file and says what to do', async () => {
    const [error] = await failuresAfter(withPhoto('iphone.heic', undecodableHeic()));
    expect([error?.code, error?.file]).toEqual(['IMAGE_UNREADABLE', 'data/images/iphone.heic']);
    expect(error?.message).toMatch(/^data\/images\/iphone\.heic is a HEIF \(HEIC\) photo that could not be read: /);
    expect(error?.hint).toMatch(/^Copy the photo from the phone again/);
  });

  it('a HEIC photo cut short names the file', async () => {
    const whole = readFileSync(HEIC_FIXTURE);
    const [error] = await failuresAfter(withPhoto('cut.heic', whole.subarray(0, Math.floor(whole.length * 0.6))));
    expect([error?.code, error?.file]).toEqual(['IMAGE_UNREADABLE', 'data/images/cut.heic']);
  });

  it('a photo placed without alt names the page and the photo', async () => {
    const [error] = await failuresAfter(withSiteData(({ coverAlt: _, ...data }) => data));
    expect([error?.code, error?.file, error?.message]).toEqual([
      'IMAGE_ALT_MISSING',
      'templates/pages/index.tsx',
      '/ (templates/pages/index.tsx) places the photo "porch.jpg" without alt.',
    ]);
  });
});

describe('a HEIC photo, as an iPhone takes it', () => {
  let built: BuildResult;
  let files: string[];
  const pixelAt = async (file: string, x: number, y: number) => {
    const { data, info } = await sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const at = (Math.round(y * (info.height - 1)) * info.width + Math.round(x * (info.width - 1))) * 3;
    return [...data.subarray(at, at + 3)];
  };

  beforeAll(async () => {
    // The fixture really carries what must not be published, and is stored on its side.
    const fixture = readFileSync(HEIC_FIXTURE);
    expect(exifReader(fixture.subarray(fixture.indexOf('II*\0', 0, 'latin1'))).GPSInfo).toHaveProperty('GPSLatitude');
    // A `free` box of its own at the end (readers skip it) gives this run's photo bytes no other run encoded.
    const free = Buffer.concat([Buffer.from([0, 0, 0, 16]), Buffer.from('free'), randomBytes(8)]);
    await writeFile(path.join(images(), 'kitchen.heic'), Buffer.concat([fixture, free]));
    const file = path.join(root, 'data/site.json');
    const text = await readFile(file, 'utf8');
    await writeFile(file, JSON.stringify({ ...JSON.parse(text), extra: 'kitchen.heic' }));
    try {
      built = await buildSite();
    } finally {
      await writeFile(file, text);
      await rm(path.join(images(), 'kitchen.heic'));
    }
    files = (await outputImages()).filter((name) => name.startsWith('kitchen-'));
  }, 120_000);

  it('is published as AVIF and WebP at each width and a JPEG, upright from its own rotation', async () => {
    const made = await Promise.all(files.map(async (name) => sharp(path.join(out, 'assets', name)).metadata()));
    expect(made.map(({ format, width, height }) => `${format} ${width}x${height}`).sort()).toEqual(PORTRAIT_FILES);
    // Stored 640 × 480 and turned by its `irot` property: red at the top left, blue at the bottom right.
    for (const name of files) {
      const [topLeft, bottomRight] = [
        await pixelAt(path.join(out, 'assets', name), 0.1, 0.1),
        await pixelAt(path.join(out, 'assets', name), 0.9, 0.9),
      ];
      expect(topLeft[0]! > 150 && topLeft[2]! < 90, `${name} top left ${topLeft}`).toBe(true);
      expect(bottomRight[2]! > 150 && bottomRight[0]! < 90, `${name} bottom right ${bottomRight}`).toBe(true);
    }
    expect(made.every((meta) => meta.space === 'srgb' && !meta.orientation)).toBe(true);
  });

  it('turns its Display P3 colours into sRGB, as a browser shows them', async () => {
    // The fixture's red is sRGB (220, 30, 30), stored as Display P3's (202, 54, 44): read without its profile, the
    // published photo would come out that much duller.
    const jpeg = files.find((name) => name.endsWith('.jpg'))!;
    const [red, green, blue] = await pixelAt(path.join(out, 'assets', jpeg), 0.1, 0.1);
    expect(red).toBeGreaterThan(212);
    expect(green).toBeLessThan(42);
    expect(blue).toBeLessThan(42);
  });

  it("carries no EXIF, GPS, XMP or ICC block, nor any of the phone's facts, in any file", async () => {
    for (const name of files) {
      const bytes = await readFile(path.join(out, 'assets', name));
      expect(await privateMetadataIn(bytes), name).toEqual([]);
      const { exif, xmp, icc } = await sharp(bytes).metadata();
      expect([exif, xmp, icc], name).toEqual([undefined, undefined, undefined]);
    }
    expect(built.report.images.photos).toBe(3);
  });

  it("gives the page the upright photo's size", async () => {
    const $ = await page('second.html');
    const img = $('img[alt="An extra photo"]');
    expect([img.attr('width'), img.attr('height')]).toEqual(['480', '640']);
  });
});
