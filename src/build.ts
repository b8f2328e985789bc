import { normaliseSiteUrl, resolveConfig, type BuildOptions } from './config.ts';
import { resolveEnv, secretLeaks } from './env/resolve-env.ts';
import { loadData } from './data/load-data.ts';
import { dataCachesAt } from './data/data-caches.ts';
import { runChecks } from './check/run-checks.ts';
import { SiteError, SiteErrorList } from './errors.ts';
import { tuneV8, type V8Tuning } from './v8-tuning.ts';
import { collectOutput } from './emit/collect-output.ts';
import { mediaOriginsOf } from './emit/media-origins.ts';
import { bundleAssets, withoutUnusedIslands, type AssetBundle } from './assets/bundle-assets.ts';
import { cacheFolder } from './compile/build-cache.ts';
import { templateSources } from './compile/compile-templates.ts';
import { loadIslands, loadSiteDefinition } from './load-module.ts';
import { figuresRecordFile, keepFigures, type Figure } from './output/budget-figures.ts';
import { sizeOf, type OutputFile } from './output/output-file.ts';
import { pageDocuments, type BuildOutput } from './output/build-output.ts';
import { ENGINE_BUNDLE } from './engine-files.ts';
import { openStaging, type Staging } from './output/write-output.ts';
import { WriteThread } from './output/write-thread.ts';
import type { BuildInfo } from './page-types.ts';
import { createProgress, createStageTimer, javascriptFigures, type BuildReport } from './report.ts';
import { htmlBudgetOf, type FinishedPage, type FinishSetup } from './render/finish-page.ts';
import { KEPT_METAS, renderInput, scriptsOf, type EmittedPage } from './render/render-page.ts';
import { renderPages, renderThreads, usesWriteThread } from './render/render-pages.ts';
import { startRenderPool, type RenderPool } from './render/render-pool.ts';
import type { PageList } from './page-list.ts';
import { discoverEndpoints, discoverRoutes, renderOrder } from './routes/discover-routes.ts';
import { pageAt } from './routes/output-files.ts';
import { packPaths, PagePaths } from './routes/page-paths.ts';
import { LinkTally } from './check/link-tally.ts';
import { renderEndpoint } from './render/render-endpoint.ts';
import { islandNames } from './render/island-names.ts';

/** The figures of this build's HTML budgets, to keep for the next (see budget-figures.ts), made as they are read. */
function* figuresOf(finished: PageList<FinishedPage>, setup: FinishSetup): Generator<Figure> {
  for (const { route, digest, htmlGzipBytes } of finished) {
    const budget = htmlBudgetOf(route.pageFile, setup);
    if (digest !== undefined && budget !== undefined && htmlGzipBytes !== undefined) yield { digest, budget, figure: htmlGzipBytes };
  }
}

/** The islands any page uses, by name. */
function islandsUsed(pages: PageList<FinishedPage>): Set<string> {
  const used = new Set<string>();
  for (const page of pages) for (const name of islandNames(page.islands).all) used.add(name);
  return used;
}

/** A page whose document holds a secret's value, as it was found while the document was made. */
function* documentLeaks(pages: PageList<FinishedPage>): Generator<SiteError> {
  for (const page of pages) {
    if (page.leaksSecret) yield new SiteError('SECRET_IN_OUTPUT', `${page.route.outputFile} contains the value of a secret environment variable.`, { file: page.route.outputFile });
  }
}

/** A finished page's document, as the output lists it: its bytes when kept, else its size and digest as written. */
function documentOf(page: FinishedPage): OutputFile {
  const path = page.route.outputFile;
  return page.contents ? { path, contents: page.contents } : { path, written: page.size, digest: page.digest };
}

/** The bytes of every file of the output. */
function totalBytesOf(output: BuildOutput): number {
  let total = 0;
  for (const file of output) total += sizeOf(file);
  return total;
}

/** The JavaScript bytes a page loads: its islands' modules and its scripts, with what they import. */
function jsBytesOfPage(page: EmittedPage, assets: AssetBundle): number {
  return assets.jsBytesFor(islandNames(page.islands).all, page.meta.scripts ?? []);
}

/** The JavaScript figures of the report, and each page's bytes when asked, found by path (pages are in path order). */
function javascriptOf(pages: PageList<EmittedPage>, assets: AssetBundle): Pick<BuildReport, 'javascript' | 'jsBytesOf'> {
  return {
    javascript: javascriptFigures(Float64Array.from(pages, (page) => jsBytesOfPage(page, assets))),
    jsBytesOf(path) {
      const page = pageAt(pages, path);
      return page && jsBytesOfPage(page, assets);
    },
  };
}

/** The outcome of a build: every output file (also when nothing was written) and the report. */
export interface BuildResult {
  /** Every output file, made when first read; a page's document is kept in memory only by a build that writes nothing. */
  readonly files: OutputFile[];
  report: BuildReport;
  outDir: string | undefined;
}

/**
 * The pipeline: config, templates, data, routes; assets; render (each page's document finished and written to
 * the staging folder by the thread that rendered it); site files; checks; write the rest and swap; report.
 */
export async function build(options: BuildOptions = {}): Promise<BuildResult> {
  const tuning = tuneV8();
  try {
    return await runBuild(options, tuning);
  } finally {
    tuning.restore();
  }
}

async function runBuild(options: BuildOptions, tuning: V8Tuning): Promise<BuildResult> {
  const started = performance.now();
  const timer = createStageTimer();
  const config = resolveConfig(options);
  const compiled = await timer.time('templates', () => templateSources(config));
  const site = await timer.time('templates', () => loadSiteDefinition(config.templatesDir, config.root, compiled));
  const data = await timer.time('data', () => loadData(site, config.dataDir, config.root, { caches: dataCachesAt(config.templatesDir, compiled) }));

  const siteUrl = config.siteUrlOverride ?? normaliseSiteUrl(site.siteUrl(data), 'the site data (siteUrl)');
  const env = resolveEnv(site.env, config.env, { siteUrl });
  const info: BuildInfo = { url: siteUrl, time: config.time, env: env.public };
  const warnings = [...env.warnings];

  const registry = await timer.time('islands', () => loadIslands(config.islandsDir, config.root, compiled));
  const routes = await timer.time('routes', () => discoverRoutes(config.pagesDir, config.root, { data, site: info }, compiled));
  const endpoints = await timer.time('routes', () => discoverEndpoints(config.pagesDir, config.root, compiled));
  const input = renderInput(data, info, registry, routes);
  // Which links name a page, for the threads that scan (see ScanTable).
  const packedPaths = packPaths(routes);
  const pagePaths = new PagePaths(packedPaths);
  const order = renderOrder(routes);
  tuning.keepFor(routes.length);
  // What loading the data and finding the routes left, before the scripts are asked and the assets bundled.
  tuning.collect();

  // Workers load the site, and the write thread starts, while the main thread opens the staging folder and bundles
  // the assets: a thread's start-up is 50-100 ms, and the renderer waited for the write thread's at 1,026 pages.
  const threads = renderThreads(config.workers, routes.length);
  const workerInit = { root: config.root, templatesDir: config.templatesDir, pagesDir: config.pagesDir, islandsDir: config.islandsDir, dataDir: config.dataDir, info, compiled };
  // The last build's figures for HTML budgets, if the site has any: a page whose document is the same is not
  // gzipped again.
  const figuresFile = site.budgets?.html?.length ? figuresRecordFile(cacheFolder(config.root, 'budget-figures'), ENGINE_BUNDLE, config.dataDir) : undefined;
  let pool: RenderPool | undefined;
  let staging: Staging | undefined;
  let writer: WriteThread | undefined;
  try {
    pool = threads > 1 ? startRenderPool(Math.min(threads - 1, routes.length), workerInit) : undefined;
    writer = config.write && (config.writeThread ?? usesWriteThread(routes.length)) ? new WriteThread(figuresFile, { siteUrl, paths: packedPaths }) : undefined;
    staging = config.write ? await openStaging(config.outDir, { spare: cacheFolder(config.root, 'spare-output') }) : undefined;

    // Every page's scripts and every island are bundled first, so each render thread can finish its documents.
    // The meta of the first pages is kept for the main thread's render; the others' is made again as they render.
    const scripts = await timer.time('render', () => scriptsOf(routes, input, pool ? 0 : KEPT_METAS, order));
    const bundle = await timer.time('assets', () => bundleAssets({ templatesDir: config.templatesDir, styles: site.styles, islands: [...registry.values()], scripts, debug: config.debug }));
    const shell = { lang: site.lang, siteName: site.siteName(data), siteUrl, headMeta: site.headMeta?.(data) ?? [], fontPreloads: site.preloadFonts ? bundle.fonts : [] };
    await staging?.makeFolders(routes.map((route) => route.outputFile));
    const setup: FinishSetup = {
      assets: bundle.manifest,
      shell,
      stagingDir: staging?.dir,
      writeOver: staging?.reusing ?? false,
      secrets: env.secrets,
      htmlBudgets: site.budgets?.html ?? [],
      digests: site.serviceWorker !== undefined,
      figuresFile,
    };

    tuning.collect();
    const progress = createProgress(routes.length);
    const tally = new LinkTally(siteUrl, routes, pagePaths);
    const finished = await timer.time('render', () => renderPages(routes, order, { pool, writer, tally, collect: tuning.collect }, input, setup, bundle, progress.tick));
    progress.done();
    await Promise.all([pool?.close(), writer?.close()]);
    pool = undefined;
    writer = undefined;
    // Made in the closure, so that no later stage holds them: a figure for each page of a large site.
    await timer.time('render', () => keepFigures(figuresFile, figuresOf(finished, setup)));
    const texts = await timer.time('render', () => endpoints.map((endpoint) => renderEndpoint(endpoint, { data, site: info })));

    tuning.collect();
    const assets = withoutUnusedIslands(bundle, islandsUsed(finished));
    // What the site files and the checks read of each page: the finished pages themselves, not a copy of each.
    const pages: PageList<EmittedPage> = finished;
    const documents = pageDocuments(finished, documentOf);
    const { output, warnings: emitWarnings } = await timer.time('emit', () =>
      collectOutput({
        emit: {
          pages,
          shell,
          site,
          mediaOrigins: mediaOriginsOf(tally.distinctLinks(), siteUrl),
          redirects: site.redirects?.(data) ?? [],
          csp: typeof site.csp === 'function' ? site.csp(env.public) : (site.csp ?? {}),
          buildDate: config.time.toISOString().slice(0, 10),
        },
        pages,
        documents,
        endpoints,
        endpointFiles: texts,
        assets,
        publicDir: config.publicDir,
        root: config.root,
        serviceWorker: site.serviceWorker,
        debug: config.debug,
      }),
    );
    warnings.push(...emitWarnings);
    const checks = await timer.time('check', () =>
      runChecks({ pages: finished, links: tally.uses(), files: output, assets, siteUrl, budgets: site.budgets ?? {}, linkCheck: config.linkCheck }),
    );
    // Documents were searched for secrets as they were made; the other files, which follow them, are searched here.
    const leaks = [...documentLeaks(finished), ...secretLeaks(output.others, env.secrets)];
    if (checks.errors.length || leaks.length) throw new SiteErrorList([...checks.errors, ...leaks]);
    if (staging) {
      const writing = staging;
      await timer.time('write', async () => {
        await writing.write(output);
        await writing.commit();
      });
    }

    const report: BuildReport = {
      pages: pages.length,
      files: output.length,
      totalBytes: totalBytesOf(output),
      linksChecked: checks.linksChecked,
      ...javascriptOf(pages, assets),
      stageMs: timer.stages,
      totalMs: performance.now() - started,
      peakRssBytes: process.resourceUsage().maxRSS * 1024,
      warnings,
    };
    let files: OutputFile[] | undefined;
    return {
      // Made when asked for: a build that writes its output is asked for its report alone.
      get files() {
        return (files ??= output.toArray());
      },
      report,
      outDir: config.write ? config.outDir : undefined,
    };
  } catch (error) {
    // No document may land in the staging folder as it is removed.
    await writer?.close();
    await staging?.abort();
    throw error;
  } finally {
    await pool?.close();
  }
}
