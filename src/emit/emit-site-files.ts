import type { OutputFile } from '../output/output-file.ts';
import type { DocumentShell } from '../render/document.ts';
import type { EmittedPage } from '../render/render-page.ts';
import type { PageList } from '../page-list.ts';
import type { CspAdditions, RedirectRule, SiteDefinition } from '../site-definition.ts';
import type { MediaOrigins } from './media-origins.ts';
import { buildHeadersFile, buildRedirectsFile, headersWarnings, IMMUTABLE, isPatternSource, REVALIDATE } from './host-files.ts';
import { pageHeaderRules } from './page-header-rules.ts';
import { buildRobots } from './robots.ts';
import { contentSecurityPolicy, securityHeaders } from './security-headers.ts';
import { buildSitemaps, type SitemapEntry } from './sitemap.ts';
import { madeOnce } from '../made-once.ts';

export interface EmitInput {
  pages: PageList<EmittedPage>;
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

/** The files a host reads besides the pages but `_headers` (see emitHeadersFile): the sitemap, robots.txt and _redirects. */
export function emitSiteFiles(input: EmitInput): OutputFile[] {
  const { shell } = input;
  const sitemaps = buildSitemaps(sitemapEntries(input), shell.siteUrl);
  return [
    ...sitemaps,
    { path: 'robots.txt', contents: buildRobots(shell.siteUrl, input.site.robotsDisallow ?? []) },
    { path: '_redirects', contents: buildRedirectsFile(input.redirects) },
  ];
}

/** The sitemap's entries, made as it comes to each: not an object for every page of a large site at once. */
function* sitemapEntries({ pages, buildDate }: EmitInput): Generator<SitemapEntry> {
  for (const page of pages) {
    if (page.route.isNotFound || page.meta.sitemap === false || /noindex/i.test(page.meta.robots ?? '')) continue;
    const options = page.meta.sitemap || {};
    yield { url: page.route.path, lastmod: options.lastmod ?? buildDate, changefreq: options.changefreq, priority: options.priority };
  }
}

export const HEADERS_FILE = '_headers';

/**
 * `_headers`: security headers for every URL, a year's caching for the hashed assets, revalidation for the
 * service worker, and each page's own (see pageHeaderRules). `otherFiles` are the output's other files, which
 * no page's block may match. Past the rules Cloudflare Pages reads, a warning says so.
 */
export function emitHeadersFile(input: EmitInput, otherFiles: readonly string[]): { file: OutputFile; warnings: string[] } {
  // Made once for each page's headers as declared: pages of one template share theirs (see finishPage), and a copy
  // for each page was 100,000 objects at 100,026 pages.
  const served = new Map<EmittedPage['meta']['headers'], Readonly<Record<string, string>>>();
  const headersOf = (declared: EmittedPage['meta']['headers']) => madeOnce(served, declared, () => ({ 'Cache-Control': REVALIDATE, ...declared }));
  const pages: Array<{ path: string; headers: Readonly<Record<string, string>> }> = [];
  const notFound: string[] = [];
  for (const page of input.pages) {
    if (page.route.isNotFound) notFound.push(page.route.path);
    else pages.push({ path: page.route.path, headers: headersOf(page.meta.headers) });
  }
  const pageRules = pageHeaderRules(pages, [
    ...otherFiles.map((file) => `/${file}`),
    ...notFound,
    ...input.redirects.map((rule) => rule.from).filter((from) => !isPatternSource(from)),
  ]);
  const rules = [
    { path: '/*', headers: securityHeaders(contentSecurityPolicy(input.csp, input.mediaOrigins), input.shell.siteUrl) },
    { path: '/assets/*', headers: { 'Cache-Control': IMMUTABLE } },
    ...(input.serviceWorker ? [{ path: input.serviceWorker, headers: { 'Cache-Control': REVALIDATE } }] : []),
    ...pageRules,
  ];
  return { file: { path: HEADERS_FILE, contents: buildHeadersFile(rules) }, warnings: headersWarnings(rules.length) };
}
