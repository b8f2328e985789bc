import { Readable } from 'node:stream';
import { SitemapStream, streamToPromise } from 'sitemap';

/** One URL of the sitemap. */
export interface SitemapEntry {
  url: string;
  lastmod: string;
  changefreq?: 'daily' | 'weekly' | 'monthly' | 'yearly';
  priority?: number;
}

/** Writes sitemap.xml through the sitemap package: absolute URLs, one lastmod per page. */
export async function buildSitemap(entries: readonly SitemapEntry[], hostname: string): Promise<string> {
  const stream = new SitemapStream({ hostname, lastmodDateOnly: true, xmlns: { news: false, xhtml: false, image: false, video: false } });
  const links = entries.map((entry) => ({
    url: entry.url,
    lastmod: entry.lastmod,
    ...(entry.changefreq ? { changefreq: entry.changefreq } : {}),
    ...(entry.priority !== undefined ? { priority: entry.priority } : {}),
  }));
  const xml = await streamToPromise(Readable.from(links).pipe(stream));
  return xml.toString('utf8');
}
