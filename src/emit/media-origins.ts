import type { PageLink } from '../check/scan-html.ts';

/** The other origins the pages' markup loads images and media from, for img-src and media-src. */
export interface MediaOrigins {
  image: string[];
  media: string[];
}

/**
 * Reads the hosts from the built pages instead of a hand-kept list, so the CSP allows exactly what the
 * pages use: a new image host works at once, and a host no page uses any more leaves the policy. `links` are the
 * pages' distinct links (see LinkTally.distinctLinks).
 */
export function mediaOriginsOf(links: Iterable<PageLink>, siteUrl: string): MediaOrigins {
  const own = new URL(siteUrl).origin;
  const found = { image: new Set<string>(), media: new Set<string>() };
  for (const link of links) {
    if (link.fetch === 'other') continue;
    const origin = originOf(link.url);
    if (origin && origin !== own) found[link.fetch].add(origin);
  }
  return { image: [...found.image].sort(), media: [...found.media].sort() };
}

/** The CSP source that allows a URL: its origin, `data:` for inline data, undefined for the site's own paths. */
function originOf(url: string): string | undefined {
  if (/^data:/i.test(url)) return 'data:';
  if (!/^https?:\/\//i.test(url)) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
