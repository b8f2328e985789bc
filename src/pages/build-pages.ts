import { keepFigures } from '../check/html-figures.ts';
import { DeferredLinks } from '../check/link-check.ts';
import type { PageFindings } from '../check/page-check.ts';
import type { PageSetup } from './check-document.ts';
import type { BuiltPage, PageBuilder } from './page-builder.ts';

/**
 * A page as the later stages hold it: without the links it deferred and the media hosts it names, which are
 * gathered into BuiltPages as it arrives, so a large site's pages do not each hold their links until the end.
 */
export type GatheredPage = Omit<BuiltPage, 'findings'> & { findings: Omit<PageFindings, 'deferred' | 'media'> };

/** The pages stage's outcome: every page in path order, their deferred links and media hosts, and their documents when kept. */
export interface BuiltPages {
  pages: GatheredPage[];
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
  const pages = new Array<GatheredPage>(pageCount);
  const links = new DeferredLinks();
  const media = new Set<string>();
  const documents = new Map<number, Uint8Array>();
  await builder.build(setup, ({ findings: { deferred, media: hosts, ...findings }, ...page }, document) => {
    links.add(page.index, deferred);
    for (const source of hosts) media.add(source);
    pages[page.index] = { ...page, findings };
    if (document) documents.set(page.index, document);
    onBuilt();
  });
  const figures = Object.fromEntries(
    pages.flatMap((page) => (page.findings.htmlGzip === undefined ? [] : [[page.digest, page.findings.htmlGzip]])),
  );
  await keepFigures(figuresAt, figures, setup.check.figures);
  return { pages, links, media, documents };
}
