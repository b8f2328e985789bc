import path from 'node:path';
import { keepRecord, readRecord, readRecordText, recordFileFor } from '../compile/build-cache.ts';
import { hexOf, type Sha256 } from './sha256.ts';

/**
 * Documents' figures for their HTML budgets (see gzippedForBudget) from the build before, by the document's
 * SHA-256 and the budget: all a figure depends on, with the engine's code and zlib, which name the record.
 * A document the last build measured is not gzipped again: at 10,026 pages gzip was 1.2 s of the write thread's
 * 2.8 s, though a rebuild changes few pages. A changed document has another digest and is measured.
 */
export type KnownFigures = ReadonlyMap<string, number>;

/** The key of a figure: 96 bits of the digest are plenty to tell a site's documents apart, in less memory. */
export function figureKey(digest: Sha256, budget: number): string {
  return `${hexOf(digest, 12)}/${budget}`;
}

/** The figure the last build measured for this document under this budget, if any. */
export function knownFigure(known: KnownFigures, digest: Sha256 | undefined, budget: number | undefined): number | undefined {
  return digest === undefined || budget === undefined ? undefined : known.get(figureKey(digest, budget));
}

/**
 * The record file of the figures of the site built from `dataDir`, for the engine compiled into `engine`; none
 * when the engine runs as its sources (under a TypeScript loader), where no compiled code names the way figures
 * are made.
 */
export function figuresRecordFile(folder: string, engine: string | undefined, dataDir: string): string | undefined {
  if (engine === undefined) return undefined;
  return recordFileFor(folder, `${engine}\0${process.versions.zlib}\0${path.resolve(dataDir)}`);
}

/** The figures a record holds; none when there is no record or it is not one. */
export function readFigures(file: string | undefined): KnownFigures {
  const record = readRecord(file);
  if (typeof record !== 'object' || record === null || Array.isArray(record)) return new Map();
  return new Map(Object.entries(record).filter((entry): entry is [string, number] => Number.isInteger(entry[1])));
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
export function keepFigures(file: string | undefined, figures: readonly Figure[]): void {
  if (file === undefined) return;
  // Written as JSON by hand: a key is hex digits, a slash and digits, and an object of 100,000 keys made to be
  // stringified cost more memory than the text.
  const text = `{${figures.map(({ digest, budget, figure }) => `"${figureKey(digest, budget)}":${figure}`).join(',')}}`;
  if (readRecordText(file) !== text) keepRecord(file, text);
}
