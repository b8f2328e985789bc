import type { Route } from '../routes/discover-routes.ts';
import type { KeptScan } from '../check/shared-scans.ts';
import type { PageList } from '../page-list.ts';
import type { Sha256 } from '../output/sha256.ts';
import type { FinishedPage, PageSink } from './finish-page.ts';
import type { EmittedMeta, RenderedIsland } from './render-page.ts';

/** A figure no page has: a page's gzipped size of 4 GiB less a byte is not one. */
const NO_FIGURE = 0xffff_ffff;
const DIGEST_BYTES = 32;

/** The columns of a build's finished pages, each by route index. */
interface Columns {
  routes: readonly Route[];
  islands: Array<readonly RenderedIsland[]>;
  metas: EmittedMeta[];
  scans: KeptScan[];
  sizes: Uint32Array;
  figures: Uint32Array;
  digests: Uint8Array;
  hasDigest: Uint8Array;
  leaks: Set<number>;
  contents: Map<number, Uint8Array>;
}

/**
 * A build's finished pages by route index, each kept in columns as it is finished, and read back through a view
 * of its index. Held as objects, each page was one of 80 bytes and its digest a string of 48, from the first page
 * rendered to the end of the build: 12.8 MB of the heap at 100,026 pages, which V8 lets grow half again past what
 * is live. Now a page is what its islands, metadata and scan are (shared by the pages alike) and, outside the
 * heap, its size, figure and digest.
 */
export class FinishedPages implements PageList<FinishedPage>, PageSink {
  readonly length: number;
  readonly #columns: Columns;

  constructor(routes: readonly Route[]) {
    this.length = routes.length;
    this.#columns = {
      routes,
      islands: new Array<readonly RenderedIsland[]>(routes.length),
      metas: new Array<EmittedMeta>(routes.length),
      scans: new Array<KeptScan>(routes.length),
      sizes: new Uint32Array(routes.length),
      figures: new Uint32Array(routes.length).fill(NO_FIGURE),
      digests: new Uint8Array(routes.length * DIGEST_BYTES),
      hasDigest: new Uint8Array(routes.length),
      leaks: new Set(),
      contents: new Map(),
    };
  }

  keep(index: number, page: Omit<FinishedPage, 'route'>): void {
    const columns = this.#columns;
    columns.islands[index] = page.islands;
    columns.metas[index] = page.meta;
    columns.scans[index] = page.scan;
    columns.sizes[index] = page.size;
    if (page.htmlGzipBytes !== undefined) columns.figures[index] = page.htmlGzipBytes;
    if (page.digest !== undefined) {
      for (let byte = 0; byte < DIGEST_BYTES; byte++) columns.digests[index * DIGEST_BYTES + byte] = page.digest.charCodeAt(byte);
      columns.hasDigest[index] = 1;
    }
    if (page.leaksSecret) columns.leaks.add(index);
    if (page.contents) columns.contents.set(index, page.contents);
  }

  /** The page at `index`; undefined past the end, or for a page not yet finished. */
  at(index: number): FinishedPage | undefined {
    return this.#columns.metas[index] === undefined ? undefined : new PageView(this.#columns, index);
  }

  *[Symbol.iterator](): Iterator<FinishedPage> {
    for (let index = 0; index < this.length; index++) {
      const page = this.at(index);
      if (!page) throw new Error(`The page at ${this.#columns.routes[index]!.path} was never finished.`);
      yield page;
    }
  }
}

/** A finished page as its columns hold it, each field read when asked for: most readers read one or two. */
class PageView implements FinishedPage {
  readonly #columns: Columns;
  readonly #index: number;

  constructor(columns: Columns, index: number) {
    this.#columns = columns;
    this.#index = index;
  }

  get route(): Route {
    return this.#columns.routes[this.#index]!;
  }

  get islands(): readonly RenderedIsland[] {
    return this.#columns.islands[this.#index]!;
  }

  get meta(): EmittedMeta {
    return this.#columns.metas[this.#index]!;
  }

  get scan(): KeptScan {
    return this.#columns.scans[this.#index]!;
  }

  get size(): number {
    return this.#columns.sizes[this.#index]!;
  }

  get htmlGzipBytes(): number | undefined {
    const figure = this.#columns.figures[this.#index]!;
    return figure === NO_FIGURE ? undefined : figure;
  }

  get digest(): Sha256 | undefined {
    const { digests, hasDigest } = this.#columns;
    if (!hasDigest[this.#index]) return undefined;
    return Buffer.from(digests.buffer, digests.byteOffset + this.#index * DIGEST_BYTES, DIGEST_BYTES).toString('latin1') as Sha256;
  }

  get leaksSecret(): true | undefined {
    return this.#columns.leaks.has(this.#index) ? true : undefined;
  }

  get contents(): Uint8Array | undefined {
    return this.#columns.contents.get(this.#index);
  }
}
