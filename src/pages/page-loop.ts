// The pages stage: one loop over the routes, in render order. Each page comes from a source (rendered, or taken from
// the last build under watch: see render-source.ts and page-memory.ts) and goes to a sink that checks and writes it
// (on this thread, see check-and-write.ts, or on a check worker for a large site, see large/). What comes back is
// gathered by route index, so the output is the same whichever source and sink a build uses.
import { keepFigures } from '../check/html-figures.ts';
import { DeferredLinks } from '../check/link-check.ts';
import type { CheckSetup, PageCheck, PageFacts } from '../check/page-check.ts';
import type { RenderedPage, RenderSetup } from '../render/render-page.ts';
import type { FoundRoutes, Route } from '../routes/find-routes.ts';

/** The staging folder each document is written into as soon as it is checked. */
export interface OutputSetup {
  dir: string;
  previous: string | undefined;
}

/** How every page is rendered, checked and written, as plain data: the same on every thread. Without `output`, documents come back. */
export interface PageSetup {
  render: RenderSetup;
  check: CheckSetup;
  output: OutputSetup | undefined;
}

/** A page once it is rendered, checked and written: what every later stage reads of it. */
export interface BuiltPage {
  /** Its route's index among the build's routes, in path order. */
  index: number;
  meta: RenderedPage['meta'];
  islands: RenderedPage['islands'];
  facts: PageFacts;
}

/** A rendered page's document on its way to a sink, with what of its route the check and the write read. */
export interface RenderedDocument {
  index: number;
  route: Pick<Route, 'path' | 'pageFile' | 'outputFile'>;
  html: string;
}

/** A document a sink checked (and wrote): what the check found, and the document itself when nothing is written. */
export interface CheckedDocument {
  index: number;
  check: PageCheck;
  document: Uint8Array | undefined;
}

/** Where each page's document comes from. */
export interface PageSource {
  render(route: Route, index: number): RenderedPage;
  /** Told of each page once it is built, then once every page is (a watch session's memory keeps them). */
  built?(page: BuiltPage, route: Route): void;
  finish?(): void;
}

/** Where each rendered document goes to be checked and written. */
export interface PageSink {
  /** Starts a build's pages: each document checked goes to `receive`. */
  open(setup: PageSetup, receive: (checked: CheckedDocument) => void): void;
  /** Takes a document; a promise when the sink wants the loop to wait before it renders the next. */
  take(document: RenderedDocument): Promise<void> | undefined;
  /** Resolves once every document taken is checked. */
  drain(): Promise<void>;
  /** Stops any thread it started. */
  close(): Promise<void>;
}

/** The pages stage's outcome: every page in path order, their deferred links and media hosts, and their documents when kept. */
export interface BuiltPages {
  pages: BuiltPage[];
  links: DeferredLinks;
  /** The other hosts pages load images and media from, as `image <origin>` or `media <origin>`. */
  media: ReadonlySet<string>;
  /** Each page's document by its index, when the build writes nothing. */
  documents: Map<number, Uint8Array>;
}

/**
 * Takes every route from `source` to `sink` and gathers what the later stages need: each page by its route index,
 * the links it could not judge alone and the other hosts it loads media from (gathered as each page arrives, so a
 * large site's pages do not each hold their links until the end). The pages' figures for their HTML budgets are
 * kept at `figuresAt` for the next build (see html-figures.ts).
 */
export async function pageLoop(
  routes: FoundRoutes,
  setup: PageSetup,
  { source, sink, figuresAt, onBuilt }: { source: PageSource; sink: PageSink; figuresAt: string; onBuilt: () => void },
): Promise<BuiltPages> {
  const pages = new Array<BuiltPage>(routes.pages.length);
  const links = new DeferredLinks();
  const media = new Set<string>();
  const documents = new Map<number, Uint8Array>();
  // What a page's render gave besides its document, until its check comes back.
  const waiting = new Map<number, Omit<RenderedPage, 'html'>>();
  sink.open(setup, ({ index, check, document }) => {
    const page = { ...waiting.get(index)!, facts: check.facts };
    waiting.delete(index);
    links.add(index, check.links);
    for (const host of check.media) media.add(host);
    pages[index] = page;
    if (document) documents.set(index, document);
    source.built?.(page, routes.pages[index]!);
    onBuilt();
  });
  for (const index of routes.renderOrder) {
    const route = routes.pages[index]!;
    const { html, ...page } = source.render(route, index);
    waiting.set(index, page);
    await sink.take({ index, route, html });
  }
  await sink.drain();
  source.finish?.();
  const figures = Object.fromEntries(
    pages.flatMap(({ facts }) => (facts.htmlGzip === undefined ? [] : [[facts.digest, facts.htmlGzip]])),
  );
  await keepFigures(figuresAt, figures, setup.check.figures);
  return { pages, links, media, documents };
}
