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
