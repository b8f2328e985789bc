import type { IncomingHttpHeaders } from 'node:http';

/** True when an If-None-Match header names the ETag: `*`, or any tag in the list, weak (`W/`) forms included. */
export function etagMatches(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch.trim() === '*') return true;
  const wanted = stripWeak(etag);
  const tags = ifNoneMatch.match(/\*|(?:W\/)?"[^"]*"/g) ?? [];
  return tags.some((tag) => tag === '*' || stripWeak(tag) === wanted);
}

/** True when the request's validators show the client's copy is current, so a 304 answers it. */
export function isNotModified(headers: IncomingHttpHeaders, etag: string, lastModified: Date): boolean {
  const ifNoneMatch = headers['if-none-match'];
  // If-None-Match wins over If-Modified-Since when both are sent (RFC 9110, 13.2.2).
  if (ifNoneMatch !== undefined) return etagMatches(ifNoneMatch, etag);
  const ifModifiedSince = headers['if-modified-since'];
  if (ifModifiedSince === undefined) return false;
  const since = Date.parse(ifModifiedSince);
  if (Number.isNaN(since)) return false;
  // HTTP dates have whole seconds; the file's mtime has milliseconds.
  return Math.floor(lastModified.getTime() / 1000) <= Math.floor(since / 1000);
}

function stripWeak(tag: string): string {
  return tag.startsWith('W/') ? tag.slice(2) : tag;
}
