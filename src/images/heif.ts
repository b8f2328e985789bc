import { createRequire } from 'node:module';
import { crc32, deflateSync } from 'node:zlib';
import { SiteError } from '../core/errors.ts';
import { loadSharp } from './sharp.ts';

// HEIF photos (HEIC, an iPhone's default), which sharp's prebuilt libvips cannot decode (it has no HEVC decoder):
// libheif compiled to WebAssembly (the registry package libheif-js, LGPL-3.0) decodes them, with the file's own
// rotation and mirroring (`irot`, `imir`) applied. The pixels then go through the same pipeline as any photo, as a
// lossless PNG that carries the file's colour profile, so that sharp turns it into sRGB (an iPhone shoots in Display
// P3) and keeps no metadata.

/** A HEIF photo's upright size, read from its container without decoding the picture. */
export interface HeifSize {
  width: number;
  height: number;
  alpha: boolean;
}

/** True when `bytes` start like a HEIF file of HEVC pictures (an AVIF is HEIF too, but sharp reads those). */
export function isHeif(bytes: Uint8Array): boolean {
  if (bytes.length < 16 || latin1(bytes, 4, 8) !== 'ftyp') return false;
  const size = Math.min(readUint32(bytes, 0), bytes.length);
  const brands = [latin1(bytes, 8, 12)];
  for (let at = 16; at + 4 <= size; at += 4) brands.push(latin1(bytes, at, at + 4));
  if (brands.some((brand) => ['avif', 'avis'].includes(brand))) return false;
  return brands.some((brand) => ['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1'].includes(brand));
}

/** The upright size of a HEIF photo's primary image; a file libheif cannot read is IMAGE_UNREADABLE, naming it. */
export async function heifSize(bytes: Uint8Array, shown: string): Promise<HeifSize> {
  return withPrimaryImage(bytes, shown, (_, image) => ({
    width: image.get_width(),
    height: image.get_height(),
    alpha: image.has_alpha_channel(),
  }));
}

/**
 * A HEIF photo decoded upright into a lossless PNG (no compression: it lives only while its sizes are encoded) that
 * carries the file's colour profile; a picture libheif cannot decode is IMAGE_UNREADABLE, naming the file.
 */
export async function heifAsPng(bytes: Uint8Array, shown: string): Promise<Buffer> {
  const { pixels, width, height, channels } = await withPrimaryImage(bytes, shown, (libheif, image) =>
    decodePixels(libheif, image, shown),
  );
  const sharp = await loadSharp();
  const png = await sharp(pixels, { raw: { width, height, channels } }).png({ compressionLevel: 0 }).toBuffer();
  const profile = await colourProfile(bytes);
  return profile ? withIccChunk(png, profile) : png;
}

let decoderVersion: string | undefined;
/** The version of libheif that decodes, for the cache keys of what it decoded. */
export const heifDecoderVersion = (): string =>
  (decoderVersion ??= `libheif-js ${
    (createRequire(import.meta.url)('libheif-js/package.json') as { version: string }).version
  }`);

/** What this file uses of libheif-js's Emscripten module (it ships no types for its high-level API). */
interface Libheif {
  heif_context_alloc(): unknown;
  heif_context_free(context: unknown): void;
  heif_context_read_from_memory(context: unknown, bytes: Uint8Array): LibheifError;
  heif_js_context_get_primary_image_handle(context: unknown): unknown;
  heif_js_decode_image2(handle: unknown, colorspace: unknown, chroma: unknown): Promise<DecodedImage | LibheifError>;
  heif_image_release(image: unknown): void;
  heif_error_code: { heif_error_Ok: unknown };
  heif_colorspace: { heif_colorspace_RGB: unknown };
  heif_chroma: { heif_chroma_interleaved_RGB: unknown; heif_chroma_interleaved_RGBA: unknown };
  heif_channel: { heif_channel_interleaved: unknown };
  HeifImage: new (handle: unknown) => HeifImage;
}
interface LibheifError {
  code: unknown;
  message: string;
}
interface HeifImage {
  get_width(): number;
  get_height(): number;
  has_alpha_channel(): boolean;
  free(): void;
  handle: unknown;
}
interface DecodedImage {
  image: unknown;
  channels: Array<{ id: unknown; data: Uint8Array; width: number; height: number; stride: number }>;
}

let loaded: Libheif | undefined;
/** libheif, loaded by the first build that meets a HEIF photo: its 1.4 MB of WebAssembly compile in about 0.2 s. */
const libheif = (): Libheif => (loaded ??= createRequire(import.meta.url)('libheif-js/wasm-bundle') as Libheif);

/** Runs `use` on the file's primary image, freeing libheif's memory after. */
async function withPrimaryImage<T>(
  bytes: Uint8Array,
  shown: string,
  use: (libheif: Libheif, image: HeifImage) => T | Promise<T>,
): Promise<T> {
  const lib = libheif();
  const context = lib.heif_context_alloc();
  try {
    const read = lib.heif_context_read_from_memory(context, bytes);
    if (read.code !== lib.heif_error_code.heif_error_Ok) throw unreadable(shown, read.message);
    const handle = lib.heif_js_context_get_primary_image_handle(context) as unknown;
    if (!handle || (handle as Partial<LibheifError>).code !== undefined) {
      throw unreadable(shown, (handle as Partial<LibheifError> | undefined)?.message ?? 'it holds no image');
    }
    const image = new lib.HeifImage(handle);
    try {
      return await use(lib, image);
    } finally {
      image.free();
    }
  } finally {
    lib.heif_context_free(context);
  }
}

/** The image's pixels, upright, as interleaved 8-bit RGB (RGBA when it has an alpha channel), rows packed. */
async function decodePixels(
  lib: Libheif,
  image: HeifImage,
  shown: string,
): Promise<{ pixels: Buffer; width: number; height: number; channels: 3 | 4 }> {
  const channels = image.has_alpha_channel() ? 4 : 3;
  const chroma =
    channels === 4 ? lib.heif_chroma.heif_chroma_interleaved_RGBA : lib.heif_chroma.heif_chroma_interleaved_RGB;
  const decoded = await lib.heif_js_decode_image2(image.handle, lib.heif_colorspace.heif_colorspace_RGB, chroma);
  if (!decoded || 'code' in decoded) throw unreadable(shown, decoded?.message ?? 'its picture could not be decoded');
  try {
    const plane = decoded.channels.find((channel) => channel.id === lib.heif_channel.heif_channel_interleaved);
    if (!plane) throw unreadable(shown, 'its picture decoded to no pixels');
    const row = plane.width * channels;
    const pixels = Buffer.alloc(row * plane.height);
    for (let y = 0; y < plane.height; y++)
      pixels.set(plane.data.subarray(y * plane.stride, y * plane.stride + row), y * row);
    return { pixels, width: plane.width, height: plane.height, channels };
  } finally {
    lib.heif_image_release(decoded.image);
  }
}

const unreadable = (shown: string, reason: string): SiteError =>
  new SiteError('IMAGE_UNREADABLE', `${shown} is a HEIF (HEIC) photo that could not be read: ${reason}.`, {
    file: shown,
    hint: 'Copy the photo from the phone again (an interrupted copy leaves it cut short), or share it as JPEG.',
  });

/**
 * The ICC profile of the primary image from its `colr` property (an iPhone writes Display P3 so), or the one libvips
 * has for the primaries an `nclx` property names (P3; BT.709 is sRGB already). Undefined when the file says nothing.
 */
async function colourProfile(bytes: Uint8Array): Promise<Buffer | undefined> {
  const colour = primaryColour(bytes);
  if (!colour) return undefined;
  if (colour.type === 'icc') return Buffer.from(colour.icc);
  // H.273 colour primaries 12: Display P3 (SMPTE EG 432-1).
  if (colour.primaries !== 12) return undefined;
  const sharp = await loadSharp();
  const tagged = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
    .withIccProfile('p3')
    .png()
    .toBuffer();
  return (await sharp(tagged).metadata()).icc;
}

type Colour = { type: 'icc'; icc: Uint8Array } | { type: 'nclx'; primaries: number };

/** The `colr` property of the file's primary item (or, failing that, the first one it holds), read from its boxes. */
function primaryColour(bytes: Uint8Array): Colour | undefined {
  const meta = childBoxes(bytes, 0, bytes.length).find((box) => box.type === 'meta');
  if (!meta) return undefined;
  const inMeta = childBoxes(bytes, meta.body + 4, meta.end);
  const pitm = inMeta.find((box) => box.type === 'pitm');
  const iprp = inMeta.find((box) => box.type === 'iprp');
  if (!pitm || !iprp) return undefined;
  const primary = bytes[pitm.body] === 0 ? readUint16(bytes, pitm.body + 4) : readUint32(bytes, pitm.body + 4);
  const inIprp = childBoxes(bytes, iprp.body, iprp.end);
  const ipco = inIprp.find((box) => box.type === 'ipco');
  const ipma = inIprp.find((box) => box.type === 'ipma');
  if (!ipco) return undefined;
  const properties = childBoxes(bytes, ipco.body, ipco.end);
  const associated = ipma ? associations(bytes, ipma, primary) : [];
  const colr =
    associated.map((index) => properties[index - 1]).find((box) => box?.type === 'colr') ??
    properties.find((box) => box.type === 'colr');
  if (!colr) return undefined;
  const kind = latin1(bytes, colr.body, colr.body + 4);
  if (kind === 'prof' || kind === 'rICC') return { type: 'icc', icc: bytes.subarray(colr.body + 4, colr.end) };
  if (kind === 'nclx') return { type: 'nclx', primaries: readUint16(bytes, colr.body + 4) };
  return undefined;
}

/** The 1-based property indices `ipma` associates with `item`. */
function associations(bytes: Uint8Array, ipma: Box, item: number): number[] {
  const version = bytes[ipma.body]!;
  const wide = (bytes[ipma.body + 3]! & 1) === 1;
  let at = ipma.body + 4;
  const count = readUint32(bytes, at);
  at += 4;
  for (let entry = 0; entry < count && at < ipma.end; entry++) {
    const id = version < 1 ? readUint16(bytes, at) : readUint32(bytes, at);
    at += version < 1 ? 2 : 4;
    const total = bytes[at]!;
    at += 1;
    const indices: number[] = [];
    for (let index = 0; index < total; index++) {
      indices.push(wide ? readUint16(bytes, at) & 0x7fff : bytes[at]! & 0x7f);
      at += wide ? 2 : 1;
    }
    if (id === item) return indices;
  }
  return [];
}

/** An ISO base media box: its type, where its contents start and where it ends. */
type Box = { type: string; body: number; end: number };

/** The boxes between `start` and `end`; stops at one whose size does not fit. */
function childBoxes(bytes: Uint8Array, start: number, end: number): Box[] {
  const boxes: Box[] = [];
  for (let at = start; at + 8 <= end;) {
    let size = readUint32(bytes, at);
    let body = at + 8;
    if (size === 1 && at + 16 <= end) {
      size = Number((BigInt(readUint32(bytes, at + 8)) << 32n) | BigInt(readUint32(bytes, at + 12)));
      body = at + 16;
    } else if (size === 0) size = end - at;
    if (size < body - at || at + size > end) break;
    boxes.push({ type: latin1(bytes, at + 4, at + 8), body, end: at + size });
    at += size;
  }
  return boxes;
}

/** The PNG with an `iCCP` chunk (the profile, deflated) after its header, as PNG orders it. */
function withIccChunk(png: Buffer, icc: Buffer): Buffer {
  const data = Buffer.concat([Buffer.from('icc\0\0', 'latin1'), deflateSync(icc)]);
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write('iCCP', 4, 'latin1');
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length);
  // The signature (8 bytes), then IHDR: its length, type, 13 bytes of data and CRC.
  const afterHeader = 8 + 12 + png.readUInt32BE(8);
  return Buffer.concat([png.subarray(0, afterHeader), chunk, png.subarray(afterHeader)]);
}

const latin1 = (bytes: Uint8Array, start: number, end: number): string =>
  String.fromCharCode(...bytes.subarray(start, end));
const readUint16 = (bytes: Uint8Array, at: number): number => ((bytes[at]! << 8) | bytes[at + 1]!) >>> 0;
const readUint32 = (bytes: Uint8Array, at: number): number =>
  ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;
