// Where a page's link leads, as far as the page alone can tell: the site's own path and fragment it names, an
// address on another host, or a URL that is broken as written.

/** A link's target: a decoded path from the root and fragment on the site, another host, or a broken URL. */
export type LinkTarget = { path: string; fragment: string } | { external: true } | { problem: string };

// A fragment and a path that a URL keeps as they are: no percent-encoding, no dot segments, no empty segments.
const PLAIN_FRAGMENT = /^#[\w.:-]*$/;
const PLAIN_PATH = /^\/(?:[\w-][\w.-]*\/?)*$/;

/**
 * The target of `url` on the page at `pagePath` of the site at `origin`. Most links are plain paths (`/about`,
 * `#faq`), read as they are; the rest go through the URL parser, as the browser would read them.
 */
export function linkTarget(url: string, pagePath: string, origin: string): LinkTarget {
  if (PLAIN_FRAGMENT.test(url) && PLAIN_PATH.test(pagePath)) return { path: pagePath, fragment: url.slice(1) };
  const path = url.startsWith(origin) ? url.slice(origin.length) : url;
  if (PLAIN_PATH.test(path)) return { path, fragment: '' };
  let target: URL;
  try {
    target = new URL(url, origin + pagePath);
  } catch {
    return { problem: 'not a valid URL' };
  }
  if (target.origin !== origin || !/^https?:$/.test(target.protocol)) return { external: true };
  try {
    return { path: decodeURIComponent(target.pathname), fragment: decodeURIComponent(target.hash.slice(1)) };
  } catch {
    return { problem: 'its percent-encoding is malformed' };
  }
}

/** The CSP source that allows loading `url`: its origin, `data:` for inline data, undefined for the site's own paths. */
export function sourceOf(url: string): string | undefined {
  if (/^data:/i.test(url)) return 'data:';
  if (!/^https?:\/\//i.test(url)) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
