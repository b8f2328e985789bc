/**
 * A flat copy of `text`, made of no other string: a slice keeps the whole string it was cut from, and a
 * concatenation both of its parts. For a string kept for every record or page of a large site, made from longer
 * ones let go after (an absolute file path, a relative one built from it).
 */
export function flatString(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8');
}
