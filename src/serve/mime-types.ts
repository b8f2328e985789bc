import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.htm': 'text/html',
  '.css': 'text/css',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.json': 'application/json',
  '.map': 'application/json',
  '.xml': 'application/xml',
  '.rss': 'application/xml',
  '.txt': 'text/plain',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.pdf': 'application/pdf',
  '.webmanifest': 'application/manifest+json',
};

// Types whose bytes are text: they get a charset, and they shrink when compressed.
const TEXT_TYPES = new Set([
  'text/html',
  'text/css',
  'text/javascript',
  'text/plain',
  'application/json',
  'application/xml',
  'image/svg+xml',
  'application/manifest+json',
]);

const FALLBACK = 'application/octet-stream';

function baseTypeFor(filePath: string): string {
  return TYPES[path.extname(filePath).toLowerCase()] ?? FALLBACK;
}

/** The Content-Type for a file by its extension; text types carry `; charset=utf-8`. */
export function contentTypeFor(filePath: string): string {
  const type = baseTypeFor(filePath);
  return TEXT_TYPES.has(type) ? `${type}; charset=utf-8` : type;
}

/** True when the file's type is worth compressing (html, css, js, json, xml, svg, txt, map, webmanifest). */
export function isCompressible(filePath: string): boolean {
  return TEXT_TYPES.has(baseTypeFor(filePath));
}

/** True when the file is an HTML page (the live-reload script goes into these). */
export function isHtml(filePath: string): boolean {
  return baseTypeFor(filePath) === 'text/html';
}
