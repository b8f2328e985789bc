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
export function buildSitemaps(entries: readonly SitemapEntry[], hostname: string, limits = SITEMAP_LIMITS): Array<{ path: string; contents: string }> {
  const wrapperBytes = URLSET_OPEN.length + URLSET_CLOSE.length;
  // Whether `hostname` is an origin alone (as a site's URL is), on which a plain path resolves to the two joined.
  const onOrigin = new URL(hostname).origin === hostname;
  const parts: Array<{ urls: string[]; lastmod: string }> = [];
  let part: { urls: string[]; lastmod: string } | undefined;
  let bytes = 0;
  for (const entry of entries) {
    const { xml, lastmod } = urlElement(entry, hostname, onOrigin);
    const size = Buffer.byteLength(xml);
    if (!part || part.urls.length === limits.urls || wrapperBytes + bytes + size > limits.bytes) {
      parts.push((part = { urls: [], lastmod }));
      bytes = 0;
    }
    part.urls.push(xml);
    bytes += size;
    if (lastmod > part.lastmod) part.lastmod = lastmod;
  }
  const urlset = (urls: readonly string[]) => `${URLSET_OPEN}${urls.join('')}${URLSET_CLOSE}`;
  if (parts.length <= 1) return [{ path: 'sitemap.xml', contents: urlset(parts[0]?.urls ?? []) }];
  const files = parts.map((each, index) => ({ path: `sitemap-${index + 1}.xml`, contents: urlset(each.urls) }));
  const listed = files.map((file, index) => `<sitemap><loc>${text(`${hostname}/${file.path}`)}</loc><lastmod>${parts[index]!.lastmod}</lastmod></sitemap>`);
  return [{ path: 'sitemap.xml', contents: `${XML_DECLARATION}<sitemapindex xmlns="${NAMESPACE}">${listed.join('')}</sitemapindex>` }, ...files];
}

/** A path of plain segments, which resolves on an origin to the origin and itself: most pages' paths. */
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
