import type { OutputFile } from '../output/output-file.ts';
import type { DocumentShell } from '../render/document.ts';
import type { EmittedPage } from '../render/render-page.ts';
import type { CspAdditions, RedirectRule, SiteDefinition } from '../site-definition.ts';
import type { MediaOrigins } from './media-origins.ts';
import { buildHeadersFile, buildRedirectsFile, IMMUTABLE, REVALIDATE, type HeaderRule } from './host-files.ts';
import { buildRobots } from './robots.ts';
import { contentSecurityPolicy, securityHeaders } from './security-headers.ts';
import { buildSitemap } from './sitemap.ts';

export interface EmitInput {
  pages: readonly EmittedPage[];
  shell: DocumentShell;
  /** The image and media hosts the built pages use, for the CSP. */
  mediaOrigins: MediaOrigins;
  site: SiteDefinition;
  redirects: readonly RedirectRule[];
  /** The site's CSP additions, resolved against its environment. */
  csp: CspAdditions;
  /** YYYY-MM-DD of the build, the lastmod of pages that declare none. */
  buildDate: string;
  /** The service worker's URL when the site has one: browsers must revalidate it on every update check. */
  serviceWorker?: string | undefined;
}

/** The files a host reads besides the pages: sitemap.xml, robots.txt, _headers and _redirects. */
export async function emitSiteFiles(input: EmitInput): Promise<OutputFile[]> {
  const { pages, shell } = input;

  const indexed = pages.filter((page) => !page.route.isNotFound && page.meta.sitemap !== false && !/noindex/i.test(page.meta.robots ?? ''));
  const sitemap = buildSitemap(
    indexed.map((page) => {
      const options = page.meta.sitemap || {};
      return { url: page.url, lastmod: options.lastmod ?? input.buildDate, changefreq: options.changefreq, priority: options.priority };
    }),
    shell.siteUrl,
  );

  const pageRules: HeaderRule[] = pages
    .filter((page) => !page.route.isNotFound)
    .map((page) => ({ path: page.route.path, headers: { 'Cache-Control': REVALIDATE, ...page.meta.headers } }));
  const headers = buildHeadersFile([
    { path: '/*', headers: securityHeaders(contentSecurityPolicy(input.csp, input.mediaOrigins), shell.siteUrl) },
    { path: '/assets/*', headers: { 'Cache-Control': IMMUTABLE } },
    ...(input.serviceWorker ? [{ path: input.serviceWorker, headers: { 'Cache-Control': REVALIDATE } }] : []),
    ...pageRules,
  ]);

  return [
    { path: 'sitemap.xml', contents: sitemap },
    { path: 'robots.txt', contents: buildRobots(shell.siteUrl, input.site.robotsDisallow ?? []) },
    { path: '_headers', contents: headers },
    { path: '_redirects', contents: buildRedirectsFile(input.redirects) },
  ];
}
