// Static hosts such as Cloudflare Pages answer a path with capitals with a 404 (the not-found page's script then
// puts the lowercase address in place). The pages people type or print, the menu's pages and the posts, get a
// real 301 from the forms such links take: `/About`, `/Blog/adu-planning-guide`, `/Blog/Adu-planning-guide`.
import type { RedirectRule } from '../../src/index.ts';
import type { SiteData } from '../collections.ts';

const capitalFirst = (segment: string) => segment.charAt(0).toUpperCase() + segment.slice(1);

/** The capitalised forms of a lowercase path: its first segment capitalised, then every segment. */
export function capitalisedForms(path: string): string[] {
  const segments = path.split('/').slice(1);
  const forms = [`/${[capitalFirst(segments[0] ?? ''), ...segments.slice(1)].join('/')}`, `/${segments.map(capitalFirst).join('/')}`];
  return [...new Set(forms)].filter((form) => form !== path);
}

/** A 301 from each capitalised form of the menu's pages and of every post to the page itself. */
export function capitalisedRedirects(data: SiteData): RedirectRule[] {
  const { main, services, quickLinks } = data.site.navigation;
  const paths = new Set([...main, ...services, ...quickLinks].map((link) => link.href).filter((href) => /^\/[a-z]/.test(href)));
  for (const post of data.posts) paths.add(`/blog/${post.slug}`);
  return [...paths].sort().flatMap((path) => capitalisedForms(path).map((from) => ({ from, to: path, status: 301 as const })));
}
