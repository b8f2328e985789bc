import { RELATED_SERVICES_PER_LANDING_PAGE } from '../constants.ts';
import type { SiteData } from '../collections.ts';
import { positionOf, type ServiceLocation } from './landing-data.ts';
import { landingSlug } from './landing-slug.ts';

/** Steps that share no factor with 9 keywords, so each city's pages link to different siblings yet all are reached. */
const RELATED_STEPS = [1, 2, 4] as const;

/**
 * The three other services linked from a page: deterministic, varied by city, and every page of a city is
 * linked from three of its siblings (for 9 keywords, offsets s, 2s, 3s with s in {1, 2, 4} never hit the page
 * itself and walk every keyword).
 */
export function relatedKeywords(keywords: readonly string[], keyword: string, cityIndex: number): string[] {
  const index = keywords.indexOf(keyword);
  const step = RELATED_STEPS[cityIndex % RELATED_STEPS.length]!;
  const picked: string[] = [];
  for (let k = 1; picked.length < RELATED_SERVICES_PER_LANDING_PAGE && k < keywords.length * 2; k++) {
    const candidate = keywords[(index + k * step) % keywords.length]!;
    if (candidate !== keyword && !picked.includes(candidate)) picked.push(candidate);
  }
  return picked;
}

/** The related pages of a location with their titles, for section 7. */
export function relatedLinks(data: SiteData, location: ServiceLocation): { href: string; title: string }[] {
  const cityIndex = positionOf(data.landingPages.cities, location.city);
  return relatedKeywords(data.landingPages.keywords, location.keyword, cityIndex).map((keyword) => ({
    href: `/${landingSlug(keyword, location.city)}`,
    title: data.services.find((s) => s.id === keyword)?.title ?? keyword,
  }));
}

/** The areas a landing page serves: its own city first, then the always-served cities, without duplicates. */
export function areasServed(data: SiteData, city: { name: string }): string[] {
  return [...new Set([city.name, ...data.landingPages.areaServedAlways])];
}
