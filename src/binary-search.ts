/**
 * The index among `count` sorted entries that `compareAt` finds equal (0), or -1: `compareAt(index)` is negative
 * when the entry at `index` comes before the one sought, positive when after.
 */
export function binarySearch(count: number, compareAt: (index: number) => number): number {
  let low = 0;
  let high = count - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const order = compareAt(middle);
    if (order === 0) return middle;
    if (order < 0) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}
