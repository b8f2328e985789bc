/** One URL of the sitemap. */
export interface SitemapEntry {
  /** Absolute, or a path resolved on the sitemap's hostname. */
  url: string;
  lastmod: string;
  changefreq?: 'daily' | 'weekly' | 'monthly' | 'yearly';
  priority?: number;
}

// Characters XML 1.0 does not allow in text, which a sitemap reader would reject: dropped.
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u0084\u0086-\u009F\uD800-\uDFFF\p{NChar}]/gu;
const text = (value: string): string => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(NOT_XML, '');

/**
 * What one sitemap file may hold under the sitemaps.org protocol: 50,000 URLs and 50 MB (52,428,800 bytes)
 * uncompressed. A search engine ignores a larger file, or the URLs past the limit.
 */
export const SITEMAP_LIMITS = { urls: 50_000, bytes: 52_428_800 };

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const URLSET_OPEN = `${XML_DECLARATION}<urlset xmlns="${NAMESPACE}">`;
const URLSET_CLOSE = '</urlset>';

/**
 * The sitemap in the sitemaps.org 0.9 format: absolute URLs (resolved on `hostname`), one date-only lastmod per
 * page, changefreq and priority (one decimal) where a page sets them. A few lines of our own instead of a
 * package: that package cost 30 ms of start-up on every build for this.
 *
 * Within the protocol's limits it is one file, sitemap.xml. Past them, sitemap.xml is a sitemap index naming
 * sitemap-1.xml, sitemap-2.xml and so on, each within the limits, with the latest lastmod of its URLs; robots.txt
 * names sitemap.xml either way.
 */
export function buildSitemaps(entries: Iterable<SitemapEntry>, hostname: string, limits = SITEMAP_LIMITS): Array<{ path: string; contents: Buffer }> {
  const wrapperBytes = URLSET_OPEN.length + URLSET_CLOSE.length;
  // Whether `hostname` is an origin alone (as a site's URL is), on which a plain path resolves to the two joined.
  const onOrigin = new URL(hostname).origin === hostname;
  const parts: SitemapPart[] = [];
  let part: SitemapPart | undefined;
  for (const entry of entries) {
    const { xml, lastmod } = urlElement(entry, hostname, onOrigin);
    const size = Buffer.byteLength(xml);
    if (!part || part.urls === limits.urls || wrapperBytes + part.bytes + size > limits.bytes) parts.push((part = new SitemapPart(lastmod)));
    part.add(xml, size, lastmod);
  }
  if (parts.length <= 1) return [{ path: 'sitemap.xml', contents: (parts[0] ?? new SitemapPart('')).contents() }];
  const files = parts.map((each, index) => ({ path: `sitemap-${index + 1}.xml`, contents: each.contents() }));
  const listed = files.map((file, index) => `<sitemap><loc>${text(`${hostname}/${file.path}`)}</loc><lastmod>${parts[index]!.lastmod}</lastmod></sitemap>`);
  return [{ path: 'sitemap.xml', contents: Buffer.from(`${XML_DECLARATION}<sitemapindex xmlns="${NAMESPACE}">${listed.join('')}</sitemapindex>`) }, ...files];
}

/** Text gathered into a Buffer this long at a time. */
const CHUNK_CHARACTERS = 64 * 1024;

/**
 * One sitemap's URL elements, kept as UTF-8 bytes as they come: at 100,026 pages a string for each URL, then
 * their join, were 25 MB held at once beside the 12 MB the sitemaps are.
 */
class SitemapPart {
  urls = 0;
  bytes = 0;
  lastmod: string;
  private readonly chunks: Buffer[] = [];
  private pending: string[] = [];
  private pendingCharacters = 0;

  constructor(lastmod: string) {
    this.lastmod = lastmod;
  }

  add(xml: string, size: number, lastmod: string): void {
    this.urls++;
    this.bytes += size;
    if (lastmod > this.lastmod) this.lastmod = lastmod;
    this.pending.push(xml);
    this.pendingCharacters += xml.length;
    if (this.pendingCharacters >= CHUNK_CHARACTERS) this.flush();
  }

  contents(): Buffer {
    this.flush();
    return Buffer.concat([Buffer.from(URLSET_OPEN), ...this.chunks, Buffer.from(URLSET_CLOSE)]);
  }

  private flush(): void {
    if (this.pending.length) this.chunks.push(Buffer.from(this.pending.join('')));
    this.pending = [];
    this.pendingCharacters = 0;
  }
}

const PLAIN_PATH = /^(?:\/[a-z0-9-]+)*\/?$/;

/** One `<url>` element, and its lastmod as YYYY-MM-DD. */
function urlElement(entry: SitemapEntry, hostname: string, onOrigin: boolean): { xml: string; lastmod: string } {
  // Resolved without a URL object where the result is known: 100,000 of them at 100,026 pages.
  const loc = onOrigin && PLAIN_PATH.test(entry.url) ? hostname + entry.url : new URL(entry.url, hostname).toString();
  const lastmod = dateOf(entry.lastmod, loc);
  const xml = [
    `<url><loc>${text(loc)}</loc><lastmod>${lastmod}</lastmod>`,
    entry.changefreq ? `<changefreq>${text(entry.changefreq)}</changefreq>` : '',
    entry.priority !== undefined ? `<priority>${entry.priority.toFixed(1)}</priority>` : '',
    '</url>',
  ].join('');
  return { xml, lastmod };
}

// The last lastmod read, and its date: pages mostly share the build's date.
let lastRead: { lastmod: string; date: string } | undefined;

/** A lastmod as YYYY-MM-DD, or a named error for one that is not a date. */
function dateOf(lastmod: string, loc: string): string {
  if (lastRead?.lastmod === lastmod) return lastRead.date;
  const date = new Date(lastmod);
  if (Number.isNaN(date.getTime())) throw new Error(`Invalid lastmod "${lastmod}" for URL "${loc}": must be a valid date string`);
  lastRead = { lastmod, date: date.toISOString().slice(0, 10) };
  return lastRead.date;
}
