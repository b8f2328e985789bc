import { gridPages, type LandingGrid } from './landing-grid.ts';

/** What the admin page is built with: the landing pages as a grid, and why each noindex one is kept out of search. */
export interface AdminListing {
  grid: LandingGrid;
  noindex: Record<string, string>;
}

/** One generated landing page as the admin listing shows it. */
export interface ListedPage {
  slug: string;
  keyword: string;
  city: string;
  path: string;
  /** A thin page kept out of search: listed so the owner can see it, marked so they know why it is not indexed. */
  noindex?: string;
}

/** The listing's pages, in the order of their paths. */
export function listedPages({ grid, noindex }: AdminListing): ListedPage[] {
  return gridPages(grid).map(({ slug, keyword, city }) => {
    const reason = noindex[slug];
    return { slug, keyword, city, path: `/${slug}`, ...(reason ? { noindex: reason } : {}) };
  });
}

export interface AdminFilters {
  search: string;
  /** A service keyword, or '' for all. */
  service: string;
  /** A city slug, or '' for all. */
  city: string;
}

/** The spec's admin filters, all three must hold: search over slug, city and keyword (any case); service; exact city. */
export function filterPages(pages: readonly ListedPage[], filters: AdminFilters): ListedPage[] {
  const needle = filters.search.trim().toLowerCase();
  return pages.filter(
    (page) =>
      (!needle || [page.slug, page.city, page.keyword].some((field) => field.toLowerCase().includes(needle))) &&
      (!filters.service || page.keyword === filters.service) &&
      (!filters.city || page.city === filters.city),
  );
}

/** A service keyword as the filter shows it: dashes as spaces. */
export const serviceLabel = (keyword: string): string => keyword.replace(/-/g, ' ');
