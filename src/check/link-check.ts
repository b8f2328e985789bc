import { SiteError } from '../errors.ts';
import { matchRedirect, type RedirectRule } from '../serve/redirects-file.ts';
import { pageFileCandidates } from '../serve/resolve-file.ts';
import { cleanUrlOf } from '../serve/url-paths.ts';
import { didYouMean } from './did-you-mean.ts';
import type { PageLink, PageScan } from './scan-html.ts';
import type { Route } from '../routes/discover-routes.ts';

/** A built page as the link check sees it: a finished page itself, not a copy of each (see runChecks). */
export interface ScannedPage {
  /** The page's URL path (`/about`), its output file (`about.html`) and its page module, named in the error. */
  route: Pick<Route, 'path' | 'outputFile' | 'source'>;
  scan: PageScan;
}

export interface LinkCheckInput {
  pages: readonly ScannedPage[];
  /** Every output file, relative to the output folder. */
  files: ReadonlySet<string>;
  redirects: readonly RedirectRule[];
  siteUrl: string;
}

// The host reads these; it never serves them.
const HOST_FILES = new Set(['_headers', '_redirects']);
const MAX_HOPS = 5;
const MAX_ERRORS = 25;
// A path from the root (`/about`, `//host/x`) or an absolute URL (`https:`, `mailto:`): its target does not
// depend on the page it is on.
const SAME_ON_EVERY_PAGE = /^(?:\/|[a-z][a-z\d+.-]*:)/i;

/**
 * Follows every internal URL of every page (href, src, srcset, poster, action, #fragment) the way the host
 * would answer it: a file, a clean URL, a `_redirects` rule; a fragment must be an id on the target page.
 * One error per broken URL, naming the pages that use it and the nearest path that exists.
 */
export function checkLinks(input: LinkCheckInput): { errors: SiteError[]; checked: number } {
  const origin = new URL(input.siteUrl).origin;
  const idsByFile = new Map(input.pages.map((page) => [page.route.outputFile, page.scan.ids]));
  // The paths a broken link may have meant, made only when one is broken: 100,000 strings on a large site.
  let paths: string[] | undefined;
  const addressable = () => (paths ??= [...input.files].filter((f) => !HOST_FILES.has(f)).map((f) => (f.endsWith('.html') ? cleanUrlOf(`/${f}`) : `/${f}`)));
  const broken = new Map<string, { problem: string; suggestion: string | undefined; pages: ScannedPage[]; link: PageLink }>();

  // A URL that names its path from the root (or its origin) means the same on every page: judged once. A build
  // of 10,000 pages follows half a million links, nearly all of them the same few hundred.
  const judged = new Map<string, Verdict>();
  let checked = 0;
  for (const page of input.pages) {
    const pagePath = page.route.path;
    const base = `${origin}${pagePath === '/' ? '/' : pagePath}`;
    // Its links to itself, set aside as it was scanned: the page is built, so each resolves.
    checked += page.scan.selfLinks ?? 0;
    for (const link of page.scan.links) {
      let problem = judged.get(link.url);
      if (problem === undefined) {
        if (SAME_ON_EVERY_PAGE.test(link.url)) {
          // Most are plain paths (the navigation, the links between city pages): no URL to parse.
          const path = plainPathOf(link.url, origin);
          problem = path === undefined ? problemWith(link.url, base, origin, input, idsByFile, addressable) : problemAt(path, '', input, idsByFile, addressable);
          judged.set(link.url, problem);
        } else if (PLAIN_FRAGMENT.test(link.url) && PLAIN_PATH.test(pagePath)) {
          // `#faq` on a page whose path no URL rewrites: a place on the page itself, found without parsing a URL.
          problem = problemAt(pagePath, link.url.slice(1), input, idsByFile, addressable);
        } else {
          problem = problemWith(link.url, base, origin, input, idsByFile, addressable);
        }
      }
      if (problem === 'external') continue;
      checked++;
      if (problem === FINE) continue;
      const key = `${problem.target}\n${problem.problem}`;
      const entry = broken.get(key) ?? { ...problem, pages: [], link };
      entry.pages.push(page);
      broken.set(key, entry);
    }
  }

  const errors = [...broken.values()].map(({ problem, suggestion, pages, link }) => {
    const where = pages.length === 1 ? pages[0]!.route.path : `${pages.length} pages (${listed(pages.map((p) => p.route.path))})`;
    const hint = suggestion ? `Did you mean ${suggestion}? ` : '';
    return new SiteError('LINK_BROKEN', `${where} link${pages.length === 1 ? 's' : ''} to ${link.url} in <${link.tag} ${link.attr}>: ${problem}.`, {
      file: pages[0]!.route.source,
      hint: `${hint}Fix the link in the page or its data, or add a redirect; \`site build --no-link-check\` skips this check while debugging.`,
    });
  });
  if (errors.length <= MAX_ERRORS) return { errors, checked };
  return { errors: [...errors.slice(0, MAX_ERRORS), new SiteError('LINK_BROKEN', `${errors.length - MAX_ERRORS} more broken links not shown.`)], checked };
}

// A fragment and a path that a URL keeps as they are: no percent-encoding, no dot segments, no empty segments.
const PLAIN_FRAGMENT = /^#[\w.:-]*$/;
const PLAIN_PATH = /^\/(?:[\w-][\w.-]*\/?)*$/;

/**
 * The path of a URL that the URL parser keeps as it is written: a plain path from the root, on its own or after
 * the site's origin (`/about`, `https://site.example/about`); otherwise undefined.
 */
function plainPathOf(url: string, origin: string): string | undefined {
  const path = url.startsWith(origin) ? url.slice(origin.length) : url;
  return PLAIN_PATH.test(path) ? path : undefined;
}

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
  idsByFile: ReadonlyMap<string, ReadonlySet<string>>,
  addressable: () => readonly string[],
): Verdict {
  let target: URL;
  try {
    target = new URL(url, base);
  } catch {
    return { target: url, problem: 'not a valid URL', suggestion: undefined };
  }
  if (target.origin !== origin || !/^https?:$/.test(target.protocol)) return 'external';
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
function problemAt(path: string, fragment: string, input: LinkCheckInput, idsByFile: ReadonlyMap<string, ReadonlySet<string>>, addressable: () => readonly string[]): Verdict {
  const resolved = resolvePath(path, input);
  if (resolved === 'external') return FINE;
  if (resolved === undefined) {
    return { target: path, problem: 'no page, file or redirect of this build answers that path', suggestion: didYouMean(path, addressable()) };
  }
  // `#` and `#top` scroll to the top of any page without an id.
  if (!fragment || fragment === 'top') return FINE;
  const ids = idsByFile.get(resolved);
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

function listed(paths: string[]): string {
  return paths.length <= 3 ? paths.join(', ') : `${paths.slice(0, 3).join(', ')} and ${paths.length - 3} more`;
}
