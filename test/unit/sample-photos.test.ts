// The sample photos say what they carry: image tests lean on them to prove that metadata is stripped and photos turned
// upright, so a generator that silently wrote no GPS block would make those tests pass for nothing.
import exifReader from 'exif-reader';
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import {
  corruptJpeg,
  PHONE_EXIF,
  phonePhoto,
  photoSet,
  privateMetadataIn,
  transparentPng,
  undecodableHeic,
} from '../helpers/sample-photos.ts';
import { emptyFoldersPerTest } from '../helpers/temp-dirs.ts';

const emptyFolder = emptyFoldersPerTest('sample-photos');

describe('phonePhoto', () => {
  test('is a 4032 × 3024 JPEG at quality 90 whose EXIF turns it upright to 3024 × 4032', async () => {
    const photo = await phonePhoto();
    const metadata = await sharp(photo).metadata();
    expect([metadata.format, metadata.width, metadata.height, metadata.orientation]).toEqual(['jpeg', 4032, 3024, 6]);
    expect(metadata.autoOrient).toEqual({ width: 3024, height: 4032 });
    // Photo-like, not flat colour: a phone's 12 MP JPEG at quality 90 weighs a few megabytes.
    expect(photo.length).toBeGreaterThan(2_000_000);
    expect(metadata.icc?.length).toBeGreaterThan(0);
  });

  test('carries the GPS position, camera make, model, serial and owner in its EXIF block', async () => {
    const { exif } = await sharp(await phonePhoto()).metadata();
    const tags = exifReader(exif!);
    expect([tags.Image?.Make, tags.Image?.Model, tags.Image?.Artist]).toEqual([
      PHONE_EXIF.make,
      PHONE_EXIF.model,
      PHONE_EXIF.owner,
    ]);
    expect([tags.Photo?.BodySerialNumber, tags.Photo?.CameraOwnerName]).toEqual([PHONE_EXIF.serial, PHONE_EXIF.owner]);
    const [degrees, minutes, seconds] = tags.GPSInfo!.GPSLatitude as number[];
    expect(degrees! + minutes! / 60 + seconds! / 3600).toBeCloseTo(PHONE_EXIF.latitude, 4);
    expect([tags.GPSInfo?.GPSLatitudeRef, tags.GPSInfo?.GPSLongitudeRef]).toEqual(['N', 'W']);
  });

  test('is upright once turned: sky at the top, ground at the bottom, for every orientation phones write', async () => {
    for (const orientation of [1, 3, 6, 8] as const) {
      const upright = sharp(await phonePhoto({ orientation, width: 400, height: 300 })).rotate();
      const { data, info } = await upright.raw().toBuffer({ resolveWithObject: true });
      const blueOverGreen = (row: number) =>
        data[(row * info.width + Math.floor(info.width / 2)) * info.channels + 2]! -
        data[(row * info.width + Math.floor(info.width / 2)) * info.channels + 1]!;
      expect(blueOverGreen(2), `orientation ${orientation}: top row`).toBeGreaterThan(0);
      expect(blueOverGreen(info.height - 3), `orientation ${orientation}: bottom row`).toBeLessThan(0);
    }
  });
});

describe('privateMetadataIn', () => {
  test('finds every private fact in a phone photo and none once sharp has re-encoded it without metadata', async () => {
    const photo = await phonePhoto({ width: 400, height: 300 });
    expect(await privateMetadataIn(photo)).toEqual([
      'an EXIF block',
      'a GPS position',
      ...Object.entries(PHONE_EXIF)
        .filter(([, value]) => typeof value === 'string')
        .map(([fact, value]) => `the ${fact} "${value}"`),
    ]);
    for (const encode of [
      (image: sharp.Sharp) => image.jpeg(),
      (image: sharp.Sharp) => image.webp(),
      (image: sharp.Sharp) => image.avif({ effort: 0 }),
    ]) {
      expect(await privateMetadataIn(await encode(sharp(photo).rotate()).toBuffer())).toEqual([]);
    }
  });
});

test('photoSet writes distinct phone photos', async () => {
  const dir = await emptyFolder();
  const files = await photoSet(dir, 3, { width: 400, height: 300 });
  expect(files.map((file) => file.slice(dir.length + 1))).toEqual(['photo-01.jpg', 'photo-02.jpg', 'photo-03.jpg']);
  const bytes = await Promise.all(files.map((file) => readFile(file)));
  expect(new Set(bytes.map((photo) => photo.toString('base64'))).size).toBe(3);
  for (const photo of bytes) expect((await sharp(photo).metadata()).orientation).toBe(6);
});

test('transparentPng has an alpha channel with transparent pixels', async () => {
  const { data, info } = await sharp(await transparentPng())
    .raw()
    .toBuffer({ resolveWithObject: true });
  expect([info.width, info.height, info.channels]).toEqual([1200, 800, 4]);
  const alphas = new Set(Array.from({ length: info.width * info.height }, (_, pixel) => data[pixel * 4 + 3]));
  expect(alphas.has(0)).toBe(true);
  expect(alphas.has(255)).toBe(true);
});

test('corruptJpeg has a JPEG header sharp reads but pixels it cannot decode', async () => {
  const broken = await corruptJpeg();
  expect((await sharp(broken).metadata()).format).toBe('jpeg');
  await expect(sharp(broken).webp().toBuffer()).rejects.toThrow(/premature end/i);
});

test('undecodableHeic is an HEVC HEIF container, which the prebuilt libvips cannot decode', async () => {
  const heic = undecodableHeic();
  const metadata = await sharp(heic).metadata();
  expect([metadata.format, metadata.compression, metadata.width, metadata.height]).toEqual([
    'heif',
    'hevc',
    4032,
    3024,
  ]);
  await expect(sharp(heic).webp().toBuffer()).rejects.toThrow(/compression format has not been built in/);
});
