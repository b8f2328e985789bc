import { type AssetBundle, type AssetManifest, linkAssets } from '../assets/asset-links.ts';
import type { PageMeta } from '../core/page-types.ts';
import type { LoadedSite } from '../load/load-site.ts';
import type { FoundRoutes, Route } from '../routes/find-routes.ts';
import { type DocumentShell, type PageAssets, renderDocument } from './document.ts';
import { createRenderInput, type PageBody, renderBody, type RenderInput } from './render-body.ts';

/** What the site files, the checks and the report read of a page's metadata. */
export type EmittedMeta = Pick<PageMeta, 'robots' | 'sitemap' | 'headers' | 'scripts'>;

/** A page rendered: its whole document, and what later stages read of it besides. */
export interface RenderedPage {
  /** Its route's index among the build's routes, in path order. */
  index: number;
  meta: EmittedMeta;
  /** Its islands by module name, each once: all of them, and those that hydrate as it loads or idles. */
  islands: { all: readonly string[]; eager: readonly string[] };
  html: string;
}

/** How every page is rendered, as plain data: the bundle's manifest and the site's head facts. */
export interface RenderSetup {
  assets: AssetManifest;
  shell: DocumentShell;
}

/** What the thread that renders pages holds for all of them: the render input, the bundle's links, the site's head facts. */
export interface RenderContext {
  input: RenderInput;
  assets: AssetBundle;
  shell: DocumentShell;
}

/** The render context of this thread for a build's routes, with the pages' head metadata made ahead (see scriptsOf). */
export function createRenderContext(
  site: LoadedSite,
  routes: FoundRoutes,
  setup: RenderSetup,
  metas?: Map<Route, PageMeta>,
): RenderContext {
  return {
    input: createRenderInput(site.data, site.info, site.islands, routes.pages, site.images, metas),
    assets: linkAssets(setup.assets),
    shell: setup.shell,
  };
}

/** Renders a route: its body with React, wrapped in its whole document (head, assets, JSON-LD). */
export function renderPage(route: Route, index: number, context: RenderContext): RenderedPage {
  const body = renderBody(route, context.input);
  const html = renderDocument(body, pageAssets(body, context.assets), context.shell);
  const { robots, sitemap, headers, scripts } = body.meta;
  return { index, meta: { robots, sitemap, headers, scripts }, islands: islandNames(body), html };
}

function islandNames({ islands }: PageBody): RenderedPage['islands'] {
  return {
    all: [...new Set(islands.map((island) => island.entry.name))],
    eager: [
      ...new Set(
        islands.filter((island) => island.when === 'load' || island.when === 'idle').map((island) => island.entry.name),
      ),
    ],
  };
}

/** The asset URLs a page links: its stylesheets, and the island runtime, islands and scripts it uses. */
function pageAssets(body: PageBody, assets: AssetBundle): PageAssets {
  const names = [...new Set(body.islands.map((island) => island.entry.name))];
  const islands = Object.fromEntries(names.map((name) => [name, assets.islandUrls.get(name) ?? '']));
  const runtime = names.length ? assets.runtime : undefined;
  const pageScripts = body.meta.scripts ?? [];
  const scripts = pageScripts.map((script) => assets.scriptUrls.get(script) ?? '');
  // Everything that runs as the page loads, with the chunks it imports: without the hint the browser learns of a
  // chunk only once the module importing it has arrived, one round trip later each level down.
  const loadNow = [
    ...new Set(body.islands.filter((island) => island.when === 'load').map((island) => island.entry.name)),
  ];
  const linked = new Set<string>([...(runtime ? [runtime] : []), ...scripts]);
  const preload = assets
    .scriptFilesFor({ runtime: runtime !== undefined, islands: loadNow, scripts: pageScripts })
    .map((file) => `/${file}`)
    .filter((url) => !linked.has(url));
  return { styles: assets.styles, runtime, islands, preload, scripts };
}
