import fresh from 'fresh';
import { describe, expect, it } from 'vitest';
import { LIVE_RELOAD_OFF } from '../../src/core/live-reload-off.ts';
import { cleanUrlOf, encodePath, sameOriginPath, splitTarget } from '../../src/host/url-paths.ts';
import { chooseEncoding } from '../../src/serve/accept-encoding.ts';
import { parseRange } from '../../src/serve/byte-range.ts';
import { injectLiveReload } from '../../src/serve/live-reload.ts';
import { contentTypeFor, isCompressible } from '../../src/serve/mime-types.ts';

describe('chooseEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, br', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br; q=0.0, gzip;q=0.5', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['BR', 'br'],
    ['gzip;q=0', 'identity'],
    ['*', 'br'],
    ['*, br;q=0', 'gzip'],
    ['*;q=0', 'identity'],
    ['deflate', 'identity'],
  ])('%j → %s', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});

// send-file.ts asks `fresh` whether a 304 answers the request; these are the answers it relies on.
describe('fresh, as send-file calls it', () => {
  const mtime = new Date('2024-05-01T10:00:00.500Z');
  const notModified = (request: Record<string, string>, etag = '"abc"') =>
    fresh(request, { etag, 'last-modified': mtime.toUTCString() });

  it('matches exact, weak, listed and * forms of If-None-Match', () => {
    for (const tag of ['"abc"', 'W/"abc"', '"x", W/"abc" ,"y"', '*']) {
      expect(notModified({ 'if-none-match': tag }), tag).toBe(true);
    }
    for (const tag of ['"abc-br"', 'abc']) expect(notModified({ 'if-none-match': tag }), tag).toBe(false);
  });

  it('lets If-None-Match win over If-Modified-Since, which compares whole seconds', () => {
    const later = 'Wed, 01 May 2024 11:00:00 GMT';
    expect(notModified({ 'if-modified-since': later })).toBe(true);
    expect(notModified({ 'if-modified-since': 'Wed, 01 May 2024 10:00:00 GMT' })).toBe(true);
    expect(notModified({ 'if-modified-since': 'Wed, 01 May 2024 09:59:59 GMT' })).toBe(false);
    expect(notModified({ 'if-none-match': '"b"', 'if-modified-since': later })).toBe(false);
    expect(notModified({ 'if-modified-since': 'nonsense' })).toBe(false);
    expect(notModified({})).toBe(false);
  });
});

describe('parseRange', () => {
  it.each([
    [undefined, undefined],
    ['bytes=0-3', { start: 0, end: 3 }],
    ['bytes=5-', { start: 5, end: 9 }],
    ['bytes=-3', { start: 7, end: 9 }],
    ['bytes=-30', { start: 0, end: 9 }],
    ['bytes=8-100', { start: 8, end: 9 }],
    ['bytes=10-', 'unsatisfiable'],
    ['bytes=-0', 'unsatisfiable'],
    ['bytes=5-3', undefined],
    ['bytes=0-1,3-4', undefined],
    ['items=0-1', undefined],
  ])('%j of 10 bytes → %j', (header, expected) => {
    expect(parseRange(header, 10)).toEqual(expected);
  });
});

describe('content types', () => {
  it.each([
    ['a.html', 'text/html; charset=utf-8'],
    ['a.CSS', 'text/css; charset=utf-8'],
    ['a.mjs', 'text/javascript; charset=utf-8'],
    ['a.js.map', 'application/json; charset=utf-8'],
    ['feed.xml', 'application/xml; charset=utf-8'],
    ['feed.rss', 'application/rss+xml; charset=utf-8'],
    ['icon.svg', 'image/svg+xml; charset=utf-8'],
    ['notes.md', 'text/markdown; charset=utf-8'],
    ['a.jpeg', 'image/jpeg'],
    ['a.avif', 'image/avif'],
    ['favicon.ico', 'image/vnd.microsoft.icon'],
    ['a.woff2', 'font/woff2'],
    ['a.webm', 'video/webm'],
    ['a.pdf', 'application/pdf'],
    ['site.webmanifest', 'application/manifest+json; charset=utf-8'],
    ['README', 'application/octet-stream'],
    ['a.unknown', 'application/octet-stream'],
  ])('%s → %s', (file, type) => {
    expect(contentTypeFor(file)).toBe(type);
  });

  it('compresses text types only', () => {
    expect(
      ['a.html', 'a.css', 'a.js', 'a.json', 'a.xml', 'a.svg', 'a.txt', 'a.map', 'a.webmanifest'].every(isCompressible),
    ).toBe(true);
    // mime-db marks some of these compressible (application/octet-stream, tar, icons): they stay streamed, with byte ranges.
    expect(['a.png', 'a.woff2', 'a.mp4', 'a.pdf', 'a.bin', 'a.tar', 'favicon.ico'].some(isCompressible)).toBe(false);
  });
});

describe('url paths', () => {
  it('splits the query string off', () => {
    expect(splitTarget('/blog?page=2&x=?')).toEqual({ rawPath: '/blog', query: '?page=2&x=?' });
    expect(splitTarget('/blog')).toEqual({ rawPath: '/blog', query: '' });
  });

  it('turns page files into clean URLs', () => {
    expect(cleanUrlOf('/about.html')).toBe('/about');
    expect(cleanUrlOf('/index.html')).toBe('/');
    expect(cleanUrlOf('/blog/index.html')).toBe('/blog');
    expect(cleanUrlOf('/blog/kitchen-design-tips.html')).toBe('/blog/kitchen-design-tips');
  });

  it('encodes a path for Location and keeps it on this host', () => {
    expect(encodePath('/café menu?#')).toBe('/caf%C3%A9%20menu%3F%23');
    expect(sameOriginPath('//evil.example')).toBe('/evil.example');
    expect(sameOriginPath('/fine')).toBe('/fine');
  });
});

describe('injectLiveReload', () => {
  const tag = '<script src="/__site/livereload.js" defer></script>';

  it('inserts before the last </body>, whatever its case', () => {
    expect(injectLiveReload(Buffer.from('<body>é</body>')).toString()).toBe(`<body>é${tag}</body>`);
    expect(injectLiveReload(Buffer.from('<p>"</body>"</p></BODY></html>')).toString()).toBe(
      `<p>"</body>"</p>${tag}</BODY></html>`,
    );
  });

  it('appends when there is no </body>', () => {
    expect(injectLiveReload(Buffer.from('<p>hi</p>')).toString()).toBe(`<p>hi</p>${tag}`);
  });

  it('leaves alone a page that holds unsaved work and says so (the editor)', () => {
    const editor = `<head>${LIVE_RELOAD_OFF}</head><body></body>`;
    expect(injectLiveReload(Buffer.from(editor)).toString()).toBe(editor);
  });
});
