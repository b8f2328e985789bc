import { normaliseSiteUrl, resolveConfig, type BuildOptions } from './config.ts';
import { resolveEnv, secretLeaks } from './env/resolve-env.ts';
import { loadData } from './data/load-data.ts';
import { runChecks } from './check/run-checks.ts';
import { SiteErrorList } from './errors.ts';
import { collectOutput } from './emit/collect-output.ts';
import { emitDocuments } from './emit/emit-site-files.ts';
import { mediaOriginsOf } from './emit/media-origins.ts';
import { bundleAssets } from './assets/bundle-assets.ts';
import { templateSources } from './compile/compile-templates.ts';
import { loadIslands, loadSiteDefinition } from './load-module.ts';
import { sizeOf, type OutputFile } from './output/output-file.ts';
import { writeOutputAtomically } from './output/write-output.ts';
import type { BuildInfo } from './page-types.ts';
import { createProgress, createStageTimer, type BuildReport } from './report.ts';
import { renderPages, renderThreads } from './render/render-pages.ts';
import { discoverEndpoints, discoverRoutes } from './routes/discover-routes.ts';
import { renderEndpoint } from './render/render-endpoint.ts';

/** The outcome of a build: every output file (also when nothing was written) and the report. */
export interface BuildResult {
  files: OutputFile[];
  report: BuildReport;
  outDir: string | undefined;
}

/** The pipeline: config, data, routes, render, assets, emit, check, write, report. Each stage a module. */
export async function build(options: BuildOptions = {}): Promise<BuildResult> {
  const started = performance.now();
  const timer = createStageTimer();
  const config = resolveConfig(options);
  const compiled = await timer.time('templates', () => templateSources(config));
  const site = await timer.time('templates', () => loadSiteDefinition(config.templatesDir, config.root, compiled));
  const data = await timer.time('data', () => loadData(site, config.dataDir, config.root));

  const siteUrl = config.siteUrlOverride ?? normaliseSiteUrl(site.siteUrl(data), 'the site data (siteUrl)');
  const env = resolveEnv(site.env, config.env, { siteUrl });
  const info: BuildInfo = { url: siteUrl, time: config.time, env: env.public };
  const warnings = [...env.warnings];

  const registry = await timer.time('islands', () => loadIslands(config.islandsDir, config.root, compiled));
  const routes = await timer.time('routes', () => discoverRoutes(config.pagesDir, config.root, { data, site: info }, compiled));
  const endpoints = await timer.time('routes', () => discoverEndpoints(config.pagesDir, config.root, compiled));
  const routeInfo = routes.map(({ path, source, params }) => ({ path, source, params }));
  const progress = createProgress(routes.length);
  const threads = renderThreads(config.workers, routes.length);
  const workerInit = { root: config.root, templatesDir: config.templatesDir, pagesDir: config.pagesDir, islandsDir: config.islandsDir, dataDir: config.dataDir, info, compiled };
  const rendered = await timer.time('render', () => renderPages(routes, threads, { data, site: info, registry, routes: routeInfo }, workerInit, progress.tick));
  progress.done();
  const texts = await timer.time('render', () => endpoints.map((endpoint) => renderEndpoint(endpoint, { data, site: info })));

  const usedIslands = [...new Map(rendered.flatMap((p) => p.islands).map((i) => [i.entry.name, i.entry])).values()];
  const scripts = [...new Set(rendered.flatMap((p) => p.meta.scripts ?? []))];
  const assets = await timer.time('assets', () => bundleAssets({ templatesDir: config.templatesDir, styles: site.styles, islands: usedIslands, scripts, debug: config.debug }));
  const shell = { lang: site.lang, siteName: site.siteName(data), siteUrl, headMeta: site.headMeta?.(data) ?? [], fontPreloads: site.preloadFonts ? assets.fonts : [] };

  // The check stage's scan of each document happens here, page by page, so no document string outlives its page.
  const { pages, documents, scans } = await timer.time('emit', () => emitDocuments(rendered, assets, shell));
  const files = await timer.time('emit', () =>
    collectOutput({
      emit: {
        pages,
        shell,
        site,
        mediaOrigins: mediaOriginsOf(scans, siteUrl),
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
  const checks = await timer.time('check', () =>
    runChecks({ pages, documents, scans, files, assets, siteUrl, pagesDir: config.pagesDir, root: config.root, budgets: site.budgets ?? {}, linkCheck: config.linkCheck }),
  );
  const leaks = secretLeaks(files, env.secrets);
  if (checks.errors.length || leaks.length) throw new SiteErrorList([...checks.errors, ...leaks]);
  if (config.write) await timer.time('write', () => writeOutputAtomically(config.outDir, files));

  const report: BuildReport = {
    pages: pages.length,
    files: files.length,
    totalBytes: files.reduce((sum, file) => sum + sizeOf(file), 0),
    linksChecked: checks.linksChecked,
    jsBytesByPage: Object.fromEntries(pages.map((p) => [p.route.path, assets.jsBytesFor([...new Set(p.islands.map((i) => i.entry.name))], p.meta.scripts ?? [])])),
    stageMs: timer.stages,
    totalMs: performance.now() - started,
    peakRssBytes: process.resourceUsage().maxRSS * 1024,
    warnings,
  };
  return { files, report, outDir: config.write ? config.outDir : undefined };
}

