import { binarySearch } from '../binary-search.ts';
import { byCodeUnits } from '../code-unit-order.ts';
import type { PageList } from '../page-list.ts';

// A page's output file is made from its route path, and its route path from the file: neither is held.

const INDEX_FILE = 'index.html';
const HTML_EXTENSION = '.html';

/** File format: `/` is index.html, `/about` is about.html, `/blog/post` is blog/post.html. */
export function outputFileFor(routePath: string): string {
  // Joined, not concatenated: a flat string, which a Map or Set that keys on it holds without flattening a copy.
  return routePath === '/' ? INDEX_FILE : [routePath.slice(1), 'html'].join('.');
}

/** The route path of a page's output file, the inverse of outputFileFor; undefined for a file no route writes. */
export function routePathOf(outputFile: string): string | undefined {
  if (outputFile === INDEX_FILE) return '/';
  return outputFile.endsWith(HTML_EXTENSION) ? `/${outputFile.slice(0, -HTML_EXTENSION.length)}` : undefined;
}

/**
 * Orders two route paths as their output files order in code units, without making the files' paths: at 100,026
 * pages, sorting by the files made two new strings for each of 1.7 million comparisons.
 */
export function byOutputFile(a: string, b: string): number {
  // The home page's file is the one not made of its path: made for the few comparisons with it.
  if (a === '/' || b === '/') return byCodeUnits(outputFileFor(a), outputFileFor(b));
  // Past the `/` both drop, the files compare as the paths do, unless one path begins the other: then what
  // follows it in the longer path compares with `.html`.
  if (b.startsWith(a)) return byCodeUnits(HTML_EXTENSION, `${b.slice(a.length)}${HTML_EXTENSION}`);
  if (a.startsWith(b)) return byCodeUnits(`${a.slice(b.length)}${HTML_EXTENSION}`, HTML_EXTENSION);
  return byCodeUnits(a, b);
}

/** The page of `pages` (in path order, as routes are) whose route has `routePath`: a binary search. */
export function pageAt<P extends { route: { path: string } }>(pages: PageList<P>, routePath: string): P | undefined {
  const found = binarySearch(pages.length, (index) => byCodeUnits(pages.at(index)!.route.path, routePath));
  // Not at(-1): an array's is its last item.
  return found < 0 ? undefined : pages.at(found);
}
