import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32, deflateSync } from 'node:zlib';

/**
 * A stand-in for the photo and video hosts, which this machine cannot reach, on 127.0.0.1. A request for
 * `/<host>/<path>?w=<width>` gets a PNG `width` wide at the 3:2 shape of the site's photos, padded to
 * about the bytes a real photo of that size weighs (0.12 bytes a pixel, a web photo at quality 75), so
 * Lighthouse measures loading with realistic transfer sizes. A video request gets an empty MP4, as if the
 * host refused to stream: the page must cope quietly.
 */
export async function startStandInMedia(): Promise<{ origin: string; close(): Promise<void> }> {
  const cache = new Map<string, Buffer>();
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    if (/\.(mp4|webm)$/i.test(url.pathname)) {
      response.writeHead(200, {
        'Content-Type': 'video/mp4',
        'Content-Length': '0',
        'Access-Control-Allow-Origin': '*',
      });
      response.end();
      return;
    }
    const width = clamp(Number(url.searchParams.get('w')) || 1200, 16, 2400);
    const height = Math.round((width * 2) / 3);
    const key = `${width}x${height}:${url.pathname}`;
    const body = cache.get(key) ?? png(width, height, colourOf(url.pathname), Math.round(width * height * 0.12));
    cache.set(key, body);
    response.writeHead(200, {
      'Content-Type': 'image/png',
      'Content-Length': String(body.length),
      'Cache-Control': 'public, max-age=31536000',
      'Access-Control-Allow-Origin': '*',
    });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, Math.round(value)));

/** A muted colour of the site's palette, the same for the same photo. */
function colourOf(path: string): [number, number, number] {
  const hash = crc32(path);
  return [150 + (hash & 63), 160 + ((hash >> 6) & 63), 140 + ((hash >> 12) & 63)];
}

/** A solid-colour RGB PNG with a private ancillary chunk of `targetBytes` padding (decoders skip it). */
function png(width: number, height: number, [r, g, b]: [number, number, number], targetBytes: number): Buffer {
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set([r, g, b], 1 + x * 3);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const padding = Math.max(0, targetBytes - pixels.length - 57);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('pdDg', Buffer.alloc(padding, 0x2a)),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}
