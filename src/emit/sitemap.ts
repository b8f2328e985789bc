/** One URL of the sitemap. */
export interface SitemapEntry {
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
 * sitemap.xml in the sitemaps.org 0.9 format: absolute URLs (resolved on `hostname`), one date-only lastmod per
 * page, changefreq and priority (one decimal) where a page sets them. A few lines of our own instead of a
 * package: that package cost 30 ms of start-up on every build for this.
 */
export function buildSitemap(entries: readonly SitemapEntry[], hostname: string): string {
  const urls = entries.map((entry) => {
    const loc = new URL(entry.url, hostname).toString();
    const lastmod = new Date(entry.lastmod);
    if (Number.isNaN(lastmod.getTime())) throw new Error(`Invalid lastmod "${entry.lastmod}" for URL "${loc}": must be a valid date string`);
    return [
      `<url><loc>${text(loc)}</loc><lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>`,
      entry.changefreq ? `<changefreq>${text(entry.changefreq)}</changefreq>` : '',
      entry.priority !== undefined ? `<priority>${entry.priority.toFixed(1)}</priority>` : '',
      '</url>',
    ].join('');
  });
  return `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}</urlset>`;
}
