import { byCodeUnits } from '../core/text.ts';
import type { HeaderRule } from '../host/host-files.ts';

/** A page's URL path and every header it is served with. */
export interface PageHeaders {
  path: string;
  headers: Readonly<Record<string, string>>;
}

/**
 * `_headers` rules that give every page exactly its headers, in as few blocks as that allows. A block per page
 * grew the file with the site (10,026 pages made 10,029 blocks, 100,026 pages 7.9 MB), and Cloudflare Pages reads
 * at most 100 rules: the real site's 126 pages already made 128.
 *
 * Pages with the same headers share a block `prefix*` where no other path of the output (`otherPaths`, and the
 * pages with other headers) starts with the prefix, so no URL of the site is matched by two blocks: both hosts
 * would join the two values of a header into one. Prefixes end at a `-` or `/` of the path, and each is the
 * longest that all the pages it gathers share (`/guides-2024-*`, not `/guides-*`). A page that shares no such
 * prefix with another gets a block of its own. URLs the site does not have (a 404) may then match a block,
 * as they match `/*`.
 */
export function pageHeaderRules(pages: readonly PageHeaders[], otherPaths: readonly string[]): HeaderRule[] {
  // Hosts match paths without regard to case (see host/path-pattern.ts), so prefixes are compared lowercased.
  const everyPath = sortedLowercase([...pages.map((page) => page.path), ...otherPaths]);
  const existing = new Set(everyPath);
  const rules: HeaderRule[] = [];
  for (const group of groupsByHeaders(pages)) {
    // Each page's path as written, and lowercased, in lowercase order.
    const sorted = group.paths
      .map((path) => ({ path, lower: path.toLowerCase() }))
      .sort((a, b) => byCodeUnits(a.lower, b.lower));
    const members = sorted.map((member) => member.lower);
    // Whether a block `prefix*` would match only this group's paths. `/blog/*` also matches `/blog` on Netlify
    // and not on Cloudflare Pages, so a prefix ending in `/` is taken only where that path is not in the output.
    const onlyGroup = (prefix: string) =>
      countStartingWith(everyPath, prefix) === countStartingWith(members, prefix) &&
      !(prefix.endsWith('/') && existing.has(prefix.slice(0, -1)));
    for (let index = 0; index < members.length;) {
      const lower = members[index]!;
      const prefix = separatorPrefixes(lower).find(onlyGroup);
      const gathered = prefix === undefined ? 1 : countStartingWith(members, prefix);
      if (prefix === undefined || gathered === 1) {
        rules.push({ path: sorted[index]!.path, headers: group.headers });
        index += 1;
        continue;
      }
      // Members are sorted, so those under the prefix follow this one, and the first and last share what all share.
      const shared = longestSeparatorPrefix(commonPrefix(lower, members[index + gathered - 1]!));
      rules.push({ path: `${onlyGroup(shared) ? shared : prefix}*`, headers: group.headers });
      index += gathered;
    }
  }
  return rules;
}

/** Pages with the same headers (names and values, in any order), in the order the first of each came. */
function groupsByHeaders(
  pages: readonly PageHeaders[],
): Array<{ headers: Readonly<Record<string, string>>; paths: string[] }> {
  const groups = new Map<string, { headers: Readonly<Record<string, string>>; paths: string[] }>();
  // Pages often share one headers object: its key is made once.
  const keys = new Map<Readonly<Record<string, string>>, string>();
  for (const page of pages) {
    const key =
      keys.get(page.headers) ??
      keys
        .set(page.headers, JSON.stringify(Object.entries(page.headers).sort(([a], [b]) => byCodeUnits(a, b))))
        .get(page.headers)!;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { headers: page.headers, paths: [] }));
    group.paths.push(page.path);
  }
  return [...groups.values()];
}

const SEPARATORS = new Set(['-', '/']);

/** The prefixes of `path` that end at a separator, shortest first; never `/` alone, which would be `/*`. */
function separatorPrefixes(path: string): string[] {
  const prefixes: string[] = [];
  for (let end = 1; end < path.length - 1; end++) if (SEPARATORS.has(path[end]!)) prefixes.push(path.slice(0, end + 1));
  return prefixes;
}

function longestSeparatorPrefix(text: string): string {
  let end = text.length - 1;
  while (end > 0 && !SEPARATORS.has(text[end]!)) end--;
  return text.slice(0, end + 1);
}

function commonPrefix(a: string, b: string): string {
  let length = 0;
  while (length < a.length && a[length] === b[length]) length++;
  return a.slice(0, length);
}

function sortedLowercase(paths: readonly string[]): string[] {
  return paths.map((path) => path.toLowerCase()).sort(byCodeUnits);
}

/**
 * How many of the sorted `paths` start with `prefix`: they stand together, below `prefix` followed by U+FFFF (a
 * noncharacter, which no URL path holds).
 */
function countStartingWith(paths: readonly string[], prefix: string): number {
  return lowerBound(paths, `${prefix}\uffff`) - lowerBound(paths, prefix);
}

function lowerBound(paths: readonly string[], value: string): number {
  let low = 0;
  let high = paths.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (paths[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}
