import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FolderOnDemand } from '../collections/folder-on-demand.ts';
import { sha256 } from '../core/cache.ts';
import type { OnDemandFolder } from '../core/site-definition.ts';
import type { LoadedSite } from '../load/load-site.ts';
import { MarkupCache, type ReadRecorder } from '../render/render-once.tsx';
import { createRenderContext, type RenderContext, type RenderedPage, renderPage } from '../render/render-page.ts';
import type { FoundRoutes, Route } from '../routes/find-routes.ts';
import type { PageSetup, PageSource } from './page-loop.ts';

/** A page of the last build as a watch session remembers it: what it read, and what it made. */
interface RememberedPage {
  /** Its params and props, as JSON: a page given others is rendered again. */
  given: string;
  /** Each piece of data it read (see `tracking`), with the version it read. */
  reads: ReadonlyMap<string, string>;
  page: Omit<RenderedPage, 'html'>;
  digest: string;
}

/**
 * What `site serve --watch` keeps of its last build, so that the next build renders again only the pages whose
 * inputs changed: a saved post re-renders the pages that read the posts, a saved record of an on-demand folder the
 * pages that asked for that record. Anything else a page may depend on (the templates, the bundle, the site's head
 * facts, the routes, the photos, the build's info) is one key: when it changes, every page renders again. Every
 * page, rendered or remembered, is still checked and written, so its links and budgets are checked as before.
 */
export class PageMemory {
  #everything: string | undefined;
  #pages = new Map<string, RememberedPage>();
  #proposed: { everything: string; pages: Map<string, RememberedPage> } | undefined;
  /** How many pages of the last build were taken from the one before it rather than rendered. */
  remembered = 0;

  /** The remembered page at `route`, if the last build had the same `everything` and the page's inputs are unchanged. */
  recall(everything: string, route: Route, versionOf: (read: string) => string): RememberedPage | undefined {
    if (everything !== this.#everything) return undefined;
    const page = this.#pages.get(route.path);
    if (!page || page.given !== givenOf(route)) return undefined;
    for (const [read, version] of page.reads) if (versionOf(read) !== version) return undefined;
    return page;
  }

  /** This build's pages, to remember once the build has succeeded (see `commit`). */
  propose(everything: string, pages: Map<string, RememberedPage>, remembered: number): void {
    this.#proposed = { everything, pages };
    this.remembered = remembered;
  }

  /** Remembers the pages of the build that just succeeded in place of the last's. */
  commit(): void {
    if (!this.#proposed) return;
    ({ everything: this.#everything, pages: this.#pages } = this.#proposed);
    this.#proposed = undefined;
  }
}

/**
 * The source of a watch session's pages: a page whose inputs are unchanged since the last build is taken from that
 * build's output instead of rendered; every page, rendered or taken, is still checked and written. This build's
 * pages are proposed to `memory`, which the build commits once it has succeeded, so a failed build leaves the
 * memory of the last good one.
 */
export function rememberingSource(
  site: LoadedSite,
  routes: FoundRoutes,
  setup: PageSetup,
  memory: PageMemory,
): PageSource {
  const log = new ReadLog();
  const made = createRenderContext(site, routes, setup.render);
  const context = tracking({ ...made, input: { ...made.input, markup: new MarkupCache(log) } }, log);
  const everything = sha256(
    JSON.stringify([site.compiled, setup.render, setup.check.pagePaths, site.images.outputPaths, site.info]),
  );
  const versionOf = dataVersions(site.data);
  const pages = new Map<string, RememberedPage>();
  const readsOf = new Map<number, Map<string, string>>();
  let remembered = 0;
  return {
    render(route, index) {
      const last = setup.output?.previous && memory.recall(everything, route, versionOf);
      const html = last && readIfSame(path.join(setup.output!.previous!, route.outputFile), last.digest);
      const reads = new Map<string, string>(html ? last.reads : []);
      readsOf.set(index, reads);
      log.page = (read) => reads.set(read, versionOf(read));
      if (!html) return renderPage(route, index, context);
      remembered++;
      return { ...last.page, index, html };
    },
    built({ index, meta, islands, facts }, route) {
      const reads = readsOf.get(index)!;
      readsOf.delete(index);
      pages.set(route.path, { given: givenOf(route), reads, page: { index, meta, islands }, digest: facts.digest });
    },
    finish() {
      memory.propose(everything, pages, remembered);
    },
  };
}

/** Where the reads of the page being rendered go, and those of each shared markup rendered for it (see ReadRecorder). */
class ReadLog implements ReadRecorder {
  page: (read: string) => void = () => undefined;
  readonly #recording: string[][] = [];

  note(read: string): void {
    this.page(read);
    for (const reads of this.#recording) reads.push(read);
  }

  record(render: () => string): { html: string; reads: readonly string[] } {
    const reads: string[] = [];
    this.#recording.push(reads);
    try {
      return { html: render(), reads };
    } finally {
      this.#recording.pop();
    }
  }

  replay(reads: readonly string[]): void {
    for (const read of reads) this.note(read);
  }
}

const givenOf = (route: Route): string => JSON.stringify([route.params, route.props]);

/** The document at `file` when its SHA-256 is `digest` (the output is as the last build left it); else undefined. */
function readIfSame(file: string, digest: string): string | undefined {
  try {
    const bytes = readFileSync(file);
    return sha256(bytes) === digest ? bytes.toString('utf8') : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The render context for one page with its data watched: each collection it reads is noted by name, and each
 * record it asks an on-demand folder for as `folder/slug` (its summaries as `folder/`). Getters rather than a
 * Proxy: the data is frozen, and a Proxy of a frozen object must hand out its very values.
 */
function tracking(context: RenderContext, log: ReadLog): RenderContext {
  const note = (read: string) => log.note(read);
  const watched: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(context.input.data as Readonly<Record<string, unknown>>)) {
    const folder = value instanceof FolderOnDemand ? onDemandWatched(name, value, note) : undefined;
    Object.defineProperty(watched, name, { enumerable: true, get: () => folder ?? (note(name), value) });
  }
  return { ...context, input: { ...context.input, data: Object.freeze(watched) } };
}

function onDemandWatched(
  name: string,
  folder: FolderOnDemand,
  note: (read: string) => void,
): OnDemandFolder<unknown, unknown> {
  return Object.freeze({
    get summaries() {
      note(`${name}/`);
      return folder.summaries;
    },
    get: (slug: string) => {
      note(`${name}/${slug}`);
      return folder.get(slug);
    },
  });
}

/** The version of each piece of data a page may read (see `tracking`), each worked out once a build. */
function dataVersions(data: unknown): (read: string) => string {
  const known = new Map<string, string>();
  const collections = data as Readonly<Record<string, unknown>>;
  return (read) => {
    let version = known.get(read);
    if (version === undefined) {
      const [name, slug] = read.split('/') as [string, string | undefined];
      const value = collections[name];
      if (slug === undefined) version = sha256(JSON.stringify(value) ?? '');
      else if (!(value instanceof FolderOnDemand)) version = '';
      else version = slug === '' ? sha256(JSON.stringify(value.summaries)) : (value.versionOf(slug) ?? '');
      known.set(read, version);
    }
    return version;
  };
}
