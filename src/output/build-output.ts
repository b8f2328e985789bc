import { binarySearch } from '../binary-search.ts';
import { byCodeUnits } from '../code-unit-order.ts';
import { byOutputFile, routePathOf } from '../routes/output-files.ts';
import type { OutputFile } from './output-file.ts';
import type { PageList } from '../page-list.ts';

/**
 * A build's page documents as the later stages read them: each file made when asked for, from what its page kept.
 * Held as files, they were an object and a path string for every page from the site files to the end of the build
 * (11 MB at 100,026 pages, at the build's peak of memory), besides the sets and maps of their paths each stage made.
 */
export interface PageDocuments {
  readonly length: number;
  /** The document of the page at `index`. */
  at(index: number): OutputFile;
  /** The index of the page whose document is at `path`, or -1. */
  indexOf(path: string): number;
  /** The pages' indexes in the code-unit order of their documents' paths. */
  inPathOrder(): Iterable<number>;
}

const NO_DOCUMENTS: PageDocuments = {
  length: 0,
  at(index) {
    throw new RangeError(`No page document at ${index}: this output has none.`);
  },
  indexOf: () => -1,
  inPathOrder: () => [],
};

/**
 * The whole output of a build: the page documents, then every other file, in the order collectOutput made them.
 * Each path is one file's.
 */
export class BuildOutput implements Iterable<OutputFile> {
  readonly documents: PageDocuments;
  /** Every file but the page documents. */
  readonly others: readonly OutputFile[];
  readonly #others: ReadonlyMap<string, OutputFile>;

  constructor(documents: PageDocuments, others: readonly OutputFile[]) {
    this.documents = documents;
    this.others = others;
    this.#others = new Map(others.map((file) => [file.path, file]));
  }

  /** An output of these files alone, none of them a page's document made by the render threads. */
  static of(files: readonly OutputFile[]): BuildOutput {
    return new BuildOutput(NO_DOCUMENTS, files);
  }

  get length(): number {
    return this.documents.length + this.others.length;
  }

  /** The file at `path`, if the output has one. */
  get(path: string): OutputFile | undefined {
    const other = this.#others.get(path);
    if (other) return other;
    const index = this.documents.indexOf(path);
    return index < 0 ? undefined : this.documents.at(index);
  }

  has(path: string): boolean {
    return this.#others.has(path) || this.documents.indexOf(path) >= 0;
  }

  *[Symbol.iterator](): Iterator<OutputFile> {
    for (let index = 0; index < this.documents.length; index++) yield this.documents.at(index);
    yield* this.others;
  }

  /** Every path of the output, documents first. */
  *paths(): Generator<string> {
    for (const file of this) yield file.path;
  }

  /** Every file in the code-unit order of its path, each document made as it comes. */
  *inPathOrder(): Generator<OutputFile> {
    const others = [...this.others].sort((a, b) => byCodeUnits(a.path, b.path));
    let next = 0;
    for (const index of this.documents.inPathOrder()) {
      const document = this.documents.at(index);
      while (next < others.length && byCodeUnits(others[next]!.path, document.path) < 0) yield others[next++]!;
      yield document;
    }
    yield* others.slice(next);
  }

  /** The output as one array, every document made: for a caller that keeps the files (a build that writes nothing). */
  toArray(): OutputFile[] {
    return [...this];
  }
}

/**
 * The documents of `pages`, which are in the code-unit order of their route paths, each made by `documentOf`
 * when asked for.
 */
export function pageDocuments<P extends { route: { path: string } }>(pages: PageList<P>, documentOf: (page: P) => OutputFile): PageDocuments {
  return {
    length: pages.length,
    at: (index) => documentOf(pages.at(index)!),
    indexOf(file) {
      const routePath = routePathOf(file);
      return routePath === undefined ? -1 : binarySearch(pages.length, (index) => byCodeUnits(pages.at(index)!.route.path, routePath));
    },
    inPathOrder() {
      // An array, not a typed one: its sort is adaptive, and the files' order is nearly the pages' (`/` moves, and
      // `/a-b` comes before `/a`), where a typed array's merge sort took three to five times as long.
      return Array.from({ length: pages.length }, (_, index) => index).sort((a, b) => byOutputFile(pages.at(a)!.route.path, pages.at(b)!.route.path));
    },
  };
}
