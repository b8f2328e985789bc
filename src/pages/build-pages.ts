import { keepFigures } from '../check/html-figures.ts';
import { DeferredLinks } from '../check/link-check.ts';
import type { PageSetup } from './check-document.ts';
import type { BuiltPage, PageBuilder } from './page-builder.ts';

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
 * Builds every page through `builder` and gathers what later stages need: each page by its route index, the links
 * it could not judge alone, and the other hosts it loads media from. The pages' figures for their HTML budgets are
 * kept at `figuresAt` for the next build (see html-figures.ts).
 */
export async function buildPages(
  builder: PageBuilder,
  setup: PageSetup,
  { pageCount, figuresAt, onBuilt }: { pageCount: number; figuresAt: string; onBuilt: () => void },
): Promise<BuiltPages> {
  const pages = new Array<BuiltPage>(pageCount);
  const links = new DeferredLinks();
  const media = new Set<string>();
  const documents = new Map<number, Uint8Array>();
  await builder.build(setup, (page, document) => {
    links.add(page.index, page.findings.deferred);
    for (const source of page.findings.media) media.add(source);
    pages[page.index] = page;
    if (document) documents.set(page.index, document);
    onBuilt();
  });
  const figures = Object.fromEntries(
    pages.flatMap((page) => (page.findings.htmlGzip === undefined ? [] : [[page.digest, page.findings.htmlGzip]])),
  );
  await keepFigures(figuresAt, figures, setup.check.figures);
  return { pages, links, media, documents };
}
