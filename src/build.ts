import { availableParallelism } from 'node:os';
import { type AssetBundle, bundleAssets, withoutUnusedIslands } from './assets/bundle-assets.ts';
import { checkSite } from './check/check-site.ts';
import { figuresFile, type HtmlFigures, readFigures } from './check/html-figures.ts';
import { type BuildConfig, type BuildOptions, resolveConfig } from './core/config.ts';
import { SiteErrorList, warningsAsErrors } from './core/errors.ts';
import type { OutputFile } from './core/output-file.ts';
import type { SiteFeature } from './core/site-feature.ts';
import { siteEditor } from './editor/editor-files.ts';
import { mediaOriginsOf } from './emit/security-headers.ts';
import { emitSiteFiles } from './emit/site-files.ts';
import { buildWithCheckWorker } from './large/build-with-check-worker.ts';
import { type LoadedSite, loadSite } from './load/load-site.ts';
import { openStaging, type Staging } from './output/staging.ts';
import { buildOnThisThread } from './pages/build-page.ts';
import { buildPages, type BuiltPages } from './pages/build-pages.ts';
import type { PageSetup } from './pages/check-document.ts';
import type { PageBuilder } from './pages/page-builder.ts';
import { buildRemembering, type PageMemory } from './pages/page-memory.ts';
import { createRenderInput, scriptsOf } from './render/render-body.ts';
import { type BuildReport, createProgress, createStageTimer, reportOf } from './report.ts';
import { findRoutes, type FoundRoutes } from './routes/find-routes.ts';

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
  const builder = chooseBuilder(config, site, routes, memory);
  let staging: Staging | undefined;
  try {
    staging = config.write ? await openStaging(config.outDir) : undefined;
    // The photos the cache lacks are encoded beside the stages from here on; the photos stage waits for them.
    site.images.encode();
    const bundle = await timer.time('bundle', () => bundleSite(site, routes));
    const built = await timer.time('pages', () => buildSitePages(builder, site, routes, bundle, staging));
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
    await builder.close();
  }
}

/** From this many pages, with a second core, a build checks and writes its pages on a worker thread: see docs/architecture.md. */
export const LARGE_SITE = 1000;

/** This thread alone for a small site or a watch session; this thread and a check worker for a large one (or as --workers asks). */
function chooseBuilder(
  config: BuildConfig,
  site: LoadedSite,
  routes: FoundRoutes,
  memory: PageMemory | undefined,
): PageBuilder {
  if (memory) return buildRemembering(site, routes, memory);
  const threads = config.workers ?? (routes.pages.length >= LARGE_SITE && availableParallelism() > 1 ? 2 : 1);
  return threads === 1 ? buildOnThisThread(site, routes) : buildWithCheckWorker(site, routes);
}

/** Takes every page through render → check → write, with a progress line on a terminal for a large site. */
async function buildSitePages(
  builder: PageBuilder,
  site: LoadedSite,
  routes: FoundRoutes,
  bundle: AssetBundle,
  staging: Staging | undefined,
): Promise<BuiltPages> {
  const progress = createProgress(routes.pages.length);
  const figuresAt = figuresFile(site.config.root, site.config.dataDir);
  const setup = pageSetup(site, routes, bundle, staging, await readFigures(figuresAt));
  const built = await buildPages(builder, setup, { pageCount: routes.pages.length, figuresAt, onBuilt: progress.tick });
  progress.done();
  return built;
}

/** What the site adds beside its pages: the owner's editor, when its definition has one. */
async function siteFeatures(site: LoadedSite, built: BuiltPages): Promise<SiteFeature[]> {
  // The editor previews the photos the pages load from other hosts.
  const editor = await siteEditor(site, mediaOriginsOf(built.media).image);
  return editor ? [editor] : [];
}

/** Bundles the stylesheets, every island and every page's scripts, which pages link as they render. */
async function bundleSite(site: LoadedSite, routes: FoundRoutes): Promise<AssetBundle> {
  const scripts = scriptsOf(
    routes.pages,
    routes.renderOrder,
    createRenderInput(site.data, site.info, site.islands, routes.pages, site.images),
  );
  return bundleAssets({
    templatesDir: site.config.templatesDir,
    styles: site.definition.styles,
    islands: [...site.islands.values()],
    scripts,
    debug: site.config.debug,
  });
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
