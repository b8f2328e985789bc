/** A byte range to send (inclusive ends), `unsatisfiable` for a 416, or undefined to send the whole file. */
export type ByteRange = { start: number; end: number } | 'unsatisfiable' | undefined;

/** Parses a single-range `Range: bytes=...` header against a file size; other forms fall back to the whole file. */
export function parseRange(header: string | undefined, size: number): ByteRange {
  if (header === undefined) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') {
    // `bytes=-500` asks for the last 500 bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  // `bytes=5-3` is not a range at all (RFC 9110, 14.1.1), so it is ignored rather than refused.
  if (last !== '' && Number(last) < start) return undefined;
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}
