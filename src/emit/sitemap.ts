import { SitemapIndexStream, SitemapStream, streamToPromise } from 'sitemap';
import type { OutputFile } from '../core/output-file.ts';

/** One URL of the sitemap. */
export interface SitemapEntry {
  /** A path from the root, resolved on the site's origin. */
  url: string;
  /** YYYY-MM-DD, or any date string. */
  lastmod: string;
  changefreq?: 'daily' | 'weekly' | 'monthly' | 'yearly' | undefined;
  priority?: number | undefined;
}

/** The URLs one sitemap file may hold under the sitemaps.org protocol; a search engine ignores the rest. */
export const SITEMAP_URLS = 50_000;

/** Whether the sitemap can write `lastmod` as a date: anything `Date` reads. */
export const isSitemapDate = (lastmod: string): boolean => !Number.isNaN(new Date(lastmod).getTime());

/**
 * The sitemap in the sitemaps.org 0.9 format, written by the `sitemap` package: absolute URLs, a date-only lastmod
 * per page, changefreq and priority where a page sets them. Up to 50,000 URLs it is one file, sitemap.xml; past
 * that, sitemap.xml is an index naming sitemap-1.xml, sitemap-2.xml and so on, each with the latest lastmod of its
 * URLs (robots.txt names sitemap.xml either way).
 */
export async function buildSitemaps(
  entries: readonly SitemapEntry[],
  origin: string,
  perFile = SITEMAP_URLS,
): Promise<OutputFile[]> {
  // Checked here: the package throws for a bad date inside its stream, where no caller can catch it.
  for (const { url, lastmod } of entries) {
    if (!isSitemapDate(lastmod)) {
      throw new Error(
        `Invalid lastmod "${lastmod}" for URL "${new URL(url, origin).href}": must be a valid date string`,
      );
    }
  }
  const parts: SitemapEntry[][] = [];
  for (let start = 0; start < entries.length || parts.length === 0; start += perFile) {
    parts.push(entries.slice(start, start + perFile));
  }
  const files = await Promise.all(
    parts.map((part) =>
      written(new SitemapStream({ hostname: origin, xmlns: NO_EXTENSIONS, lastmodDateOnly: true }), part),
    ),
  );
  if (files.length === 1) return [{ path: 'sitemap.xml', contents: files[0]! }];
  const names = files.map((_, index) => `sitemap-${index + 1}.xml`);
  const index = names.map((name, at) => ({ url: `${origin}/${name}`, lastmod: latest(parts[at]!) }));
  const indexFile = await written(new SitemapIndexStream({ lastmodDateOnly: true }), index);
  return [
    { path: 'sitemap.xml', contents: indexFile },
    ...names.map((name, at) => ({ path: name, contents: files[at]! })),
  ];
}

/** Only the sitemap namespace: the pages carry no news, image, video or alternate-language entries. */
const NO_EXTENSIONS = { news: false, xhtml: false, image: false, video: false } as const;

/** The XML a stream writes of `items`; the package refuses an empty sitemap, which a site whose every page stays out of search has. */
async function written(stream: SitemapStream | SitemapIndexStream, items: readonly object[]): Promise<Buffer> {
  if (items.length === 0) return Buffer.from(EMPTY_URLSET);
  const done = streamToPromise(stream);
  for (const item of items) stream.write(item);
  stream.end();
  return done;
}

const EMPTY_URLSET =
  '<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"></urlset>';

function latest(entries: readonly SitemapEntry[]): string {
  return entries
    .map((entry) => new Date(entry.lastmod).toISOString().slice(0, 10))
    .reduce((a, b) => (b > a ? b : a), '');
}
