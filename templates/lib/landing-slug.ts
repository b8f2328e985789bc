/** Cities whose slug has a dash; recognised before the last-word rule (spec section 5). */
export const MULTI_WORD_CITIES = ['san-jose', 'santa-clara', 'palo-alto', 'menlo-park', 'los-altos', 'los-gatos'] as const;

/**
 * The landing routing rule: the city is the trailing part of the slug; the multi-word cities are recognised
 * first, otherwise the last dash-separated word is the city. Returns undefined when no keyword is left.
 */
export function parseLandingSlug(slug: string): { keyword: string; city: string } | undefined {
  // A slug that is only a multi-word city has no keyword part.
  if ((MULTI_WORD_CITIES as readonly string[]).includes(slug)) return undefined;
  const multi = MULTI_WORD_CITIES.find((city) => slug.endsWith(`-${city}`));
  const city = multi ?? slug.slice(slug.lastIndexOf('-') + 1);
  const keyword = slug.slice(0, slug.length - city.length - 1);
  if (!keyword || !city || slug.lastIndexOf('-') < 0) return undefined;
  return { keyword, city };
}

/** The slug of a keyword's page in a city: `{keyword}-{city}`. */
export const landingSlug = (keyword: string, city: string): string => `${keyword}-${city}`;
