/** A YYYY-MM-DD date as "March 4, 2025", independent of the build machine's time zone. */
export function formatDate(isoDate: string): string {
  return LONG_DATE.format(new Date(`${isoDate}T12:00:00Z`));
}

// One formatter for the whole build: toLocaleDateString builds a new one on every call, about 0.1 ms each.
const LONG_DATE = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** An RFC 822 date for RSS. */
export function rssDate(isoDate: string): string {
  return new Date(`${isoDate}T12:00:00Z`).toUTCString();
}

/**
 * The building season a homeowner booking now would plan for: this year until the end of August, then the next
 * (a consultation, design and permits take months, so an autumn booking builds the following year).
 */
export function comingSeason(buildTime: Date): number {
  return buildTime.getUTCMonth() >= 8 ? buildTime.getUTCFullYear() + 1 : buildTime.getUTCFullYear();
}

/** Fills '{season}' in a text with the coming season's year. */
export function withSeason(text: string, buildTime: Date): string {
  return text.replaceAll('{season}', String(comingSeason(buildTime)));
}
