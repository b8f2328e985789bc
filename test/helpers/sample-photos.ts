// Sample photos for tests and the bench, made with sharp: synthetic scenes (sky, ground, a house, shrubs) with
// gradients, shapes, texture at every scale and sensor grain, so they compress like photos and not like flat
// colour, and show nobody. A 12 MP phone photo weighs about 4 MB and takes about 4 s to make on a busy machine.
import exifReader from 'exif-reader';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

/** What a phone writes into a photo's EXIF block: all of it private, none of it may reach a published file. */
export interface PhoneExif {
  make: string;
  model: string;
  serial: string;
  owner: string;
  /** Where the photo was taken, in decimal degrees (north and east positive). */
  latitude: number;
  longitude: number;
}

/** The EXIF a phone photo carries unless told otherwise; tests look for these strings in output files. */
export const PHONE_EXIF: PhoneExif = {
  make: 'Samplecam',
  model: 'Sample Phone 12 Pro',
  serial: 'SAMPLE-SERIAL-4711',
  owner: 'Pat Sample-Owner',
  latitude: 37.774_929,
  longitude: -122.419_416,
};

export interface PhonePhotoOptions {
  /** Which scene: photos of different seeds differ throughout. Default 1. */
  seed?: number;
  /** The pixels as stored, before the orientation is applied. Default 4032 × 3024, a 12 MP phone sensor. */
  width?: number;
  height?: number;
  /**
   * EXIF orientation, as phones write it (never mirrored). Default 6, a phone held upright: stored 4032 × 3024 and
   * turned 90° clockwise on display, upright 3024 × 4032. The scene is upright (sky at the top) only once turned.
   */
  orientation?: Orientation;
  /** JPEG quality. Default 90, as phones write. */
  quality?: number;
  /** Display P3 as phones tag their photos (default), or no colour profile. */
  profile?: 'p3' | 'none';
  /** What to write instead of PHONE_EXIF's facts. */
  exif?: Partial<PhoneExif>;
}

export type Orientation = 1 | 3 | 6 | 8;

/** How far (degrees clockwise) the upright scene is turned to be stored under each orientation. */
const STORED_TURN: Record<Orientation, number> = { 1: 0, 3: 180, 6: 270, 8: 90 };

const made = new Map<string, Promise<Buffer>>();

/** A phone photo: a JPEG with an EXIF block (orientation, GPS, make, model, serial, owner) and a colour profile. */
export function phonePhoto(options: PhonePhotoOptions = {}): Promise<Buffer> {
  // The same options give the same bytes: made once per process.
  const key = JSON.stringify(options);
  if (!made.has(key)) made.set(key, makePhonePhoto(options));
  return made.get(key)!;
}

async function makePhonePhoto({
  seed = 1,
  width = 4032,
  height = 3024,
  orientation = 6,
  quality = 90,
  profile = 'p3',
  exif = {},
}: PhonePhotoOptions): Promise<Buffer> {
  const facts = { ...PHONE_EXIF, ...exif };
  const pixels = await scenePixels(seed, width, height, orientation);
  let photo = sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality });
  if (profile === 'p3') photo = photo.withIccProfile('p3');
  return photo
    .withExif({
      IFD0: { Make: facts.make, Model: facts.model, Artist: facts.owner, DateTime: '2026:05:02 10:11:12' },
      IFD2: { BodySerialNumber: facts.serial, CameraOwnerName: facts.owner, DateTimeOriginal: '2026:05:02 10:11:12' },
      IFD3: {
        GPSLatitudeRef: facts.latitude >= 0 ? 'N' : 'S',
        GPSLatitude: degreesMinutesSeconds(facts.latitude),
        GPSLongitudeRef: facts.longitude >= 0 ? 'E' : 'W',
        GPSLongitude: degreesMinutesSeconds(facts.longitude),
      },
    })
    .withMetadata({ orientation }) // libvips writes the orientation from this, over any Orientation in withExif
    .toBuffer();
}

/** `count` distinct phone photos (seeds 1..count) written to `dir` as photo-01.jpg, ...; returns their paths. */
export async function photoSet(
  dir: string,
  count: number,
  options: Omit<PhonePhotoOptions, 'seed'> = {},
): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const files = Array.from({ length: count }, (_, index) =>
    path.join(dir, `photo-${String(index + 1).padStart(2, '0')}.jpg`),
  );
  // Two at a time: one photo's grain is drawn in JavaScript while sharp encodes the other.
  for (let index = 0; index < count; index += 2) {
    await Promise.all(
      files
        .slice(index, index + 2)
        .map(async (file, offset) => writeFile(file, await makePhonePhoto({ ...options, seed: index + offset + 1 }))),
    );
  }
  return files;
}

/** A PNG with transparency (a cut-out mark on a clear background), 1200 × 800 unless told otherwise. */
export async function transparentPng({ width = 1200, height = 800, seed = 1 } = {}): Promise<Buffer> {
  const next = random(seed);
  const shapes = Array.from(
    { length: 12 },
    () =>
      `<circle cx="${next() * width}" cy="${next() * height}" r="${20 + next() * height * 0.3}" fill="hsl(${Math.floor(
        next() * 360,
      )},55%,45%)" fill-opacity="${(0.4 + next() * 0.6).toFixed(2)}"/>`,
  );
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${shapes.join('')}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A phone photo (640 × 480) cut off after half its bytes, as an interrupted copy leaves it. */
export async function corruptJpeg(): Promise<Buffer> {
  const whole = await phonePhoto({ width: 640, height: 480 });
  return whole.subarray(0, Math.floor(whole.length / 2));
}

/**
 * A HEIC that cannot be decoded, for a file named `.heic`: a valid HEIF container (sharp's metadata() reads it:
 * format 'heif', compression 'hevc', 4032 × 3024) whose HEVC picture is filler, which no decoder can read. A real
 * HEIC photo is test/fixtures/heic/iphone-rotated.heic.
 */
export function undecodableHeic(width = 4032, height = 3024): Buffer {
  // An HEVCDecoderConfigurationRecord for Main profile, level 3, 8-bit 4:2:0, no parameter sets.
  const hevcConfig = box(
    'hvcC',
    Buffer.from([1, 0x01, 0x60, 0, 0, 0, 0x90, 0, 0, 0, 0, 0, 90, 0xf0, 0x00, 0xfc, 0xfd, 0xf8, 0xf8, 0, 0, 0x0f, 0]),
  );
  const payload = Buffer.alloc(4096, 0x5a);
  const meta = (payloadOffset: number) =>
    fullBox(
      'meta',
      0,
      fullBox('hdlr', 0, uint32(0), ascii('pict'), Buffer.alloc(12), Buffer.from([0])),
      fullBox('pitm', 0, uint16(1)),
      fullBox(
        'iloc',
        0,
        Buffer.from([0x44, 0x00]),
        uint16(1),
        uint16(1),
        uint16(0),
        uint16(1),
        uint32(payloadOffset),
        uint32(payload.length),
      ),
      fullBox('iinf', 0, uint16(1), fullBox('infe', 2, uint16(1), uint16(0), ascii('hvc1'), Buffer.from([0]))),
      box(
        'iprp',
        box('ipco', hevcConfig, fullBox('ispe', 0, uint32(width), uint32(height))),
        fullBox('ipma', 0, uint32(1), uint16(1), Buffer.from([2, 0x81, 0x02])),
      ),
    );
  const fileType = box('ftyp', ascii('heic'), uint32(0), ascii('mif1heic'));
  // The payload follows the file type, the metadata and the mdat box's own 8-byte header.
  return Buffer.concat([fileType, meta(fileType.length + meta(0).length + 8), box('mdat', payload)]);
}

/**
 * What of a phone's private metadata `image` (JPEG, PNG, WebP or AVIF) still carries: an EXIF block, its GPS
 * position, an XMP block, or any of PHONE_EXIF's strings anywhere in its bytes. Empty when it carries none.
 */
export async function privateMetadataIn(image: Buffer): Promise<string[]> {
  const { exif, xmp } = await sharp(image).metadata();
  const found = [
    ...(exif ? ['an EXIF block'] : []),
    ...(exif && exifReader(exif).GPSInfo ? ['a GPS position'] : []),
    ...(xmp ? ['an XMP block'] : []),
  ];
  for (const [fact, text] of Object.entries(PHONE_EXIF)) {
    if (typeof text === 'string' && image.includes(text, 0, 'latin1')) found.push(`the ${fact} "${text}"`);
  }
  return found;
}

/** The stored pixels of scene `seed` as raw RGB: the upright scene turned so that `orientation` turns it upright again. */
async function scenePixels(seed: number, width: number, height: number, orientation: Orientation): Promise<Buffer> {
  const sideways = orientation === 6 || orientation === 8;
  const [uprightWidth, uprightHeight] = sideways ? [height, width] : [width, height];
  // Drawn at half size by librsvg (at full size it takes seconds), then turned and enlarged by libvips.
  const svg = sceneSvg(seed, uprightWidth, uprightHeight, Math.max(1, Math.round(uprightWidth / 2)));
  const [pixels, detail] = await Promise.all([
    sharp(Buffer.from(svg)).removeAlpha().rotate(STORED_TURN[orientation]).resize(width, height).raw().toBuffer(),
    texture(seed, width, height),
  ]);
  // Texture, stronger in dark areas (foliage, roof) than in bright ones (sky, walls), and sensor grain, mostly
  // luminance (two bytes of one random word), a little colour (two more bits). Without the texture AVIF smooths the
  // grain away: its files came out a seventeenth of the size (10 kB at 1600 px, against 170) in half the time.
  const word = randomWords(seed * 7919);
  for (let pixel = 0, index = 0; index < pixels.length; pixel++, index += 3) {
    const bits = word();
    const shade = Math.max(0.15, 1.3 - (pixels[index]! + pixels[index + 1]! + pixels[index + 2]!) / 600);
    const grain = ((bits & 255) + ((bits >>> 8) & 255) - 255) / 16 + (detail[pixel]! - 128) * shade;
    const tinted = (bits >>> 16) & 3;
    for (let channel = 0; channel < 3; channel++) {
      pixels[index + channel] = Math.min(
        255,
        Math.max(0, pixels[index + channel]! + grain + (channel === tinted ? 3 : 0)),
      );
    }
  }
  return pixels;
}

/**
 * Detail at every scale, as one channel around 128: random values at 1/48 of the size, enlarged and added to at
 * 1/12, then at 1/3, then enlarged to the full size. extractChannel(0): sharp makes three channels of one.
 */
async function texture(seed: number, width: number, height: number): Promise<Buffer> {
  const word = randomWords(seed * 104_729);
  let [level, levelWidth, levelHeight]: [Buffer, number, number] = [Buffer.alloc(0), 0, 0];
  for (const divisor of [48, 12, 3]) {
    const [nextWidth, nextHeight] = [Math.ceil(width / divisor), Math.ceil(height / divisor)];
    const below = levelWidth
      ? await sharp(level, { raw: { width: levelWidth, height: levelHeight, channels: 1 } })
          .resize(nextWidth, nextHeight, { kernel: 'cubic' })
          .extractChannel(0)
          .raw()
          .toBuffer()
      : Buffer.alloc(nextWidth * nextHeight, 128);
    for (let index = 0; index < below.length; index++) {
      below[index] = Math.min(255, Math.max(0, below[index]! + ((word() >>> 26) - 32) * 0.6));
    }
    [level, levelWidth, levelHeight] = [below, nextWidth, nextHeight];
  }
  return sharp(level, { raw: { width: levelWidth, height: levelHeight, channels: 1 } })
    .resize(width, height, {
      kernel: 'cubic',
    })
    .extractChannel(0)
    .raw()
    .toBuffer();
}

/** An SVG of an outdoor scene in `width` × `height` units, rendered `drawnWidth` pixels wide. */
function sceneSvg(seed: number, width: number, height: number, drawnWidth: number): string {
  const next = random(seed);
  const pick = (low: number, high: number) => low + next() * (high - low);
  const hue = Math.floor(pick(0, 360));
  const horizon = height * pick(0.55, 0.7);
  const [houseX, houseWidth] = [width * pick(0, 0.4), width * pick(0.35, 0.6)];
  const houseTop = horizon - height * pick(0.25, 0.35);
  const parts = [
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${pick(
      195,
      220,
    )},60%,${pick(50, 70)}%)"/><stop offset="1" stop-color="hsl(${pick(25, 50)},50%,85%)"/></linearGradient>`,
    `<radialGradient id="sun"><stop offset="0" stop-color="#fff8e0"/><stop offset="1" stop-color="#fff8e0" stop-opacity="0"/></radialGradient>`,
    `<linearGradient id="ground" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${pick(
      90,
      130,
    )},35%,35%)"/><stop offset="1" stop-color="hsl(${pick(60, 90)},30%,22%)"/></linearGradient></defs>`,
    `<rect width="${width}" height="${height}" fill="url(#sky)"/>`,
    `<circle cx="${pick(0, width)}" cy="${pick(0, height * 0.3)}" r="${pick(0.1, 0.2) * width}" fill="url(#sun)"/>`,
    `<rect y="${horizon}" width="${width}" height="${height - horizon}" fill="url(#ground)"/>`,
    `<rect x="${houseX}" y="${houseTop}" width="${houseWidth}" height="${
      horizon - houseTop + height * 0.02
    }" fill="hsl(${hue},25%,${pick(60, 85)}%)"/>`,
    `<polygon points="${houseX - width * 0.02},${houseTop} ${houseX + houseWidth / 2},${houseTop - height * 0.15} ${
      houseX + houseWidth * 1.02
    },${houseTop}" fill="hsl(${(hue + 180) % 360},20%,${pick(25, 40)}%)"/>`,
  ];
  // Siding boards, windows, then shrubs in front: edges and texture at several scales.
  for (let y = houseTop + height * 0.02; y < horizon; y += height * 0.015) {
    parts.push(
      `<rect x="${houseX}" y="${y}" width="${houseWidth}" height="${height * 0.002}" fill="#000" fill-opacity="0.12"/>`,
    );
  }
  for (let window = 0; window < 6; window++) {
    parts.push(
      `<rect x="${houseX + houseWidth * (0.05 + window * 0.155)}" y="${
        houseTop + height * (0.04 + (window % 2) * 0.012)
      }" width="${houseWidth * 0.09}" height="${height * 0.1}" fill="hsl(210,30%,${pick(
        20,
        50,
      )}%)" stroke="#f4f1ea" stroke-width="${width * 0.0035}"/>`,
    );
  }
  for (let shrub = 0; shrub < 40; shrub++) {
    parts.push(
      `<ellipse cx="${pick(0, width)}" cy="${pick(horizon, height)}" rx="${pick(0.015, 0.08) * width}" ry="${
        pick(0.013, 0.066) * height
      }" fill="hsl(${pick(80, 140)},${pick(30, 60)}%,${pick(15, 45)}%)" fill-opacity="${pick(0.5, 1).toFixed(2)}"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${drawnWidth}" height="${Math.round(
    (drawnWidth * height) / width,
  )}" viewBox="0 0 ${width} ${height}">${parts.join('')}</svg>`;
}

/** A small seeded generator (mulberry32) of 32-bit words: the same seed, the same photo. */
function randomWords(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), state | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return (mixed ^ (mixed >>> 14)) >>> 0;
  };
}

/** The same, as numbers in [0, 1). */
function random(seed: number): () => number {
  const word = randomWords(seed);
  return () => word() / 2 ** 32;
}

/** Decimal degrees as EXIF's three rationals, in the text form libvips parses ("37/1 46/1 2997/100"). */
function degreesMinutesSeconds(decimal: number): string {
  const total = Math.round(Math.abs(decimal) * 360_000); // hundredths of a second
  return `${Math.floor(total / 360_000)}/1 ${Math.floor((total % 360_000) / 6000)}/1 ${total % 6000}/100`;
}

const ascii = (text: string) => Buffer.from(text, 'latin1');
const uint16 = (value: number) => Buffer.from([value >> 8, value & 255]);
const uint32 = (value: number) => Buffer.from([value >>> 24, (value >> 16) & 255, (value >> 8) & 255, value & 255]);
/** An ISO base media file format box: size, type, body. */
const box = (type: string, ...body: Buffer[]) =>
  Buffer.concat([uint32(8 + body.reduce((sum, part) => sum + part.length, 0)), ascii(type), ...body]);
const fullBox = (type: string, version: number, ...body: Buffer[]) =>
  box(type, Buffer.from([version, 0, 0, 0]), ...body);
