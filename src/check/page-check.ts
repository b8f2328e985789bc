import { gzipSync } from 'node:zlib';
import { sha256 } from '../core/cache.ts';
import type { Budgets } from '../core/site-definition.ts';
import { htmlBudgetOf } from './budgets.ts';
import type { HtmlFigures } from './html-figures.ts';
import { linkTarget, sourceOf } from './link-targets.ts';
import { type PageLink, scanHtml } from './scan-html.ts';

/** How every page is checked, as plain data any thread can hold. */
export interface CheckSetup {
  /** The site's origin, such as `https://www.example.com`. */
  origin: string;
  /** Secret values no page may hold. */
  secrets: readonly string[];
  /** The route path of every page of the build. */
  pagePaths: readonly string[];
  /** The other output files known before any page renders (the bundle, public/, the endpoints), by path. */
  knownFiles: readonly string[];
  budgets: Budgets;
  /** The last build's figures for HTML budgets, by document digest (see html-figures.ts). */
  figures: HtmlFigures;
}

/** A link whose target the page alone cannot tell, judged once the whole output is known (see link-check.ts). */
export interface DeferredLink {
  link: PageLink;
  /** Its place among the page's links, so errors come in the order a reader meets them. */
  place: number;
  /** Where it leads (a decoded path from the root and a fragment), or what is wrong with it as written. */
  target: { path: string; fragment: string } | { problem: string };
}

/** What the site-wide checks and the report read of one page, learnt as it was made. */
export interface PageFacts {
  ids: readonly string[];
  /** Links to a page or a known file of the build, or to a place on this page: known to arrive. */
  arrived: number;
  /** Inline code a strict Content-Security-Policy blocks. */
  blockedInline: readonly string[];
  renderBlockingScripts: readonly string[];
  /** Its gzipped size, when an HTML budget applies to it (see gzipFigure). */
  htmlGzip: number | undefined;
  leaksSecret: boolean;
  /** Its size in bytes and its SHA-256 in hex. */
  size: number;
  digest: string;
}

/**
 * What checking a page finds: its facts, the links it could not judge alone and the other hosts it loads images
 * and media from (as `image <origin>` or `media <origin>`), which the build gathers apart as pages arrive.
 */
export interface PageCheck {
  facts: PageFacts;
  links: readonly DeferredLink[];
  media: readonly string[];
}

/**
 * The check of each finished page: its links, ids, scripts and secrets, and its gzipped size where it has a budget.
 * A page is given by its route (its path, and its page module relative to the pages folder, which `budgets.html`
 * names), and its document as text and as UTF-8 bytes, which the checks read each where it is quicker.
 */
export function pageChecker(
  setup: CheckSetup,
): (route: { path: string; pageFile: string }, html: string, bytes: Uint8Array) => PageCheck {
  const known = { origin: setup.origin, pagePaths: new Set(setup.pagePaths), knownFiles: new Set(setup.knownFiles) };
  return ({ path, pageFile }, html, bytes) => {
    const digest = sha256(bytes);
    const budget = htmlBudgetOf(pageFile, setup.budgets);
    const htmlGzip = budget === undefined ? undefined : gzipFigure(bytes, budget, setup.figures[digest]);
    const scan = scanHtml(html);
    let arrived = 0;
    const links: DeferredLink[] = [];
    const media = new Set<string>();
    scan.links.forEach((link, place) => {
      if (link.fetch !== 'other') {
        const source = sourceOf(link.url);
        if (source !== undefined && source !== setup.origin) media.add(`${link.fetch} ${source}`);
      }
      const target = linkTarget(link.url, path, setup.origin);
      if ('external' in target) return;
      if ('path' in target && arrives(target, path, scan.ids, known)) arrived++;
      else links.push({ link, place, target });
    });
    const facts: PageFacts = {
      ids: [...scan.ids],
      arrived,
      blockedInline: scan.blockedInline,
      renderBlockingScripts: scan.renderBlockingScripts,
      htmlGzip,
      leaksSecret: holdsSecret(bytes, setup.secrets),
      size: bytes.byteLength,
      digest,
    };
    return { facts, links, media: [...media] };
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
  known: { pagePaths: ReadonlySet<string>; knownFiles: ReadonlySet<string> },
): boolean {
  if (known.knownFiles.has(path.slice(1))) return true;
  if (fragment === '' || fragment === 'top') return known.pagePaths.has(path);
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
