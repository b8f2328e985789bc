import type { AssetBundle } from '../assets/bundle-assets.ts';
import type { OutputFile } from '../output/output-file.ts';
import type { PageAssets, DocumentShell } from '../render/document.tsx';
import { renderDocument } from '../render/document.tsx';
import { scanAroundBody, type PageScan } from '../check/scan-html.ts';
import type { EmittedPage, ScannedPage } from '../render/render-page.ts';
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

/** The pages as documents, in page order: each page without its body, its document as UTF-8 bytes, its scan. */
export interface EmittedDocuments {
  pages: EmittedPage[];
  documents: Array<{ path: string; contents: Uint8Array }>;
  scans: PageScan[];
}

/**
 * Makes each page's complete HTML document and scans it, one page at a time, and empties `rendered` as it goes:
 * a body and its document string (two bytes a character once the page holds one non-ASCII character) are the
 * bulk of a build's memory, so each is let go once its page is done, and the document is kept as UTF-8 bytes.
 */
export function emitDocuments(rendered: ScannedPage[], assets: AssetBundle, shell: DocumentShell): EmittedDocuments {
  const out: EmittedDocuments = { pages: [], documents: [], scans: [] };
  for (let i = 0; i < rendered.length; i++) {
    const { body, bodyScan, ...page } = rendered[i]!;
    (rendered as Array<ScannedPage | undefined>)[i] = undefined;
    const html = renderDocument({ ...page, body }, pageAssets(page, assets), shell);
    out.scans.push(scanAroundBody(html, body, bodyScan));
    out.documents.push({ path: page.route.outputFile, contents: Buffer.from(html) });
    out.pages.push(page);
  }
  rendered.length = 0;
  return out;
}

/** The files a host reads besides the pages: sitemap.xml, robots.txt, _headers and _redirects. */
export async function emitSiteFiles(input: EmitInput): Promise<OutputFile[]> {
  const { pages, shell } = input;

  const indexed = pages.filter((page) => !page.route.isNotFound && page.meta.sitemap !== false && !/noindex/i.test(page.meta.robots ?? ''));
  const sitemap = await buildSitemap(
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

function pageAssets(page: EmittedPage, assets: AssetBundle): PageAssets {
  const names = [...new Set(page.islands.map((island) => island.entry.name))];
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
