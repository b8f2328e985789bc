import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';

/** What the build measured of a document: undefined where it was not asked for. */
export interface DocumentFigures {
  /** The gzipped size at level 9; or, for a document well inside its budget, the larger level-1 size. */
  gzipBytes: number | undefined;
  digest: string | undefined;
}

/** Which figures of a document the build needs. */
export interface FiguresAsked {
  /** The HTML budget in gzipped bytes the document is measured against, if one applies. */
  gzipBudget: number | undefined;
  /** Whether to hash it with SHA-256 (the service worker's version hashes every file). */
  digest: boolean;
}

/**
 * Below this share of its budget, a document's level-1 gzip size answers the budget without the level-9 one.
 * Level 9 came out 7-13% smaller than level 1 on every page of this site and 3,000 generated ones; the 2%
 * left spare keeps a freak document (where level 9 could come out a few bytes larger) from passing unmeasured.
 */
export const FAST_GZIP_SHARE = 0.98;

/**
 * What the build measures of a document, each only when asked: its gzipped size against an HTML budget, and its
 * SHA-256 (for the service worker's version). Synchronously: zlib's gzip() costs about twice the CPU (0.45
 * against 0.23 ms for a 30 KB page) in hand-offs to libuv's threads and back, which on two cores is taken from
 * rendering.
 *
 * The budget is measured at level 9, as a host sends a file; but level 1 takes under half the time (0.13 against
 * 0.28 ms for a 29 KB page), so it goes first, and a page well inside its budget stops there. Its figure is then
 * the level-1 size, which is above the level-9 one: a page over budget is always reported at level 9.
 */
export function documentFigures(bytes: Uint8Array, { gzipBudget, digest }: FiguresAsked): DocumentFigures {
  return {
    gzipBytes: gzipBudget === undefined ? undefined : gzippedAgainst(bytes, gzipBudget),
    digest: digest ? createHash('sha256').update(bytes).digest('hex') : undefined,
  };
}

function gzippedAgainst(bytes: Uint8Array, budget: number): number {
  const fast = gzipSync(bytes, { level: 1 }).byteLength;
  return fast <= budget * FAST_GZIP_SHARE ? fast : gzipSync(bytes, { level: 9 }).byteLength;
}
