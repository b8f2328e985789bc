import { SiteError } from '../errors.ts';
import { matchRedirect, type RedirectRule } from '../serve/redirects-file.ts';
import { pageFileCandidates } from '../serve/resolve-file.ts';
import { cleanUrlOf } from '../serve/url-paths.ts';
import { didYouMean } from './did-you-mean.ts';
import type { PageLink } from './scan-html.ts';
import type { LinkUses } from './link-tally.ts';
import type { KeptScan } from './shared-scans.ts';
import type { Route } from '../routes/discover-routes.ts';
import { pageAt, routePathOf } from '../routes/output-files.ts';
import type { PageList } from '../page-list.ts';

/** A built page as the link check sees it: a finished page itself, not a copy of each (see runChecks). */
export interface ScannedPage {
  /** The page's URL path (`/about`), and its page module, named in the error. Its output file is outputFileFor(path). */
  route: Pick<Route, 'path' | 'source'>;
  scan: Pick<KeptScan, 'ids'>;
}

export interface LinkCheckInput {
  /** The build's links, counted as its pages were finished (see link-tally.ts). */
  uses: LinkUses;
  /** The pages, in the code-unit order of their paths, as the tally names them by index. */
  pages: PageList<ScannedPage>;
  /** Every output file's path, relative to the output folder. */
  files: OutputPaths;
  redirects: readonly RedirectRule[];
  siteUrl: string;
}

/** Whether a path is an output file's, and every such path: a Set of them, or a view of the build's output. */
export interface OutputPaths {
  has(path: string): boolean;
  [Symbol.iterator](): Iterator<string>;
}

// The host reads these; it never serves them.
const HOST_FILES = new Set(['_headers', '_redirects']);
const MAX_HOPS = 5;
const MAX_ERRORS = 25;
/**
 * A path from the root (`/about`, `//host/x`) or an absolute URL (`https:`, `mailto:`): its target does not
 * depend on the page it is on.
 */
export const SAME_ON_EVERY_PAGE = /^(?:\/|[a-z][a-z\d+.-]*:)/i;

/** A broken target, with the uses of every link that names it. */
interface Broken extends LinkProblem {
  link: PageLink;
  uses: number;
  /** Pages of its first uses, in path order (a page twice if it links twice). */
  firsts: number[];
  /** Where its first use stands: its page, then its place among the links the tally counted. */
  first: readonly [page: number, seen: number];
}

/**
 * Follows every internal URL of every page (href, src, srcset, poster, action, #fragment) the way the host
 * would answer it: a file, a clean URL, a `_redirects` rule; a fragment must be an id on the target page.
 * One error per broken URL, naming the pages that use it and the nearest path that exists. Each distinct URL
 * whose target is the same on every page is judged once, however many pages use it (see link-tally.ts).
 */
export function checkLinks(input: LinkCheckInput): { errors: SiteError[]; checked: number } {
  const origin = new URL(input.siteUrl).origin;
  // Found among the pages, which are in path order: a map of their paths was 100,000 entries on a large site.
  const idsByFile: IdsOfFile = (file) => {
    const pagePath = routePathOf(file);
    return pagePath === undefined ? undefined : pageAt(input.pages, pagePath)?.scan.ids;
  };
  // The paths a broken link may have meant, made only when one is broken: 100,000 strings on a large site.
  let paths: string[] | undefined;
  const addressable = () => (paths ??= [...input.files].filter((f) => !HOST_FILES.has(f)).map((f) => (f.endsWith('.html') ? cleanUrlOf(`/${f}`) : `/${f}`)));
  const broken = new Map<string, Broken>();
  const count = (problem: Verdict, link: PageLink, uses: number, firsts: readonly number[], first: readonly [number, number]): number => {
    if (problem === 'external') return 0;
    if (problem === FINE) return uses;
    const key = `${problem.target}\n${problem.problem}`;
    const entry = broken.get(key);
    if (!entry) broken.set(key, { ...problem, link, uses, firsts: [...firsts], first });
    else {
      entry.uses += uses;
      entry.firsts = [...entry.firsts, ...firsts].sort((a, b) => a - b).slice(0, 3);
      if (before(first, entry.first)) Object.assign(entry, { link, first });
    }
    return uses;
  };

  let checked = input.uses.fine;
  const rootBase = `${origin}/`;
  for (const { link, uses, firsts, firstSeen } of input.uses.later) {
    // Most are plain paths (assets, files, redirects): no URL to parse.
    const path = plainPathOf(link.url, origin);
    const problem = path === undefined ? problemWith(link.url, rootBase, origin, input, idsByFile, addressable) : problemAt(path, '', input, idsByFile, addressable);
    checked += count(problem, link, uses, firsts, [firsts[0]!, firstSeen]);
  }
  for (const { page, link, seen } of input.uses.pageDependent) {
    const pagePath = input.pages.at(page)!.route.path;
    // `#faq` on a page whose path no URL rewrites: a place on the page itself, found without parsing a URL.
    const problem =
      PLAIN_FRAGMENT.test(link.url) && PLAIN_PATH.test(pagePath)
        ? problemAt(pagePath, link.url.slice(1), input, idsByFile, addressable)
        : problemWith(link.url, `${origin}${pagePath === '/' ? '/' : pagePath}`, origin, input, idsByFile, addressable);
    checked += count(problem, link, 1, [page], [page, seen]);
  }

  // In the order a reader meets them: by the first page that has each, then by its place on that page.
  const errors = [...broken.values()]
    .sort((a, b) => (before(a.first, b.first) ? -1 : 1))
    .map(({ problem, suggestion, uses, firsts, link }) => {
      const named = firsts.map((index) => input.pages.at(index)!.route.path);
      const where = uses === 1 ? named[0]! : `${uses} pages (${listed(named, uses)})`;
      const hint = suggestion ? `Did you mean ${suggestion}? ` : '';
      return new SiteError('LINK_BROKEN', `${where} link${uses === 1 ? 's' : ''} to ${link.url} in <${link.tag} ${link.attr}>: ${problem}.`, {
        file: input.pages.at(firsts[0]!)!.route.source,
        hint: `${hint}Fix the link in the page or its data, or add a redirect; \`site build --no-link-check\` skips this check while debugging.`,
      });
    });
  if (errors.length <= MAX_ERRORS) return { errors, checked };
  return { errors: [...errors.slice(0, MAX_ERRORS), new SiteError('LINK_BROKEN', `${errors.length - MAX_ERRORS} more broken links not shown.`)], checked };
}

/**
 * Whether a URL names a page of the build by its path from the root (`/about`, or with the site's origin): it
 * arrives wherever it is, since the page is built. Asked of each distinct URL as first seen (see ScanTable).
 */
export function pageLinkTest(siteUrl: string, pagePaths: { has(path: string): boolean }): (url: string) => boolean {
  const origin = new URL(siteUrl).origin;
  return (url) => {
    if (!SAME_ON_EVERY_PAGE.test(url)) return false;
    const path = plainPathOf(url, origin);
    return path !== undefined && pagePaths.has(path);
  };
}

/** Whether a use stands before another: on an earlier page, or earlier on the same page. */
function before([page, seen]: readonly [number, number], [otherPage, otherSeen]: readonly [number, number]): boolean {
  return page < otherPage || (page === otherPage && seen < otherSeen);
}

/** Whether a URL that is the same on every page leaves the site: another origin, or not http(s) at all. */
export function isExternalUrl(url: string, origin: string): boolean {
  let target: URL;
  try {
    target = new URL(url, `${origin}/`);
  } catch {
    return false;
  }
  return leavesSite(target, origin);
}

/** Whether a URL resolved leaves the site: another origin, or not http(s) at all. */
function leavesSite(target: URL, origin: string): boolean {
  return target.origin !== origin || !/^https?:$/.test(target.protocol);
}

// A fragment and a path that a URL keeps as they are: no percent-encoding, no dot segments, no empty segments.
export const PLAIN_FRAGMENT = /^#[\w.:-]*$/;
export const PLAIN_PATH = /^\/(?:[\w-][\w.-]*\/?)*$/;

/**
 * The path of a URL that the URL parser keeps as it is written: a plain path from the root, on its own or after
 * the site's origin (`/about`, `https://site.example/about`); otherwise undefined.
 */
export function plainPathOf(url: string, origin: string): string | undefined {
  const path = url.startsWith(origin) ? url.slice(origin.length) : url;
  return PLAIN_PATH.test(path) ? path : undefined;
}

/** The ids of the page an output file holds, undefined for a file that is no page. */
type IdsOfFile = (file: string) => ReadonlySet<string> | undefined;

/** What following a link found: it leaves the site, it arrives, or what is wrong. */
type Verdict = LinkProblem | 'external' | typeof FINE;
const FINE = 'fine';

interface LinkProblem {
  /** The resolved target, so one broken URL written two ways is reported once. */
  target: string;
  problem: string;
  suggestion: string | undefined;
}

function problemWith(
  url: string,
  base: string,
  origin: string,
  input: LinkCheckInput,
  idsByFile: IdsOfFile,
  addressable: () => readonly string[],
): Verdict {
  let target: URL;
  try {
    target = new URL(url, base);
  } catch {
    return { target: url, problem: 'not a valid URL', suggestion: undefined };
  }
  if (leavesSite(target, origin)) return 'external';
  let path: string;
  let fragment: string;
  try {
    path = decodeURIComponent(target.pathname);
    fragment = decodeURIComponent(target.hash.slice(1));
  } catch {
    return { target: url, problem: 'its percent-encoding is malformed', suggestion: undefined };
  }
  return problemAt(path, fragment, input, idsByFile, addressable);
}

/** What is wrong with a link to `path` (decoded, from the root) and `fragment` (decoded, maybe empty), if anything. */
function problemAt(path: string, fragment: string, input: LinkCheckInput, idsByFile: IdsOfFile, addressable: () => readonly string[]): Verdict {
  const resolved = resolvePath(path, input);
  if (resolved === 'external') return FINE;
  if (resolved === undefined) {
    return { target: path, problem: 'no page, file or redirect of this build answers that path', suggestion: didYouMean(path, addressable()) };
  }
  // `#` and `#top` scroll to the top of any page without an id.
  if (!fragment || fragment === 'top') return FINE;
  const ids = idsByFile(resolved);
  if (!ids || ids.has(fragment)) return FINE;
  const suggestion = didYouMean(fragment, ids);
  return { target: `${resolved}#${fragment}`, problem: `no element on ${cleanUrlOf(`/${resolved}`)} has id="${fragment}"`, suggestion: suggestion && `#${suggestion}` };
}

/** The output file a path ends on, 'external' when a redirect leaves the site, undefined when nothing answers. */
function resolvePath(path: string, input: LinkCheckInput): string | 'external' | undefined {
  let current = path;
  for (let hop = 0; hop <= MAX_HOPS; hop++) {
    const file = current.slice(1);
    if (!current.endsWith('/') && input.files.has(file) && !HOST_FILES.has(file)) return file;
    for (const candidate of pageFileCandidates(current)) if (input.files.has(candidate.slice(1))) return candidate.slice(1);
    const match = matchRedirect(input.redirects, current);
    if (!match || match.rule.status >= 400) return undefined;
    if (/^https?:\/\//i.test(match.target)) {
      const target = new URL(match.target);
      if (target.origin !== new URL(input.siteUrl).origin) return 'external';
      current = decodeURIComponent(target.pathname);
    } else {
      current = decodeURIComponent(match.target.replace(/[?#].*$/, ''));
    }
  }
  return undefined;
}

/** The first pages of `uses`, named; the rest counted. */
function listed(first: readonly string[], uses: number): string {
  return uses <= 3 ? first.join(', ') : `${first.join(', ')} and ${uses - 3} more`;
}
