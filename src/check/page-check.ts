import { gzipSync } from 'node:zlib';
import { linkTarget, sourceOf } from './link-targets.ts';
import { type PageLink, scanHtml } from './scan-html.ts';

/** What every page's check needs to know of the build, as plain data any thread can hold. */
export interface PageCheckSetup {
  /** The site's origin, such as `https://www.example.com`. */
  origin: string;
  /** The route path of every page of the build. */
  pagePaths: ReadonlySet<string>;
  /** The other output files known before any page renders (the bundle, public/, the endpoints), by path. */
  knownFiles: ReadonlySet<string>;
  /** Secret values no page may hold. */
  secrets: readonly string[];
}

/** A link whose target the page alone cannot tell, judged once the whole output is known (see link-check.ts). */
export interface DeferredLink {
  link: PageLink;
  /** Its place among the page's links, so errors come in the order a reader meets them. */
  place: number;
  /** Where it leads (a decoded path from the root and a fragment), or what is wrong with it as written. */
  target: { path: string; fragment: string } | { problem: string };
}

/** What the checks learn of one page, as it is made. */
export interface PageFindings {
  ids: readonly string[];
  /** Links to a page or a known file of the build, or to a place on this page: known to arrive. */
  arrived: number;
  deferred: readonly DeferredLink[];
  /** The other hosts it loads images and media from, as `image <origin>` or `media <origin>`. */
  media: readonly string[];
  /** Inline code a strict Content-Security-Policy blocks. */
  blockedInline: readonly string[];
  renderBlockingScripts: readonly string[];
  /** Its gzipped size, when an HTML budget applies to it (see gzipFigure). */
  htmlGzip: number | undefined;
  leaksSecret: boolean;
}

/**
 * Checks one finished page: `html` is its document, `bytes` the same as UTF-8, `htmlGzip` its figure for its HTML
 * budget if it has one (see gzipFigure).
 */
export function checkPage(
  html: string,
  bytes: Buffer,
  pagePath: string,
  htmlGzip: number | undefined,
  setup: PageCheckSetup,
): PageFindings {
  const scan = scanHtml(html);
  const ids = [...scan.ids];
  let arrived = 0;
  const deferred: DeferredLink[] = [];
  const media = new Set<string>();
  scan.links.forEach((link, place) => {
    if (link.fetch !== 'other') {
      const source = sourceOf(link.url);
      if (source !== undefined && source !== setup.origin) media.add(`${link.fetch} ${source}`);
    }
    const target = linkTarget(link.url, pagePath, setup.origin);
    if ('external' in target) return;
    if ('path' in target && arrives(target, pagePath, scan.ids, setup)) arrived++;
    else deferred.push({ link, place, target });
  });
  return {
    ids,
    arrived,
    deferred,
    media: [...media],
    blockedInline: scan.blockedInline,
    renderBlockingScripts: scan.renderBlockingScripts,
    htmlGzip,
    leaksSecret: holdsSecret(bytes, setup.secrets),
  };
}

/** Whether `contents` holds one of `secrets`; one shorter than four characters ("on", "1") would be found anywhere. */
export function holdsSecret(contents: string | Uint8Array, secrets: readonly string[]): boolean {
  const text =
    typeof contents === 'string' ? contents : Buffer.from(contents.buffer, contents.byteOffset, contents.byteLength); // a view, no copy
  return secrets.some((secret) => secret.length >= 4 && text.includes(secret));
}

/**
 * Whether a link is known to arrive: at a known file, at a page of the build (`#` and `#top` are the top of any
 * page), or at an id of its own page.
 */
function arrives(
  { path, fragment }: { path: string; fragment: string },
  pagePath: string,
  ids: ReadonlySet<string>,
  setup: PageCheckSetup,
): boolean {
  if (setup.knownFiles.has(path.slice(1))) return true;
  if (fragment === '' || fragment === 'top') return setup.pagePaths.has(path);
  return path === pagePath && ids.has(fragment);
}

/**
 * A document's gzipped size for its budget: gzip level 9, as a host sends it, but a page whose level-1 size is
 * well within the budget passes on that figure without the slower measure. Level 9 came out 7-13% smaller than
 * level 1 on every page of this site and 3,000 generated ones, and took 2.7 times as long (214 against 80 µs for
 * a 30 KB page); the 2% spare keeps a freak page, where level 9 could come out a few bytes larger, from passing.
 * `known`, the last build's figure for the same document (see html-figures.ts), answers the same way.
 */
export function gzipFigure(bytes: Uint8Array, budget: number, known?: number): number {
  const within = (figure: number) => figure <= budget * 0.98;
  if (known !== undefined && within(known)) return known;
  const quick = gzipSync(bytes, { level: 1 }).byteLength;
  return within(quick) ? quick : gzipSync(bytes, { level: 9 }).byteLength;
}
