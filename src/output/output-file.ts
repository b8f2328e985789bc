import type { Sha256 } from './sha256.ts';

/** One file of the build's output, relative to the output folder with `/` separators. */
export type OutputFile =
  | { path: string; contents: string | Uint8Array }
  /** A file copied as it is from `source` (public/), read only when written. */
  | { path: string; source: string; size: number }
  /** A file written already, as it was made (a page's document): its size, and its SHA-256 when known. */
  | { path: string; written: number; digest?: Sha256 | undefined };

/** The byte length of an output file. */
export function sizeOf(file: OutputFile): number {
  if ('source' in file) return file.size;
  if ('written' in file) return file.written;
  return typeof file.contents === 'string' ? Buffer.byteLength(file.contents) : file.contents.byteLength;
}
