import { writeFile } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { AssetBundle, AssetManifest } from '../assets/bundle-assets.ts';
import { scanHtml } from '../check/scan-html.ts';
import type { ScanSink } from '../check/link-tally.ts';
import type { KeptScan } from '../check/shared-scans.ts';
import { markupPlaces, skipsAt } from '../check/shared-markup.ts';
import { selfUrls, setAsideSelfLinks } from '../check/self-links.ts';
import type { Backlog } from '../bounded-work.ts';
import { filesLeakingSecrets } from '../env/resolve-env.ts';
import { SiteError } from '../errors.ts';
import { readFigures, type KnownFigures } from '../output/budget-figures.ts';
import { documentDigest, documentFigures, type DocumentFigures } from '../output/document-figures.ts';
import { writeOverSync } from '../output/write-in-place.ts';
import type { Sha256 } from '../output/sha256.ts';
import type { WriteThread, WrittenDocument } from '../output/write-thread.ts';
import { renderDocument, type DocumentShell, type PageAssets } from './document.ts';
import { islandNames } from './island-names.ts';
import type { PageMeta } from '../page-types.ts';
import type { EmittedMeta, EmittedPage, RenderedPage } from './render-page.ts';
import { madeOnce } from '../made-once.ts';

/** What a render thread needs to finish a page's document, as plain data every thread receives. */
export interface FinishSetup {
  assets: AssetManifest;
  shell: DocumentShell;
  /** The staging folder a document is written into as soon as it is made; without one, documents come back. */
  stagingDir: string | undefined;
  /** Whether the staging folder holds a previous output, whose files documents are written over. */
  writeOver: boolean;
  /** Secret values no document may hold. */
  secrets: string[];
  /** The HTML budgets: page modules (relative to the pages folder, `/`-separated) and their gzipped bytes. */
  htmlBudgets: Array<{ pageFile: string; maxBytes: number }>;
  /** Whether each document's SHA-256 is needed (the service worker's version hashes every file). */
  digests: boolean;
  /**
   * The record of the figures for HTML budgets the last build measured (see output/budget-figures.ts), read by
   * the threads that measure: a document found there is not gzipped.
   */
  figuresFile: string | undefined;
}

/** A page once its document is finished: what every later stage reads, and the document itself only when kept. */
export interface FinishedPage extends EmittedPage {
  /** What the checks read of its scan; its links went to the ScanSink it was finished with. */
  scan: KeptScan;
  /** The document's size in bytes. */
  size: number;
  /** The document's gzipped size, for the pages an HTML budget applies to (see output/document-figures.ts). */
  htmlGzipBytes: number | undefined;
  /** The document's SHA-256, when the setup asks for digests or an HTML budget applies to the page. */
  digest: Sha256 | undefined;
  /**
   * Set only on a page whose document holds a secret's value, and on one whose document is kept (no staging
   * folder to write it to): a field for every page of a large site otherwise (1.6 MB at 100,026 pages).
   */
  leaksSecret?: true;
  /** The document's UTF-8 bytes, when there is no staging folder to write it to. */
  contents?: Uint8Array;
}

/** Where a thread keeps each page once it is finished, whole: by its route's index among the build's routes. */
export interface PageSink {
  keep(index: number, page: Omit<FinishedPage, 'route'>): void;
}

/**
 * Makes a rendered page's whole document and learns what later stages need of it: the secret check, the size,
 * the scan, the figures. Then the document is written to the staging folder and let go, so a build holds no
 * page's document, whatever the site's size. With a write thread, the document's bytes move to it to be scanned,
 * written, hashed and gzipped for its budget, and its scan, digest and figure come back; else all that is done
 * here, and a new file is written on libuv's threads. Either way the work goes through `backlog`: the page is
 * complete once the backlog has settled. Its scan goes to `sink`, which names the page by `index`, its route's
 * place among the build's routes, and the page goes to `pages` once it is complete.
 */
export function finishPage(
  rendered: RenderedPage,
  setup: FinishSetup,
  assets: AssetBundle,
  backlog: Backlog,
  { sink, pages }: { sink: ScanSink; pages: PageSink },
  index: number,
  writer?: WriteThread,
): FinishedPage {
  // Fields named one by one: a rest pattern and a spread take V8's generic copy, 9 µs a page, and the objects
  // they make, kept for every page until the checks, are slow-mode ones, about three times the memory.
  const { route, islands, meta, shared } = rendered;
  const html = renderDocument(rendered, pageAssets(rendered, assets), setup.shell);
  // Bytes at once, also for a write thread: React's output is a string of thousands of pieces, and held until
  // its batch went over, scavenges copied it (at 10,026 pages, 0.3 s more of this thread's time and 17 MiB more
  // peak memory than bytes, which live outside V8's heap and move to the write thread without a copy).
  const bytes = Buffer.from(html);
  const budget = htmlBudgetOf(route.pageFile, setup);
  const finished: FinishedPage = {
    route,
    islands,
    meta: emittedMeta(meta),
    scan: NOT_YET_SCANNED,
    size: bytes.byteLength,
    htmlGzipBytes: undefined,
    digest: undefined,
  };
  if (filesLeakingSecrets([{ path: route.outputFile, text: bytes }], setup.secrets).length > 0) finished.leaksSecret = true;
  const keep = (scan: KeptScan, { gzipBytes, digest }: DocumentFigures) => {
    Object.assign(finished, { scan, htmlGzipBytes: gzipBytes, digest });
  };
  // Its folder was made before rendering began; a file of that name may be there (a spare output), to write over.
  const target = setup.stagingDir && path.join(setup.stagingDir, ...route.outputFile.split('/'));
  const failed = (error: unknown) => outputFailed(route.outputFile, error);
  const self = selfUrls(setup.shell.siteUrl, route.path);
  if (target && writer) {
    // All the rest is the write thread's, the less busy of the two when it writes over a spare output (the
    // figures of unchanged pages are kept from the last build): at 10,026 pages, finding the shared markup and
    // hashing took 0.36 s of this thread. When the write thread falls behind, this thread does both.
    const { behind } = writer;
    const digest = behind && (setup.digests || budget !== undefined) ? documentDigest(bytes) : setup.digests;
    const found = behind ? markupPlaces(html, shared) : shared;
    const { entries } = writer;
    const written = writer.write({ target, bytes, writeOver: setup.writeOver, budget, self, digest, shared: found }).then(
      (document: WrittenDocument) => {
        keep(sink.encoded(index, document.scan, entries), document);
        pages.keep(index, finished);
      },
      (error: unknown) => {
        throw failed(error);
      },
    );
    backlog.add(written);
    return finished;
  }
  const places = skipsAt(markupPlaces(html, shared));
  keep(sink.own(index, setAsideSelfLinks(scanHtml(html, places), self)), documentFigures(bytes, { text: html, places }, budget, setup.digests, knownFiguresOf(setup)));
  if (target) {
    writeDocument(target, bytes, setup.writeOver, failed, backlog);
  } else {
    // Its own copy: a small Buffer may sit in Node's shared pool, which must not move to another thread with it.
    finished.contents = new Uint8Array(bytes);
  }
  pages.keep(index, finished);
  return finished;
}

// Read on the first page measured, per setup: a build's setup, or its copy on a worker thread.
const figuresBySetup = new WeakMap<FinishSetup, KnownFigures>();

function knownFiguresOf(setup: FinishSetup): KnownFigures {
  return madeOnce(figuresBySetup, setup, () => readFigures(setup.figuresFile));
}

// By page module, per setup: every page of a module has the same budget.
const budgetsByPageFile = new WeakMap<FinishSetup, Map<string, number | undefined>>();

/** The HTML budget of the pages of module `pageFile` (see Route), the tightest if several rules name it. */
export function htmlBudgetOf(pageFile: string, setup: FinishSetup): number | undefined {
  const byPageFile = madeOnce(budgetsByPageFile, setup, () => new Map<string, number | undefined>());
  if (byPageFile.has(pageFile)) return byPageFile.get(pageFile);
  const budgets = setup.htmlBudgets.filter((rule) => rule.pageFile === pageFile).map((rule) => rule.maxBytes);
  const budget = budgets.length ? Math.min(...budgets) : undefined;
  byPageFile.set(pageFile, budget);
  return budget;
}

/** The metadata the last page finished here kept: the next page, mostly of the same template, often has the same. */
let lastMeta: EmittedMeta | undefined;

/**
 * What later stages read of a page's metadata, shared with the page finished before when each of its values is
 * the same one (a template's constant headers and scripts): kept until the checks, an object for every page of
 * a large site otherwise. Nothing changes a page's metadata once it is finished.
 */
function emittedMeta({ robots, sitemap, headers, scripts }: PageMeta): EmittedMeta {
  const last = lastMeta;
  if (last && last.robots === robots && last.sitemap === sitemap && last.headers === headers && last.scripts === scripts) return last;
  return (lastMeta = Object.freeze({ robots, sitemap, headers, scripts }));
}

/** A page's scan until the write thread's comes back (see finishPage): the page is complete only after. */
const NOT_YET_SCANNED: KeptScan = Object.freeze({ ids: new Set<string>(), renderBlockingScripts: [], blockedInline: [] });

function outputFailed(outputFile: string, error: unknown): SiteError {
  const message = error instanceof Error ? error.message : String(error);
  return new SiteError('OUTPUT_FAILED', `Writing ${outputFile} failed: ${message}. The previous output is unchanged.`, { cause: error });
}

/**
 * Writes a document over its file in a spare output at once, or else (no spare, or a page it lacks) as a new
 * file on libuv's threads, where a slow file creation does not hold up rendering.
 */
function writeDocument(target: string, bytes: Uint8Array, writeOver: boolean, failed: (error: unknown) => SiteError, backlog: Backlog): void {
  try {
    if (writeOver && writeOverSync(target, bytes)) return;
  } catch (error) {
    throw failed(error);
  }
  backlog.add(
    writeFileAsync(target, bytes).catch((error: unknown) => {
      throw failed(error);
    }),
  );
}

// The callback API: a promise-based write makes a FileHandle and three promises a file, which shows at thousands of pages.
const writeFileAsync = promisify(writeFile);

// By the islands and scripts a page uses, per bundle: most pages of a site use one of a few combinations.
const assetsByUse = new WeakMap<AssetBundle, Map<string, PageAssets>>();

/** The asset URLs a page links: the runtime and modules of its islands, its scripts, and the chunks to preload. */
export function pageAssets(page: Pick<EmittedPage, 'islands' | 'meta'>, assets: AssetBundle): PageAssets {
  const byUse = madeOnce(assetsByUse, assets, () => new Map<string, PageAssets>());
  // NUL, which no module name or path holds, between the parts.
  const use = [...page.islands.map((island) => `${island.entry.name}\0${island.when}`), '', ...(page.meta.scripts ?? [])].join('\0');
  return madeOnce(byUse, use, () => assetsFor(page, assets));
}

function assetsFor(page: Pick<EmittedPage, 'islands' | 'meta'>, assets: AssetBundle): PageAssets {
  const names = islandNames(page.islands).all;
  const islands = Object.fromEntries(names.map((name) => [name, assets.islandUrls.get(name) ?? '']));
  const runtime = names.length ? assets.runtime : undefined;
  const scripts = (page.meta.scripts ?? []).map((script) => assets.scriptUrls.get(script) ?? '');
  // Everything that runs as the page loads, with the chunks it imports: without the hint the browser learns of
  // a chunk only once the module importing it has arrived, one round trip later each level down.
  const loadNow = [...new Set(page.islands.filter((island) => island.when === 'load').map((island) => island.entry.name))];
  const linked = new Set<string>([...(runtime ? [runtime] : []), ...scripts]);
  const preload = assets
    .scriptFilesFor({ runtime: runtime !== undefined, islands: loadNow, scripts: page.meta.scripts ?? [] })
    .map((file) => `/${file}`)
    .filter((url) => !linked.has(url));
  return { styles: assets.styles, runtime, islands, preload, scripts };
}
