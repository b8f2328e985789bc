/**
 * A YYYY-MM-DD date as "March 4, 2025" (en-US, long month), independent of the build machine's time zone.
 * Written out rather than through Intl.DateTimeFormat: the first use of Intl loads ICU's data, 17 ms of every
 * build, a twentieth of the real site's render.
 */
export function formatDate(isoDate: string): string {
  const date = new Date(`${isoDate}T12:00:00Z`);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

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
