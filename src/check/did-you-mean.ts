/** The candidate closest to `wanted` by edit distance, when it is close enough to be a likely typo. */
export function didYouMean(wanted: string, candidates: Iterable<string>): string | undefined {
  const limit = Math.max(2, Math.floor(wanted.length * 0.4));
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const candidate of candidates) {
    if (Math.abs(candidate.length - wanted.length) >= bestDistance) continue;
    const distance = editDistance(wanted, candidate, bestDistance);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** Levenshtein distance, giving up (returning `ceiling`) once every path is at least that long. */
export function editDistance(a: string, b: string, ceiling = Infinity): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin >= ceiling) return ceiling;
    previous = current;
  }
  return previous[b.length]!;
}
