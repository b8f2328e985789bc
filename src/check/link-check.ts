import { SiteError } from '../core/errors.ts';
import { HOST_CONFIG_FILES } from '../host/host-files.ts';
import { matchRedirect, type ParsedRedirectRule } from '../host/redirects-file.ts';
import { pageFileCandidates } from '../host/resolve-file.ts';
import { cleanUrlOf, encodePath } from '../host/url-paths.ts';
import { didYouMean } from './did-you-mean.ts';
import type { DeferredLink } from './page-check.ts';
import type { PageLink } from './scan-html.ts';

/** A distinct deferred link: its first use, how many times pages use it, and the first three pages that do. */
interface LinkUses {
  link: PageLink;
  target: DeferredLink['target'];
  uses: number;
  /** Page indexes (path order) of its first uses, at most three, smallest first; a page twice if it links twice. */
  firsts: number[];
  /** Where its first use stands: its page, then its place on that page. */
  first: readonly [page: number, place: number];
}

/** The links the pages could not judge alone, each distinct target once, with its uses. */
export class DeferredLinks {
  private readonly byTarget = new Map<string, LinkUses>();

  /** Adds the deferred links of the page at `page` (its index in path order), as it is finished. */
  add(page: number, links: readonly DeferredLink[]): void {
    for (const { link, place, target } of links) {
      const key = 'problem' in target ? `${link.url}\n${target.problem}` : `${target.path}#${target.fragment}`;
      const known = this.byTarget.get(key);
      if (!known) {
        this.byTarget.set(key, { link, target, uses: 1, firsts: [page], first: [page, place] });
        continue;
      }
      known.uses++;
      if (known.firsts.length < 3 || page < known.firsts[2]!) {
        known.firsts = [...known.firsts, page].sort((a, b) => a - b).slice(0, 3);
      }
      if (page < known.first[0] || (page === known.first[0] && place < known.first[1])) {
        Object.assign(known, { link, first: [page, place] });
      }
    }
  }

  values(): Iterable<LinkUses> {
    return this.byTarget.values();
  }
}

/** What following the build's links needs besides them. */
export interface LinkCheckInput {
  links: DeferredLinks;
  /** The pages in path order, as DeferredLinks names them. */
  pages: ReadonlyArray<{ path: string; source: string }>;
  /** The ids of the page an output file holds; undefined for a file that is no page. */
  idsOf(file: string): ReadonlySet<string> | undefined;
  /** Every output file's path, relative to the output folder. */
  files: ReadonlySet<string>;
  redirects: readonly ParsedRedirectRule[];
  origin: string;
}

const MAX_HOPS = 5;
const MAX_ERRORS = 25;

/**
 * Follows every link the pages could not judge alone the way the host would answer it (a file, a clean URL, a
 * `_redirects` rule); a fragment must be an id on the target page. One error per broken target, naming the pages
 * that use it and the nearest path that exists, in the order a reader meets them. Returns the uses checked.
 */
export function checkLinks(input: LinkCheckInput): { errors: SiteError[]; checked: number } {
  let checked = 0;
  // The paths a broken link may have meant, made only when one is broken.
  let paths: string[] | undefined;
  const addressable = () =>
    (paths ??= [...input.files]
      .filter((f) => !HOST_CONFIG_FILES.has(f))
      .map((f) => (f.endsWith('.html') ? cleanUrlOf(`/${f}`) : `/${f}`)));
  const broken: Array<LinkUses & { problem: string; suggestion: string | undefined }> = [];
  for (const uses of input.links.values()) {
    const verdict =
      'problem' in uses.target
        ? { problem: uses.target.problem, suggestion: undefined }
        : problemAt(uses.target.path, uses.target.fragment, input, addressable);
    checked += uses.uses;
    if (verdict !== FINE) broken.push({ ...uses, ...verdict });
  }
  const errors = broken
    .sort((a, b) => a.first[0] - b.first[0] || a.first[1] - b.first[1])
    .map(({ problem, suggestion, uses, firsts, link }) => {
      const named = firsts.map((index) => input.pages[index]!.path);
      const where =
        uses === 1
          ? named[0]!
          : `${uses} pages (${uses <= 3 ? named.join(', ') : `${named.join(', ')} and ${uses - 3} more`})`;
      return new SiteError(
        'LINK_BROKEN',
        `${where} link${uses === 1 ? 's' : ''} to ${link.url} in <${link.tag} ${link.attr}>: ${problem}.`,
        {
          file: input.pages[firsts[0]!]!.source,
          hint: `${
            suggestion ? `Did you mean ${suggestion}? ` : ''
          }Fix the link in the page or its data, or add a redirect; \`site build --no-link-check\` skips this check while debugging.`,
        },
      );
    });
  if (errors.length <= MAX_ERRORS) return { errors, checked };
  return {
    errors: [
      ...errors.slice(0, MAX_ERRORS),
      new SiteError('LINK_BROKEN', `${errors.length - MAX_ERRORS} more broken links not shown.`),
    ],
    checked,
  };
}

const FINE = 'fine';

/** What is wrong with a link to `path` (decoded, from the root) and `fragment` (decoded, maybe empty), if anything. */
function problemAt(
  path: string,
  fragment: string,
  input: LinkCheckInput,
  addressable: () => readonly string[],
):
  | {
      problem: string;
      suggestion: string | undefined;
    }
  | typeof FINE {
  const resolved = resolvePath(path, input);
  // A redirect to another host arrives there; what that host answers is not this build's to check.
  if (resolved === 'external') return FINE;
  if (resolved === undefined) {
    return {
      problem: 'no page, file or redirect of this build answers that path',
      suggestion: didYouMean(path, addressable()),
    };
  }
  // `#` and `#top` scroll to the top of any page without an id.
  if (!fragment || fragment === 'top') return FINE;
  const ids = input.idsOf(resolved);
  if (!ids || ids.has(fragment)) return FINE;
  const suggestion = didYouMean(fragment, ids);
  return {
    problem: `no element on ${cleanUrlOf(`/${resolved}`)} has id="${fragment}"`,
    suggestion: suggestion && `#${suggestion}`,
  };
}

/** The output file a path ends on, 'external' when a redirect leaves the site, undefined when nothing answers. */
function resolvePath(path: string, input: LinkCheckInput): string | 'external' | undefined {
  let current = path;
  for (let hop = 0; hop <= MAX_HOPS; hop++) {
    const file = current.slice(1);
    if (!current.endsWith('/') && input.files.has(file) && !HOST_CONFIG_FILES.has(file)) return file;
    for (const candidate of pageFileCandidates(current)) {
      if (input.files.has(candidate.slice(1))) return candidate.slice(1);
    }
    const match = matchRedirect(input.redirects, encodePath(current));
    if (!match || match.rule.status >= 400) return undefined;
    if (/^https?:\/\//i.test(match.target)) {
      const target = new URL(match.target);
      if (target.origin !== input.origin) return 'external';
      current = decodeURIComponent(target.pathname);
    } else {
      current = decodeURIComponent(match.target.replace(/[?#].*$/, ''));
    }
  }
  return undefined;
}
