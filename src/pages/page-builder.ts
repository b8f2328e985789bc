import type { RenderedPage } from '../render/render-page.ts';
import type { DocumentFacts, PageSetup } from './check-document.ts';

/** A page once it is rendered, checked and written: what every later stage reads of it. */
export type BuiltPage = Omit<RenderedPage, 'html'> & DocumentFacts;

/** What takes a build's pages through render → check → write: this thread alone, or with a check worker for a large site (see large/). */
export interface PageBuilder {
  /** Builds every route, in render order, handing each page (and its document, when not written) to `onPage`. */
  build(setup: PageSetup, onPage: (page: BuiltPage, document: Uint8Array | undefined) => void): Promise<void>;
  /** Stops any thread it started. */
  close(): Promise<void>;
}
