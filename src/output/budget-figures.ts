import path from 'node:path';
import { keepRecord, readRecordText, recordFileFor } from '../compile/build-cache.ts';
import { hexOf, type Sha256 } from './sha256.ts';
import { binarySearch } from '../binary-search.ts';

/**
 * Documents' figures for their HTML budgets (see gzippedForBudget) from the build before, by the document's
 * SHA-256 and the budget: all a figure depends on, with the engine's code and zlib, which name the record.
 * A document the last build measured is not gzipped again: at 10,026 pages gzip was 1.2 s of the write thread's
 * 2.8 s, though a rebuild changes few pages. A changed document has another digest and is measured.
 */
export interface KnownFigures {
  readonly size: number;
  /** The figure of the document with this digest under this budget, if the last build measured one. */
  get(digest: Sha256, budget: number): number | undefined;
}

/** The key of a figure: 96 bits of the digest are plenty to tell a site's documents apart, in less memory. */
export function figureKey(digest: Sha256, budget: number): string {
  return `${hexOf(digest, KEY_BYTES)}/${budget}`;
}

/** The digest bytes a figure is kept by. */
const KEY_BYTES = 12;

/** The figure the last build measured for this document under this budget, if any. */
export function knownFigure(known: KnownFigures, digest: Sha256 | undefined, budget: number | undefined): number | undefined {
  return digest === undefined || budget === undefined ? undefined : known.get(digest, budget);
}

/**
 * Figures by digest and budget in typed arrays sorted for a binary search: a thread that measures holds the last
 * build's figure of every budgeted page, and as a map of their keys (a string each) that was 8 MB of the write
 * thread's heap at 100,026 pages. An entry is four words: the key's 96 bits of digest, then the budget.
 */
class FigureTable implements KnownFigures {
  constructor(
    private readonly keys: Uint32Array,
    private readonly figures: Uint32Array,
  ) {}

  get size(): number {
    return this.figures.length;
  }

  get(digest: Sha256, budget: number): number | undefined {
    const key = [wordOf(digest, 0), wordOf(digest, 4), wordOf(digest, 8), budget] as const;
    return this.figures[binarySearch(this.figures.length, (index) => compareKeys(this.keys, index * 4, key))];
  }
}

/** Bytes `at` to `at + 3` of a digest as one number, the first the most significant. */
function wordOf(digest: Sha256, at: number): number {
  return ((digest.charCodeAt(at) << 24) | (digest.charCodeAt(at + 1) << 16) | (digest.charCodeAt(at + 2) << 8) | digest.charCodeAt(at + 3)) >>> 0;
}

/** How the key at `at` of `keys` compares with the key at `keyAt` of `key`. */
function compareKeys(keys: Uint32Array, at: number, key: ArrayLike<number>, keyAt = 0): number {
  for (let word = 0; word < 4; word++) {
    const difference = keys[at + word]! - key[keyAt + word]!;
    if (difference !== 0) return difference;
  }
  return 0;
}

const NO_FIGURES: KnownFigures = new FigureTable(new Uint32Array(0), new Uint32Array(0));

/**
 * The record file of the figures of the site built from `dataDir`, for the engine compiled into `engine`; none
 * when the engine runs as its sources (under a TypeScript loader), where no compiled code names the way figures
 * are made.
 */
export function figuresRecordFile(folder: string, engine: string | undefined, dataDir: string): string | undefined {
  if (engine === undefined) return undefined;
  return recordFileFor(folder, `${engine}\0${process.versions.zlib}\0${path.resolve(dataDir)}`);
}

/**
 * The figures a record holds; none when there is no record or it is not one. Read as keepFigures writes it, entry
 * by entry, not parsed into an object of 100,000 keys first: `{"<24 hex digits>/<budget>":<figure>,...}`.
 */
export function readFigures(file: string | undefined): KnownFigures {
  const text = readRecordText(file);
  if (text === undefined || !text.startsWith('{') || text === '{}') return NO_FIGURES;
  // Sized once, from the entries' commas, and sorted where they were read: no typed array of the table's size is
  // made and let go (see BlockArray for why that costs memory).
  let capacity = 1;
  for (let at = text.indexOf(','); at >= 0; at = text.indexOf(',', at + 1)) capacity++;
  const keys = new Uint32Array(capacity * 4);
  const figures = new Uint32Array(capacity);
  let count = 0;
  const entry = /"([0-9a-f]{8})([0-9a-f]{8})([0-9a-f]{8})\/(\d{1,10})":(\d{1,10})([,}])/y;
  entry.lastIndex = 1;
  for (;;) {
    const found = entry.exec(text);
    if (!found || count === capacity) return NO_FIGURES;
    // A budget or figure past 32 bits (4 GB) is not kept: that page is measured again.
    if (Number(found[4]) <= 0xffffffff && Number(found[5]) <= 0xffffffff) {
      for (let word = 0; word < 3; word++) keys[count * 4 + word] = Number.parseInt(found[word + 1]!, 16);
      keys[count * 4 + 3] = Number(found[4]);
      figures[count++] = Number(found[5]);
    }
    if (found[6] === '}') break;
  }
  if (entry.lastIndex !== text.length) return NO_FIGURES;
  sortEntries(keys, figures, count);
  return new FigureTable(keys.subarray(0, count * 4), figures.subarray(0, count));
}

/** Sorts the first `count` entries (four words of key, one figure) by key, in place: a heapsort. */
function sortEntries(keys: Uint32Array, figures: Uint32Array, count: number): void {
  const swap = (a: number, b: number) => {
    for (let word = 0; word < 4; word++) {
      const kept = keys[a * 4 + word]!;
      keys[a * 4 + word] = keys[b * 4 + word]!;
      keys[b * 4 + word] = kept;
    }
    const kept = figures[a]!;
    figures[a] = figures[b]!;
    figures[b] = kept;
  };
  const siftDown = (root: number, end: number) => {
    for (let parent = root, child = 2 * parent + 1; child < end; parent = child, child = 2 * parent + 1) {
      if (child + 1 < end && compareKeys(keys, child * 4, keys, (child + 1) * 4) < 0) child++;
      if (compareKeys(keys, parent * 4, keys, child * 4) >= 0) return;
      swap(parent, child);
    }
  };
  for (let root = (count >> 1) - 1; root >= 0; root--) siftDown(root, count);
  for (let end = count - 1; end > 0; end--) {
    swap(0, end);
    siftDown(0, end);
  }
}

/** One measured document: its digest, its budget and its figure. */
export interface Figure {
  digest: Sha256;
  budget: number;
  figure: number;
}

/**
 * Keeps this build's figures for the next, when they differ from the last build's (documents gone are dropped).
 * Compared as the record's text, so no thread but those that measure holds the last build's figures.
 */
export function keepFigures(file: string | undefined, figures: Iterable<Figure>): void {
  if (file === undefined) return;
  // Written as JSON by hand, a block of entries at a time: a key is hex digits, a slash and digits, and an
  // object of 100,000 keys made to be stringified, or a string for each entry held at once, cost more memory
  // than the text.
  const blocks: string[] = [];
  let block: string[] = [];
  for (const { digest, budget, figure } of figures) {
    block.push(`"${figureKey(digest, budget)}":${figure}`);
    if (block.length === FIGURES_A_BLOCK) {
      blocks.push(block.join(','));
      block = [];
    }
  }
  if (block.length) blocks.push(block.join(','));
  const text = `{${blocks.join(',')}}`;
  if (readRecordText(file) !== text) keepRecord(file, text);
}

const FIGURES_A_BLOCK = 1024;
