import { DeferredLinks } from '../check/link-check.ts';
import type { FinishedPage, FinishSetup } from './finish-page.ts';
import type { PageRenderer } from './render-here.ts';

/** The render stage's outcome: every page in path order, their deferred links and media hosts, and their documents when kept. */
export interface RenderedSite {
  pages: FinishedPage[];
  links: DeferredLinks;
  /** The other hosts pages load images and media from, as `image <origin>` or `media <origin>`. */
  media: ReadonlySet<string>;
  /** Each page's document by its index, when the build writes nothing. */
  documents: Map<number, Uint8Array>;
}

/**
 * Renders every page through `renderer` and gathers what later stages need. What many pages share (their ids,
 * islands and metadata, alike for pages of one template) is kept once, and each page's links go into the
 * deferred links as it arrives, so a large site's pages are held as little more than their figures.
 */
export async function renderPages(renderer: PageRenderer, setup: FinishSetup, pageCount: number, onRendered: () => void): Promise<RenderedSite> {
  const pages = new Array<FinishedPage>(pageCount);
  const links = new DeferredLinks();
  const media = new Set<string>();
  const documents = new Map<number, Uint8Array>();
  const shared = new Map<string, unknown>();
  const once = <T>(value: T): T => {
    const key = JSON.stringify(value) ?? '';
    const known = shared.get(key);
    if (known !== undefined) return known as T;
    shared.set(key, value);
    return value;
  };
  await renderer.render(setup, (page, document) => {
    const { findings } = page;
    links.add(page.index, findings.deferred);
    for (const source of findings.media) media.add(source);
    pages[page.index] = {
      ...page,
      meta: once(page.meta),
      islands: once(page.islands),
      findings: { ...findings, ids: once(findings.ids), deferred: [], media: [], blockedInline: once(findings.blockedInline), renderBlockingScripts: once(findings.renderBlockingScripts) },
    };
    if (document) documents.set(page.index, document);
    onRendered();
  });
  return { pages, links, media, documents };
}
