import { hash } from 'node:crypto';
import { knownFigure, type KnownFigures } from './budget-figures.ts';
import { deflatedSize } from './deflated-size.ts';
import type { Sha256 } from './sha256.ts';
import { madeOnce } from '../made-once.ts';

/**
 * Below this share of its budget, a document's level-1 gzip size answers the budget without the level-9 one.
 * Level 9 came out 7-13% smaller than level 1 on every page of this site and 3,000 generated ones; the 2%
 * left spare keeps a freak document (where level 9 could come out a few bytes larger) from passing unmeasured.
 */
export const FAST_GZIP_SHARE = 0.98;

/**
 * A document's gzipped size measured against its HTML budget of `budget` bytes: the size at level 9, as a host
 * sends it, or, for a document well inside its budget, a quicker figure above it. Synchronously: zlib's gzip()
 * costs about twice the CPU (0.45 against 0.23 ms for a 30 KB page) in hand-offs to libuv's threads and back,
 * which on two cores is taken from rendering.
 *
 * Level 1 takes under half the time of level 9 (0.13 against 0.28 ms for a 29 KB page), so it goes first, and a
 * page well inside its budget stops there. Its figure is then the level-1 size, which is above the level-9 one: a
 * page over budget is always reported at level 9. A document holding shared markup tries a quicker figure first,
 * above both (see gzippedApart).
 */
export function gzippedForBudget(bytes: Uint8Array, budget: number, held?: HeldMarkup): number {
  const limit = budget * FAST_GZIP_SHARE;
  if (held?.places.length) {
    const apart = gzippedApart(bytes, held);
    if (apart <= limit) return apart;
  }
  const fast = gzippedSize(bytes, 1);
  return fast <= limit ? fast : gzippedSize(bytes, 9);
}

/** What the build keeps of a document besides its scan: its digest and its figure for its HTML budget. */
export interface DocumentFigures {
  /** The document's SHA-256, when asked for (see FinishSetup.digests) or when it has a budget. */
  digest: Sha256 | undefined;
  /** Its figure for its budget, when it has one: the last build's for the same document, else measured now. */
  gzipBytes: number | undefined;
}

/**
 * The figures of a document with `budget` (if any) whose shared markup is `held`; `known`, the last build's.
 * `digests`: whether the digest is needed besides for the budget, or the digest itself where already made.
 */
export function documentFigures(bytes: Uint8Array, held: HeldMarkup, budget: number | undefined, digests: boolean | Sha256, known: KnownFigures): DocumentFigures {
  const digest = typeof digests === 'string' ? digests : digests || budget !== undefined ? documentDigest(bytes) : undefined;
  if (budget === undefined) return { digest, gzipBytes: undefined };
  return { digest, gzipBytes: knownFigure(known, digest, budget) ?? gzippedForBudget(bytes, budget, held) };
}

/** A document's SHA-256 (the service worker's version hashes every file), in one call. */
export function documentDigest(bytes: Uint8Array): Sha256 {
  // 'binary' is latin1: a character a byte.
  return hash('sha256', bytes, 'binary') as Sha256;
}

/**
 * The shared markup a document holds (see check/shared-markup.ts): the document's text, and where in it each
 * markup stands, in order.
 */
export interface HeldMarkup {
  text: string;
  places: ReadonlyArray<{ start: number; end: number; markup: { html: string } }>;
}

// Each shared markup's UTF-8 length and its size deflated alone at level 1, made once per markup and thread.
const pieces = new WeakMap<object, { length: number; deflated: number }>();

/**
 * The level-1 gzip of the document with its shared markup taken out, plus each markup deflated on its own, made
 * once: at 10,026 pages the shared markup is about two fifths of every page, and gzip costs by the byte. Pieces
 * compressed apart lose every match across them, so this comes out above the size of the whole: over every page
 * of a 10,026-page build, at least 18% above its level-1 size and 30% above its level-9 size. It stands for the
 * level-9 size as the level-1 size does, and costs about a third less.
 */
function gzippedApart(bytes: Uint8Array, { text, places }: HeldMarkup): number {
  // All ASCII, when the text has as many characters as bytes: a character's place is then its byte's.
  const ascii = bytes.byteLength === text.length;
  const own: Uint8Array[] = [];
  let shared = 0;
  let byte = 0;
  let char = 0;
  for (const { start, end, markup } of places) {
    const piece = madeOnce(pieces, markup, () => ({ length: Buffer.byteLength(markup.html), deflated: deflatedSize(markup.html, 1) }));
    const startByte = ascii ? start : byte + Buffer.byteLength(text.slice(char, start));
    own.push(bytes.subarray(byte, startByte));
    shared += piece.deflated;
    byte = startByte + piece.length;
    char = end;
  }
  own.push(bytes.subarray(byte));
  return gzippedSize(Buffer.concat(own), 1) + shared;
}

/** The gzip wrapper around a deflate stream: a 10-byte header (no name, comment or extra field) and an 8-byte trailer. */
const GZIP_WRAPPER_BYTES = 18;

/**
 * The size gzip at `level` makes of `input` (a string as UTF-8): the raw deflate stream's and the wrapper's, the
 * same figure without computing the CRC-32 of the whole document for the trailer.
 */
export function gzippedSize(input: string | Uint8Array, level: number): number {
  return deflatedSize(input, level) + GZIP_WRAPPER_BYTES;
}
