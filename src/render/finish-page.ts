import type { AssetBundle, AssetManifest } from '../assets/asset-links.ts';
import { htmlBudgetOf } from '../check/budgets.ts';
import { checkPage, type PageCheckSetup, type PageFindings } from '../check/page-check.ts';
import { sha256 } from '../core/cache.ts';
import type { PageMeta } from '../core/page-types.ts';
import type { Budgets } from '../core/site-definition.ts';
import { placeFile } from '../output/place-file.ts';
import type { Route } from '../routes/find-routes.ts';
import { renderDocument, type DocumentShell, type PageAssets } from './document.ts';
import { renderPage, type RenderedPage, type RenderInput } from './render-page.ts';

/** How every page is finished, as plain data each render thread receives alike. */
export interface FinishSetup {
  assets: AssetManifest;
  shell: DocumentShell;
  check: Omit<PageCheckSetup, 'pagePaths'>;
  budgets: Budgets;
  /** The staging folder each document is written into as soon as it is made; without one, documents come back. */
  output: { dir: string; previous: string | undefined } | undefined;
}

/** What the site files, the checks and the report read of a page's metadata. */
export type EmittedMeta = Pick<PageMeta, 'robots' | 'sitemap' | 'headers' | 'scripts'>;

/** A page once it is rendered, checked and written: what every later stage reads of it. */
export interface FinishedPage {
  /** Its route's index among the build's routes, in path order. */
  index: number;
  meta: EmittedMeta;
  /** Its islands by module name, each once: all of them, and those that hydrate as it loads or idles. */
  islands: { all: readonly string[]; eager: readonly string[] };
  findings: PageFindings;
  /** The document's size in bytes and its SHA-256 in hex. */
  size: number;
  digest: string;
}

/** What a thread needs besides the setup: the render input, the bundle's links and the check's view of the build. */
export interface FinishContext {
  input: RenderInput;
  assets: AssetBundle;
  check: PageCheckSetup;
}

/**
 * Takes one route through render → check → write: its body rendered with React and wrapped in its document, the
 * document checked, then written to the staging folder and let go (or, with no folder, handed back).
 */
export function finishPage(route: Route, index: number, setup: FinishSetup, context: FinishContext): { page: FinishedPage; document: Uint8Array | undefined } {
  const rendered = renderPage(route, context.input);
  const html = renderDocument(rendered, pageAssets(rendered, context.assets), setup.shell);
  const bytes = Buffer.from(html);
  const findings = checkPage(html, bytes, route.path, htmlBudgetOf(route.pageFile, setup.budgets), context.check);
  if (setup.output) placeFile(setup.output.dir, route.outputFile, bytes, setup.output.previous);
  const { robots, sitemap, headers, scripts } = rendered.meta;
  const page: FinishedPage = { index, meta: { robots, sitemap, headers, scripts }, islands: islandNames(rendered), findings, size: bytes.byteLength, digest: sha256(bytes) };
  return { page, document: setup.output ? undefined : bytes };
}

function islandNames({ islands }: RenderedPage): FinishedPage['islands'] {
  return {
    all: [...new Set(islands.map((island) => island.entry.name))],
    eager: [...new Set(islands.filter((island) => island.when === 'load' || island.when === 'idle').map((island) => island.entry.name))],
  };
}

/** The asset URLs a page links: its stylesheets, and the island runtime, islands and scripts it uses. */
function pageAssets(page: RenderedPage, assets: AssetBundle): PageAssets {
  const names = [...new Set(page.islands.map((island) => island.entry.name))];
  const islands = Object.fromEntries(names.map((name) => [name, assets.islandUrls.get(name) ?? '']));
  const runtime = names.length ? assets.runtime : undefined;
  const pageScripts = page.meta.scripts ?? [];
  const scripts = pageScripts.map((script) => assets.scriptUrls.get(script) ?? '');
  // Everything that runs as the page loads, with the chunks it imports: without the hint the browser learns of a
  // chunk only once the module importing it has arrived, one round trip later each level down.
  const loadNow = [...new Set(page.islands.filter((island) => island.when === 'load').map((island) => island.entry.name))];
  const linked = new Set<string>([...(runtime ? [runtime] : []), ...scripts]);
  const preload = assets
    .scriptFilesFor({ runtime: runtime !== undefined, islands: loadNow, scripts: pageScripts })
    .map((file) => `/${file}`)
    .filter((url) => !linked.has(url));
  return { styles: assets.styles, runtime, islands, preload, scripts };
}
