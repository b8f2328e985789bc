import type { PageContext, PageMeta } from '../../src/index.ts';
import { MAX_TITLE_LENGTH, META_DESCRIPTION_MAX } from '../constants.ts';
import type { SiteData } from '../collections.ts';
import { businessJsonLd } from './structured-data.ts';

/** Cuts text to `max` characters at a word boundary, ending with an ellipsis when cut. */
export function truncate(text: string, max = META_DESCRIPTION_MAX): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const atWord = cut.slice(0, Math.max(cut.lastIndexOf(' '), 0)) || cut;
  return `${atWord.replace(/[\s,.;:]+$/, '')}…`;
}

/**
 * A title that fits what search results show: the first wording that fits with " | brand", else the
 * first that fits alone (search engines add the site name themselves), else the shortest.
 */
export function fitTitle(wordings: readonly string[], brand: string, max = MAX_TITLE_LENGTH): string {
  const branded = wordings.map((wording) => `${wording} | ${brand}`).find((title) => title.length <= max);
  return branded ?? wordings.find((wording) => wording.length <= max) ?? [...wordings].sort((a, b) => a.length - b.length)[0] ?? brand;
}

type MetaInput = Omit<PageMeta, 'title'> & { title: string };

/** The script every page loads: header menus, back to top, the service worker. No React. */
export const SITE_SCRIPT = 'scripts/site.ts';
/** The script of a page whose consultation form hydrates on first use: it fills the form before React. */
export const CONSULTATION_DRAFT_SCRIPT = 'scripts/consultation-draft.ts';
// One list for the pages with no script of their own: the build keeps each page's list until its checks.
const SITE_SCRIPT_ONLY: readonly string[] = Object.freeze([SITE_SCRIPT]);

/**
 * A page's meta with the site-wide parts: the business JSON-LD, feed and icon links, the site script. The spec's
 * cache hints are headers in `_headers` (see the README), not `<meta http-equiv>`, which HTML does not allow for them.
 * Every field is named rather than copied by a rest pattern and a spread, which take V8's generic copy: about
 * 7 µs of each of the two calls a page makes, measured on the same shapes. `AllFields` keeps the list whole.
 */
export function pageMeta(context: PageContext<SiteData, unknown>, input: MetaInput): PageMeta {
  const { jsonLd = [], meta = [], links = [], scripts = [] } = input;
  const page: AllFields<PageMeta> = {
    title: input.title,
    description: input.description,
    robots: input.robots,
    image: input.image,
    ogType: input.ogType,
    sitemap: input.sitemap,
    headers: input.headers,
    meta,
    jsonLd: [businessJsonLd(context.data, context.site.url), ...jsonLd],
    links: [
      // The ICO first for browsers that take the first icon; those that read SVG prefer it.
      { rel: 'icon', href: '/favicon.ico', sizes: '32x32' },
      { rel: 'icon', type: 'image/svg+xml', href: '/favicon.svg' },
      { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
      { rel: 'manifest', href: '/site.webmanifest' },
      { rel: 'alternate', type: 'application/rss+xml', title: `${context.data.business.name} blog`, href: '/blog/feed.xml' },
      ...links,
    ],
    scripts: pageScripts(scripts),
  };
  return page;
}

/** The scripts a page loads: the site's own, then the page's; what pageMeta() gives as its meta's scripts. */
export function pageScripts(scripts: readonly string[] = []): readonly string[] {
  return scripts.length ? [SITE_SCRIPT, ...scripts] : SITE_SCRIPT_ONLY;
}

/** Every field of T, the optional ones too (as undefined when absent): a field added to T must be added here. */
type AllFields<T> = { [K in keyof Required<T>]: T[K] };
