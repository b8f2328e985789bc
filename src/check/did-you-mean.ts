import { closest, distance } from 'fastest-levenshtein';

/** The candidate closest to `wanted` by edit distance (the first of equals), when it is close enough to be a likely typo. */
export function didYouMean(wanted: string, candidates: Iterable<string>): string | undefined {
  const list = [...candidates];
  if (list.length === 0) return undefined;
  const best = closest(wanted, list);
  return distance(wanted, best) <= Math.max(2, Math.floor(wanted.length * 0.4)) ? best : undefined;
}
