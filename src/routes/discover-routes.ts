import { byCodeUnits } from '../code-unit-order.ts';
import path from 'node:path';
import { SiteError, SiteErrorList } from '../errors.ts';
import { listFiles, type ListOptions } from '../list-files.ts';
import { importTemplates, type TemplateSources } from '../load-module.ts';
import type { BuildInfo, EndpointModule, PageModule } from '../page-types.ts';

/** One page to render: its URL path, the file it writes and the module that renders it. */
export interface Route {
  path: string;
  outputFile: string;
  /** The page module's file, relative to the project root. */
  source: string;
  /** The page module's file relative to the pages folder, `/`-separated, as budgets name it (such as `[city].tsx`). */
  pageFile: string;
  module: PageModule;
  params: Record<string, string>;
  props: unknown;
  isNotFound: boolean;
  /**
   * Its place in the order the routes were found: page files by name, each page's in the order getStaticPaths
   * lists them. Pages render in that order (see renderOrder); everything else takes them by path.
   */
  discovered: number;
}

/** A generated non-HTML file: its path is also its output file. */
export interface EndpointRoute {
  path: string;
  outputFile: string;
  source: string;
  module: EndpointModule;
}

/** Page and endpoint modules: TypeScript files under the pages folder, less the private ones (named `_…`). */
export const PAGE_FILES: ListOptions = { recursive: true, endsWith: ['.tsx', '.ts'], skip: (name) => name.startsWith('_') };

const SEGMENT = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const ENDPOINT = /\.(xml|txt|json|webmanifest)\.ts$/;
const PARAM = /^\[([a-zA-Z_][a-zA-Z0-9_]*)\]$/;

/**
 * Finds the pages under `pagesDir` (files and folders starting with `_` are private) and expands
 * data-driven ones through their getStaticPaths. Paths are lowercase, because the host lowercases URLs.
 */
export async function discoverRoutes(pagesDir: string, root: string, context: { data: unknown; site: BuildInfo }, compiled: TemplateSources = {}): Promise<Route[]> {
  const files = (await listFiles(pagesDir, PAGE_FILES)).filter((f) => !ENDPOINT.test(f));
  const routes: Route[] = [];
  const modules = await importTemplates<PageModule>(files.map((relative) => path.join(pagesDir, relative)), root, compiled);
  for (const [index, relative] of files.entries()) {
    const source = path.relative(root, path.join(pagesDir, relative));
    const module = modules[index]!;
    if (typeof module.default !== 'function' || typeof module.meta !== 'function') {
      throw new SiteError('ROUTE_INVALID', `${source} must default-export a component and export a meta() function.`, { file: source });
    }
    const segments = relative.replace(/\.tsx?$/, '').split('/').filter((s, i, all) => !(s === 'index' && i === all.length - 1));
    routes.push(...expandRoute(segments, module, { source, pageFile: relative }, context));
  }
  assertUniqueOutputs(routes);
  // Then fixed: pages see the routes themselves (see renderInput), and nothing changes one once it is found.
  routes.forEach((route, index) => {
    route.discovered = index;
    Object.freeze(route);
  });
  return routes.sort((a, b) => byCodeUnits(a.path, b.path));
}

/**
 * The indexes of `routes` in the order they were found. Pages render in it: a site lists the pages that read
 * one record together (the nine services of a city), so each record is read about once by its pages (see
 * OnDemandFolder), where by path the pages of one service across every city came together.
 */
export function renderOrder(routes: readonly Pick<Route, 'discovered'>[]): number[] {
  return routes.map((_, index) => index).sort((a, b) => routes[a]!.discovered - routes[b]!.discovered);
}

/** Where a page module is: relative to the project root, and to the pages folder. */
type ModuleFile = Pick<Route, 'source' | 'pageFile'>;

function expandRoute(segments: string[], module: PageModule, file: ModuleFile, context: { data: unknown; site: BuildInfo }): Route[] {
  const { source } = file;
  const paramNames = segments.map((s) => PARAM.exec(s)?.[1]).filter((n): n is string => n !== undefined);
  if (paramNames.length === 0) return [makeRoute(segments, {}, undefined, module, file)];
  if (typeof module.getStaticPaths !== 'function') {
    throw new SiteError('ROUTE_INVALID', `${source} has [${paramNames.join('], [')}] in its name but exports no getStaticPaths().`, { file: source });
  }
  const paths = module.getStaticPaths(context);
  if (!Array.isArray(paths)) throw new SiteError('ROUTE_INVALID', `${source}: getStaticPaths() must return an array.`, { file: source });
  return paths.map((entry, index) => {
    const params = entry?.params ?? {};
    const filled = segments.map((segment) => {
      const name = PARAM.exec(segment)?.[1];
      if (name === undefined) return segment;
      const value = params[name];
      if (typeof value !== 'string' || !SEGMENT.test(value)) {
        throw new SiteError('ROUTE_INVALID', `${source}: getStaticPaths()[${index}].params.${name} is ${JSON.stringify(value)}, not a lowercase slug.`, {
          file: source,
          field: `getStaticPaths()[${index}].params.${name}`,
        });
      }
      return value;
    });
    return makeRoute(filled, params, entry.props, module, file);
  });
}

function makeRoute(segments: string[], params: Record<string, string>, props: unknown, module: PageModule, { source, pageFile }: ModuleFile): Route {
  for (const segment of segments) {
    if (!SEGMENT.test(segment)) {
      throw new SiteError('ROUTE_INVALID', `${source}: the path segment "${segment}" is not lowercase words joined by dashes.`, { file: source });
    }
  }
  const routePath = pathOf(segments);
  return new FoundRoute(routePath, source, pageFile, module, paramsIn(routePath, params), props ?? NO_PROPS);
}

/**
 * `/a/b` from its segments, as one flat string: a template literal or `+` makes a concatenation of the parts a
 * site built its slugs from, held for every page (18 MB of string pieces at 100,026 pages, with the params').
 */
function pathOf(segments: readonly string[]): string {
  return segments.length === 0 ? '/' : ['', ...segments].join('/');
}

/**
 * The params, each value that is a segment of `routePath` read from the path itself, so a page's slug shares the
 * path's characters instead of holding the pieces getStaticPaths made it from. A value found nowhere in the path
 * (a param the path does not name) is kept as it is.
 */
function paramsIn(routePath: string, params: Record<string, string>): Record<string, string> {
  const names = Object.keys(params);
  if (names.length === 0) return params;
  const shared: Record<string, string> = {};
  for (const name of names) {
    const value = params[name]!;
    const at = typeof value === 'string' ? segmentAt(routePath, value) : -1;
    shared[name] = at < 0 ? value : routePath.slice(at, at + value.length);
  }
  return shared;
}

/** Where `segment` stands as a whole segment of `routePath`, or -1. */
function segmentAt(routePath: string, segment: string): number {
  if (segment.length === 0) return -1;
  for (let at = routePath.indexOf(segment); at >= 0; at = routePath.indexOf(segment, at + 1)) {
    const end = at + segment.length;
    if (routePath[at - 1] === '/' && (end === routePath.length || routePath[end] === '/')) return at;
  }
  return -1;
}

/** The props of a route its page's getStaticPaths gave none: one object for all of them, frozen. */
const NO_PROPS = Object.freeze({});

/**
 * A route as discovered. Its output file is made from its path when asked, not held: a string for every page of a
 * large site, 9 MB at 100,026 pages with the string it was made from.
 */
class FoundRoute implements Route {
  readonly isNotFound: boolean;
  // Set once every route is found (see discoverRoutes).
  discovered = 0;

  constructor(
    readonly path: string,
    readonly source: string,
    readonly pageFile: string,
    readonly module: PageModule,
    readonly params: Record<string, string>,
    readonly props: unknown,
  ) {
    this.isNotFound = path === '/404';
  }

  get outputFile(): string {
    return outputFileFor(this.path);
  }
}

/** Finds `name.xml.ts` (and .txt, .json, .webmanifest) files under `pagesDir`: files generated from data as text. */
export async function discoverEndpoints(pagesDir: string, root: string, compiled: TemplateSources = {}): Promise<EndpointRoute[]> {
  const files = (await listFiles(pagesDir, PAGE_FILES)).filter((f) => ENDPOINT.test(f));
  const endpoints: EndpointRoute[] = [];
  const modules = await importTemplates<EndpointModule>(files.map((relative) => path.join(pagesDir, relative)), root, compiled);
  for (const [index, relative] of files.entries()) {
    const source = path.relative(root, path.join(pagesDir, relative));
    const module = modules[index]!;
    if (typeof module.default !== 'function') {
      throw new SiteError('ROUTE_INVALID', `${source} must default-export a function that returns the file's text.`, { file: source });
    }
    const outputFile = relative.replace(/\.ts$/, '');
    endpoints.push({ path: `/${outputFile}`, outputFile, source, module });
  }
  return endpoints;
}

/** File format: `/` is index.html, `/about` is about.html, `/blog/post` is blog/post.html. */
export function outputFileFor(routePath: string): string {
  // Joined, not concatenated: a flat string, which a Map or Set that keys on it holds without flattening a copy.
  return routePath === '/' ? 'index.html' : [routePath.slice(1), 'html'].join('.');
}

/** Two routes that would write one file are reported together, every culprit named. */
export function assertUniqueOutputs(routes: readonly Pick<Route, 'outputFile' | 'source' | 'params'>[]): void {
  const byFile = new Map<string, Pick<Route, 'source' | 'params'>[]>();
  for (const route of routes) byFile.set(route.outputFile, [...(byFile.get(route.outputFile) ?? []), route]);
  const errors = [...byFile]
    .filter(([, culprits]) => culprits.length > 1)
    .map(([file, culprits]) => {
      const names = culprits.map((c) => (Object.keys(c.params).length ? `${c.source} ${JSON.stringify(c.params)}` : c.source));
      return new SiteError('ROUTE_DUPLICATE_OUTPUT', `${file} would be written by ${names.join(' and by ')}.`, { file: culprits[0]?.source });
    });
  if (errors.length > 0) throw new SiteErrorList(errors);
}
