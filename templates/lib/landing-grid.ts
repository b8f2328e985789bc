import { parseLandingSlug } from './landing-slug.ts';

/**
 * A set of landing slugs as the pages that carry them need it in the browser: the keywords and cities the
 * routing rule reads from them, and which keyword stands in which city. The admin listing and the not-found
 * page held every slug instead: for 99,999 generated pages, pages of 15.6 MB and 4.0 MB, now 0.29 MB each; for
 * the real site's 99, 0.5 kB instead of 3.7 kB.
 *
 * A slug is its keyword, a dash and its city (see parseLandingSlug), so the grid gives the slugs back exactly.
 */
export interface LandingGrid {
  keywords: string[];
  cities: string[];
  /** For each city in turn, a character per keyword: `1` where that keyword's page in that city exists, else `0`. */
  cells: string;
}

/** The grid of `slugs`; a slug the routing rule cannot read is left out, as the listing leaves it out. */
export function landingGrid(slugs: Iterable<string>): LandingGrid {
  const keywords = new Map<string, number>();
  const cities = new Map<string, number>();
  const present: Array<[city: number, keyword: number]> = [];
  for (const slug of slugs) {
    const parsed = parseLandingSlug(slug);
    if (!parsed) continue;
    const keyword = indexIn(keywords, parsed.keyword);
    const city = indexIn(cities, parsed.city);
    present.push([city, keyword]);
  }
  const cells = new Array<string>(cities.size * keywords.size).fill('0');
  for (const [city, keyword] of present) cells[city * keywords.size + keyword] = '1';
  return { keywords: [...keywords.keys()], cities: [...cities.keys()], cells: cells.join('') };
}

function indexIn(indexes: Map<string, number>, value: string): number {
  let index = indexes.get(value);
  if (index === undefined) indexes.set(value, (index = indexes.size));
  return index;
}

/** The grid's pages, by slug in code-unit order (the order of their paths). */
export function gridPages(grid: LandingGrid): Array<{ slug: string; keyword: string; city: string }> {
  const pages: Array<{ slug: string; keyword: string; city: string }> = [];
  grid.cities.forEach((city, cityIndex) => {
    grid.keywords.forEach((keyword, keywordIndex) => {
      if (grid.cells[cityIndex * grid.keywords.length + keywordIndex] === '1') pages.push({ slug: `${keyword}-${city}`, keyword, city });
    });
  });
  // By code units, as the build orders routes: the same order in every browser and locale.
  return pages.sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
}

/** Whether `slug` is one of the grid's. */
export function inGrid(grid: LandingGrid, slug: string): boolean {
  const parsed = parseLandingSlug(slug);
  if (!parsed) return false;
  const keyword = grid.keywords.indexOf(parsed.keyword);
  const city = grid.cities.indexOf(parsed.city);
  return keyword >= 0 && city >= 0 && grid.cells[city * grid.keywords.length + keyword] === '1';
}
