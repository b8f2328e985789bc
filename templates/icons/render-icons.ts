// `npm run icons`: renders the logo mark (public/favicon.svg) into the bitmap icons browsers and phones ask
// for, with Debian's Chromium: favicon.ico (32 px), apple-touch-icon.png (180 px, full bleed: iOS rounds the
// corners itself) and the manifest's 192 and 512 px icons. Run it after changing the logo; commit the output.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const PUBLIC = fileURLToPath(new URL('../../public/', import.meta.url));
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const svg = await readFile(path.join(PUBLIC, 'favicon.svg'), 'utf8');
// The touch and manifest icons are square tiles: the platform applies its own mask.
const square = svg.replace(/<rect([^>]*?) rx="[\d.]+"/, '<rect$1');

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: FLAGS });
try {
  const page = await browser.newPage();
  const render = async (source: string, size: number): Promise<Buffer> => {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(`<style>html,body{margin:0}svg{display:block;width:${size}px;height:${size}px}</style>${source}`);
    return page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
  };
  await writeFile(path.join(PUBLIC, 'favicon.ico'), icoOf(await render(svg, 32), 32));
  await writeFile(path.join(PUBLIC, 'apple-touch-icon.png'), await render(square, 180));
  await writeFile(path.join(PUBLIC, 'icon-192.png'), await render(square, 192));
  await writeFile(path.join(PUBLIC, 'icon-512.png'), await render(square, 512));
} finally {
  await browser.close();
}

/** An .ico holding one PNG image (every current browser reads PNG-in-ICO). */
function icoOf(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(6 + 16);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(1, 4);
  header.writeUInt8(size, 6);
  header.writeUInt8(size, 7);
  header.writeUInt8(0, 8);
  header.writeUInt8(0, 9);
  header.writeUInt16LE(1, 10);
  header.writeUInt16LE(32, 12);
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(header.length, 18);
  return Buffer.concat([header, png]);
}
