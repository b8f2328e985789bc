/** One file of the build's output but a page, relative to the output folder with `/` separators. */
export type OutputFile =
  | { path: string; contents: string | Uint8Array }
  /** A file copied as it is from `source` (public/), read only when written; `link`: hard-linked, for a file nothing writes into (the cache's). */
  | { path: string; source: string; size: number; link?: true };

/** The byte length of an output file. */
export function sizeOf(file: OutputFile): number {
  if ('source' in file) return file.size;
  return typeof file.contents === 'string' ? Buffer.byteLength(file.contents) : file.contents.byteLength;
}
