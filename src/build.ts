import { availableParallelism } from 'node:os';
import { type AssetBundle, bundleAssets, withoutUnusedIslands } from './assets/bundle-assets.ts';
import { checkSite } from './check/check-site.ts';
import { figuresFile, type HtmlFigures, readFigures } from './check/html-figures.ts';
import { type BuildConfig, type BuildOptions, resolveConfig } from './core/config.ts';
import { SiteErrorList, warningsAsErrors } from './core/errors.ts';
import type { OutputFile } from './core/output-file.ts';
import type { PageMeta } from './core/page-types.ts';
import type { SiteFeature } from './core/site-feature.ts';
import { siteEditor } from './editor/editor-files.ts';
import { mediaOriginsOf } from './emit/security-headers.ts';
import { emitSiteFiles } from './emit/site-files.ts';
import { checkOnWorker } from './large/check-on-worker.ts';
import { type LoadedSite, loadSite } from './load/load-site.ts';
import { openStaging, type Staging } from './output/staging.ts';
import { checkOnThisThread } from './pages/check-and-write.ts';
import { type PageMemory, rememberingSource } from './pages/page-memory.ts';
import { pageLoop, type BuiltPages, type PageSetup, type PageSink } from './pages/page-loop.ts';
import { renderSource } from './pages/render-source.ts';
import { createRenderInput, scriptsOf } from './render/render-body.ts';
import { type BuildReport, createProgress, createStageTimer, reportOf } from './report.ts';
import { findRoutes, type FoundRoutes, type Route } from './routes/find-routes.ts';

/** The outcome of a build: the report, and every output file (pages with their bytes only when nothing is written). */
export interface BuildResult {
  files: OutputFile[];
  report: BuildReport;
  outDir: string | undefined;
}

/**
 * The pipeline, one stage after another: load the site (templates, definition, data, environment), find the
 * routes, bundle the assets, build every page (each rendered, checked and written in turn), emit the site files,
 * check the whole output, write the rest and swap it in, report. A build that fails leaves the previous output.
 * `memory` is what a watch session keeps of its last build: with it, only pages whose inputs changed render again.
 */
export async function build(options: BuildOptions = {}, memory?: PageMemory): Promise<BuildResult> {
  const started = performance.now();
  const timer = createStageTimer();
  const config = resolveConfig(options);
  const site = await timer.time('load', () => loadSite(config));
  const routes = await timer.time('routes', () =>
    findRoutes(config, site.files, site.compiled, { data: site.data, site: site.info }),
  );
  const sink = chooseSink(config, routes, memory);
  let staging: Staging | undefined;
  try {
    staging = config.write ? await openStaging(config.outDir) : undefined;
    // The photos the cache lacks are encoded beside the stages from here on; the photos stage waits for them.
    site.images.encode();
    const { bundle, metas } = await timer.time('bundle', () => bundleSite(site, routes));
    const built = await timer.time('pages', () => buildPages({ site, routes, bundle, metas, staging, sink, memory }));
    const assets = withoutUnusedIslands(bundle, new Set(built.pages.flatMap((page) => page.islands.all)));
    const emitted = await timer.time('emit', async () =>
      emitSiteFiles({ site, routes, built, assets, features: await siteFeatures(site, built) }),
    );
    const checks = await timer.time('check', () =>
      checkSite({
        pages: built.pages,
        routes: routes.pages,
        links: built.links,
        files: emitted.files,
        assets,
        origin: site.info.url,
        budgets: site.definition.budgets ?? {},
        linkCheck: config.linkCheck,
        secrets: site.secrets,
      }),
    );
    const warnings = [...site.warnings, ...emitted.warnings, ...site.images.unused()];
    const errors = [...checks.errors, ...(config.strict ? warningsAsErrors(warnings) : [])];
    if (errors.length) {
      throw new SiteErrorList(errors);
    }
    // The photos the cache lacked were encoded beside the stages since bundle: this waits for what is left of that.
    const images = await timer.time('photos', () => site.images.finish());
    await timer.time('write', () => staging?.commit([...emitted.files, ...images.files]));
    memory?.commit();
    const paths = routes.pages.map((route) => route.path);
    const files = [...emitted.files, ...images.files];
    const report = await timer.time('report', () =>
      reportOf({
        pages: built.pages,
        paths,
        files,
        assets,
        linksChecked: checks.linksChecked,
        stageMs: timer.stages,
        started,
        warnings,
        images,
        features: emitted.features,
        remembered: memory?.remembered,
      }),
    );
    const documents = [...built.documents]
      .sort(([a], [b]) => a - b)
      .map(([index, contents]) => ({
        path: routes.pages[index]!.outputFile,
        contents,
      }));
    return { files: [...documents, ...files], report, outDir: staging ? config.outDir : undefined };
  } catch (error) {
    site.images.stop();
    await staging?.abort();
    throw error;
  } finally {
    await sink.close();
  }
}

/** From this many pages, with a second core, a build checks and writes its pages on a worker thread: see docs/architecture.md. */
export const LARGE_SITE = 1000;

/** This thread alone for a small site or a watch session; a check worker beside it for a large one (or as --workers asks). */
function chooseSink(config: BuildConfig, routes: FoundRoutes, memory: PageMemory | undefined): PageSink {
  if (memory) return checkOnThisThread();
  const threads = config.workers ?? (routes.pages.length >= LARGE_SITE && availableParallelism() > 1 ? 2 : 1);
  return threads === 1 ? checkOnThisThread() : checkOnWorker();
}

/**
 * Takes every page through render → check → write, with a progress line on a terminal for a large site: rendered,
 * or under watch taken from the last build where its inputs are unchanged.
 */
async function buildPages(input: {
  site: LoadedSite;
  routes: FoundRoutes;
  bundle: AssetBundle;
  metas: Map<Route, PageMeta>;
  staging: Staging | undefined;
  sink: PageSink;
  memory: PageMemory | undefined;
}): Promise<BuiltPages> {
  const { site, routes, memory } = input;
  const progress = createProgress(routes.pages.length);
  const figuresAt = figuresFile(site.config.root, site.config.dataDir);
  const setup = pageSetup(site, routes, input.bundle, input.staging, await readFigures(figuresAt));
  // A watch session makes a page's meta() again as it renders, where the memory sees what it reads.
  const source = memory
    ? rememberingSource(site, routes, setup, memory)
    : renderSource(site, routes, setup, input.metas);
  const built = await pageLoop(routes, setup, { source, sink: input.sink, figuresAt, onBuilt: progress.tick });
  progress.done();
  return built;
}

/** What the site adds beside its pages: the owner's editor, when its definition has one. */
async function siteFeatures(site: LoadedSite, built: BuiltPages): Promise<SiteFeature[]> {
  // The editor previews the photos the pages load from other hosts.
  const editor = await siteEditor(site, mediaOriginsOf(built.media).image);
  return editor ? [editor] : [];
}

/**
 * Bundles the stylesheets, every island and every page's scripts, which pages link as they render; with the head
 * metadata of the pages whose meta() was made to learn their scripts, for their render.
 */
async function bundleSite(
  site: LoadedSite,
  routes: FoundRoutes,
): Promise<{ bundle: AssetBundle; metas: Map<Route, PageMeta> }> {
  const { scripts, metas } = scriptsOf(
    routes.pages,
    routes.renderOrder,
    createRenderInput(site.data, site.info, site.islands, routes.pages, site.images),
  );
  const bundle = await bundleAssets({
    templatesDir: site.config.templatesDir,
    styles: site.definition.styles,
    islands: [...site.islands.values()],
    scripts,
    debug: site.config.debug,
  });
  return { bundle, metas };
}

/** How every page is rendered, checked and written, the same on every thread; `figures` are the last build's. */
function pageSetup(
  site: LoadedSite,
  routes: FoundRoutes,
  bundle: AssetBundle,
  staging: Staging | undefined,
  figures: HtmlFigures,
): PageSetup {
  const { definition, data, info } = site;
  const shell = {
    lang: definition.lang,
    siteName: definition.siteName(data),
    siteUrl: info.url,
    headMeta: definition.headMeta?.(data) ?? [],
    fontPreloads: definition.preloadFonts ? bundle.fonts : [],
  };
  return {
    render: { assets: bundle.manifest, shell },
    check: {
      origin: info.url,
      secrets: site.secrets,
      pagePaths: routes.pages.map((route) => route.path),
      knownFiles: knownFiles(site, routes, bundle),
      budgets: definition.budgets ?? {},
      figures,
    },
    output: staging && { dir: staging.dir, previous: staging.previous },
  };
}

/**
 * The output files but pages known before any page renders: the bundle's stylesheets and fonts, public/, the
 * endpoints and the photos' files. Scripts are not among them: an island no page uses is left out of the output after rendering.
 */
function knownFiles(site: LoadedSite, routes: FoundRoutes, bundle: AssetBundle): string[] {
  const scripts = /\.js(\.map)?$/;
  return [
    ...bundle.files.map((file) => file.path).filter((file) => !scripts.test(file)),
    ...site.publicFiles,
    ...routes.endpoints.map((endpoint) => endpoint.outputFile),
    ...site.images.outputPaths,
  ];
}
