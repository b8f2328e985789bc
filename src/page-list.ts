/**
 * A build's pages, or some pages, as later stages read them: by index, and in order. An array is one; a build's
 * finished pages are another (see render/finished-pages.ts), each made when asked for.
 */
export interface PageList<P> extends Iterable<P> {
  readonly length: number;
  at(index: number): P | undefined;
}
