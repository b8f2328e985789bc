import { contentType, lookup } from 'mime-types';

/**
 * The Content-Type for a file by its extension, from mime-db's table (mime-types); text types carry
 * `; charset=utf-8`. mime-types gives a charset to text/* and the types mime-db marks UTF-8 (JSON, JavaScript, the
 * web manifest); XML ones (the sitemap, SVG, feeds) are text the build writes in UTF-8 too.
 */
export function contentTypeFor(filePath: string): string {
  const type = lookup(filePath);
  if (type === false) return 'application/octet-stream';
  return /[+/]xml$/.test(type) ? `${type}; charset=utf-8` : contentType(type) || type;
}

/**
 * True when the file's bytes are text (its type carries a charset): it shrinks when compressed. Not mime-db's
 * `compressible` flag, which also marks application/octet-stream, tar and disk images: a compressible file is held in
 * memory whole and served without byte ranges.
 */
export function isCompressible(filePath: string): boolean {
  return contentTypeFor(filePath).endsWith('; charset=utf-8');
}

/** True when the file is an HTML page (the live-reload script goes into these). */
export function isHtml(filePath: string): boolean {
  return lookup(filePath) === 'text/html';
}
