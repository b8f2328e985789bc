import type { AssetBundle } from '../assets/asset-links.ts';
import { SiteError } from '../core/errors.ts';
import type { OutputFile } from '../core/output-file.ts';
import type { FeatureSummary, SiteFeature } from '../core/site-feature.ts';
import {
  buildHeadersFile,
  buildRedirectsFile,
  headersWarnings,
  IMMUTABLE,
  isPatternSource,
  redirectsWarnings,
  REVALIDATE,
} from '../host/host-files.ts';
import type { LoadedSite } from '../load/load-site.ts';
import type { BuiltPages } from '../pages/page-loop.ts';
import { renderEndpoints } from '../render/endpoints.ts';
import { assertUniqueOutputs, type FoundRoutes } from '../routes/find-routes.ts';
import { pageHeaderRules } from './page-header-rules.ts';
import { publicFiles } from './public-files.ts';
import { contentSecurityPolicy, mediaOriginsOf, securityHeaders } from './security-headers.ts';
import { buildServiceWorker, SERVICE_WORKER_FILE } from './service-worker.ts';
import { buildSitemaps, isSitemapDate, type SitemapEntry } from './sitemap.ts';

export interface EmitInput {
  site: LoadedSite;
  routes: FoundRoutes;
  built: BuiltPages;
  /** The bundle, without the islands no page uses. */
  assets: AssetBundle;
  /** What the site's features add beside the pages (see core/site-feature.ts). */
  features: readonly SiteFeature[];
}

export const HEADERS_FILE = '_headers';

/**
 * Every output file but the pages, each path made by exactly one producer: `_headers`, the sitemap, robots.txt,
 * `_redirects`, the text endpoints, the bundle, the features' files, public/ and last the service worker, whose
 * version hashes all the others. A generated file or endpoint that collides with another fails the build, and a
 * public file that would replace a made one is refused by name.
 */
export async function emitSiteFiles({
  site,
  routes,
  built,
  assets,
  features,
}: EmitInput): Promise<{ files: OutputFile[]; warnings: string[]; features: FeatureSummary[] }> {
  const { definition, info, config } = site;
  const origin = info.url;
  const redirects = definition.redirects?.(site.data) ?? [];
  const media = mediaOriginsOf(built.media);
  const ownPaths = features.flatMap((feature) => feature.ownPaths);
  const disallow = [...(definition.robotsDisallow ?? []), ...ownPaths];
  const generated: OutputFile[] = [
    ...(await buildSitemaps(sitemapEntries(site, routes, built), origin)),
    {
      path: 'robots.txt',
      contents: [
        'User-agent: *',
        'Allow: /',
        ...disallow.map((path) => `Disallow: ${path}`),
        '',
        `Sitemap: ${origin}/sitemap.xml`,
        '',
      ].join('\n'),
    },
    { path: '_redirects', contents: buildRedirectsFile(redirects) },
  ];
  const endpoints = renderEndpoints(routes.endpoints, { data: site.data, site: info });
  const made = [...generated.map((file) => file.path), HEADERS_FILE];
  assertUniqueOutputs([
    ...made.map((file) => ({ outputFile: file, source: 'the build', params: {} })),
    ...routes.endpoints.map((endpoint) => ({ ...endpoint, params: {} })),
  ]);

  const owners = new Map<string, string>(made.map((file) => [file, 'a generated file']));
  for (const endpoint of routes.endpoints) owners.set(endpoint.outputFile, `the endpoint ${endpoint.source}`);
  for (const route of routes.pages) owners.set(route.outputFile, `the page ${route.source}`);
  if (definition.serviceWorker) owners.set(SERVICE_WORKER_FILE, 'the service worker');
  for (const feature of features) for (const file of feature.files) owners.set(file.path, `the ${feature.name}`);
  const others = [
    ...generated,
    ...endpoints,
    ...assets.files,
    ...features.flatMap((feature) => feature.files),
    ...(await publicFiles(site.publicFiles, config.publicDir, config.root, (name) => owners.get(name))),
  ];

  const csp = typeof definition.csp === 'function' ? definition.csp(info.env) : (definition.csp ?? {});
  // One object per headers a page module declares (pages of one template share theirs, see renderPages).
  const served = new Map<object | undefined, Readonly<Record<string, string>>>();
  const headersOf = (declared: Readonly<Record<string, string>> | undefined) =>
    served.get(declared) ?? served.set(declared, { 'Cache-Control': REVALIDATE, ...declared }).get(declared)!;
  const pages = built.pages.flatMap(({ index, meta }) =>
    routes.pages[index]!.isNotFound ? [] : [{ path: routes.pages[index]!.path, headers: headersOf(meta.headers) }],
  );
  const worker = definition.serviceWorker ? `/${SERVICE_WORKER_FILE}` : undefined;
  const otherPaths = [
    ...others.map((file) => `/${file.path}`),
    `/${HEADERS_FILE}`,
    ...(worker ? [worker] : []),
    ...routes.pages.filter((route) => route.isNotFound).map((route) => route.path),
  ];
  const rules = [
    { path: '/*', headers: securityHeaders(contentSecurityPolicy(csp, media), origin) },
    { path: '/assets/*', headers: { 'Cache-Control': IMMUTABLE } },
    ...features.flatMap((feature) => feature.headerRules),
    ...(worker ? [{ path: worker, headers: { 'Cache-Control': REVALIDATE } }] : []),
    ...pageHeaderRules(pages, [
      ...otherPaths,
      ...redirects.map((rule) => rule.from).filter((from) => !isPatternSource(from)),
    ]),
  ];
  const files = [{ path: HEADERS_FILE, contents: buildHeadersFile(rules) }, ...others];
  const warnings = [
    ...headersWarnings(rules.length),
    ...redirectsWarnings(redirects),
    ...features.flatMap((feature) => feature.warnings),
  ];
  const summary = { features: features.map((feature) => feature.summary) };
  if (!definition.serviceWorker) return { files, warnings, ...summary };
  const serviceWorker = await buildServiceWorker({
    options: definition.serviceWorker,
    pagePaths: new Set(routes.pages.map((route) => route.path)),
    pageDigests: built.pages.map((page) => [routes.pages[page.index]!.outputFile, page.facts.digest] as const),
    files,
    styles: assets.styles,
    bypass: ownPaths,
    debug: config.debug,
  });
  return { files: [...files, serviceWorker], warnings, ...summary };
}

/** The sitemap's entries: every page but the not-found page and those a page keeps out (sitemap: false, or noindex). */
function sitemapEntries(site: LoadedSite, routes: FoundRoutes, built: BuiltPages): SitemapEntry[] {
  const buildDate = site.info.time.toISOString().slice(0, 10);
  return built.pages.flatMap(({ index, meta }) => {
    const route = routes.pages[index]!;
    if (route.isNotFound || meta.sitemap === false || /noindex/i.test(meta.robots ?? '')) return [];
    const { lastmod = buildDate, changefreq, priority } = meta.sitemap ?? {};
    if (!isSitemapDate(lastmod)) {
      throw new SiteError(
        'RENDER_FAILED',
        `${route.source}: meta() for ${route.path} gives the sitemap lastmod "${lastmod}", which is not a date.`,
        {
          file: route.source,
          field: 'sitemap.lastmod',
          hint: 'Write the date as YYYY-MM-DD.',
        },
      );
    }
    return [{ url: route.path, lastmod, changefreq, priority }];
  });
}
