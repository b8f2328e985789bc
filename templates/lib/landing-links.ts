import type { SiteData } from '../site.config.ts';

/**
 * The landing page a city chip links to, or undefined when the city has none. City-service landing pages
 * come with their own data; until a city has them its chip stays plain text, so no link can end on a 404.
 */
export function cityLandingHref(_data: SiteData, _city: string): string | undefined {
  return undefined;
}
