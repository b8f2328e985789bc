import type { AssetBundle } from '../assets/asset-links.ts';
import { htmlBudgetOf } from '../check/budgets.ts';
import type { PageCheckSetup } from '../check/page-check.ts';
import type { PageMeta } from '../core/page-types.ts';
import type { Route } from '../routes/find-routes.ts';
import { checkAndWrite, type DocumentFacts, type FinishSetup } from './check-and-write.ts';
import { renderDocument, type PageAssets } from './document.ts';
import { renderPage, type RenderedPage, type RenderInput } from './render-page.ts';

/** What the site files, the checks and the report read of a page's metadata. */
export type EmittedMeta = Pick<PageMeta, 'robots' | 'sitemap' | 'headers' | 'scripts'>;

/** A page once it is rendered, checked and written: what every later stage reads of it. */
export interface FinishedPage extends DocumentFacts {
  /** Its route's index among the build's routes, in path order. */
  index: number;
  meta: EmittedMeta;
  /** Its islands by module name, each once: all of them, and those that hydrate as it loads or idles. */
  islands: { all: readonly string[]; eager: readonly string[] };
}

/** A page's document as rendered, before it is checked and written. */
export interface PageDocument {
  page: Pick<FinishedPage, 'index' | 'meta' | 'islands'>;
  html: string;
}

/** What a rendering thread needs besides the setup: the render input and the bundle's links. */
export interface RenderContext {
  input: RenderInput;
  assets: AssetBundle;
}

/** Renders a route: its body with React, wrapped in its whole document (head, assets, JSON-LD). */
export function renderPageDocument(route: Route, index: number, setup: FinishSetup, context: RenderContext): PageDocument {
  const rendered = renderPage(route, context.input);
  const html = renderDocument(rendered, pageAssets(rendered, context.assets), setup.shell);
  const { robots, sitemap, headers, scripts } = rendered.meta;
  return { page: { index, meta: { robots, sitemap, headers, scripts }, islands: islandNames(rendered) }, html };
}

/** Takes one route through render → check → write on this thread. */
export function finishPage(route: Route, index: number, setup: FinishSetup, context: RenderContext & { check: PageCheckSetup }): { page: FinishedPage; document: Uint8Array | undefined } {
  const { page, html } = renderPageDocument(route, index, setup, context);
  const bytes = Buffer.from(html);
  const facts = checkAndWrite(html, bytes, route, htmlBudgetOf(route.pageFile, setup.budgets), setup, context.check);
  return { page: { ...page, ...facts }, document: setup.output ? undefined : bytes };
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
