import { byCodeUnits } from '../code-unit-order.ts';
import { madeOnce } from '../made-once.ts';
import path from 'node:path';
import { SiteError, SiteErrorList } from '../errors.ts';
import { listFiles, type ListOptions } from '../list-files.ts';
import { importTemplates, type TemplateSources } from '../load-module.ts';
import type { BuildInfo, EndpointModule, PageModule } from '../page-types.ts';
import { outputFileFor } from './output-files.ts';

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
  const layouts = new RouteLayouts(segments, module, file);
  if (paramNames.length === 0) return [makeRoute(segments, {}, undefined, layouts)];
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
    return makeRoute(filled, params, entry.props, layouts);
  });
}

function makeRoute(segments: string[], params: Record<string, string>, props: unknown, layouts: RouteLayouts): Route {
  for (const segment of segments) {
    if (!SEGMENT.test(segment)) {
      throw new SiteError('ROUTE_INVALID', `${layouts.file.source}: the path segment "${segment}" is not lowercase words joined by dashes.`, { file: layouts.file.source });
    }
  }
  const layout = layouts.of(params);
  const extra = layout.params.some(({ segment }) => segment < 0) ? params : undefined;
  return new FoundRoute(pathOf(segments), layout, extra, props ?? NO_PROPS);
}

/**
 * `/a/b` from its segments, as one flat string: a template literal or `+` makes a concatenation of the parts a
 * site built its slugs from, held for every page (18 MB of string pieces at 100,026 pages, with the params').
 */
function pathOf(segments: readonly string[]): string {
  return segments.length === 0 ? '/' : ['', ...segments].join('/');
}

/** What the routes of one page module share, and where each param of theirs stands in their path. */
interface RouteLayout extends ModuleFile {
  module: PageModule;
  /** Each param in the order getStaticPaths named it, and the path segment that holds it (-1: none). */
  params: ReadonlyArray<{ name: string; segment: number }>;
}

/** The layouts of one page module's routes: one for each list of param names its getStaticPaths gives. */
class RouteLayouts {
  private readonly byNames = new Map<string, RouteLayout>();

  constructor(
    private readonly pattern: readonly string[],
    readonly module: PageModule,
    readonly file: ModuleFile,
  ) {}

  of(params: Record<string, string>): RouteLayout {
    const names = Object.keys(params);
    return madeOnce(this.byNames, names.join('\0'), () => ({
      ...this.file,
      module: this.module,
      params: names.map((name) => ({ name, segment: this.pattern.indexOf(`[${name}]`) })),
    }));
  }
}

/** The props of a route its page's getStaticPaths gave none: one object for all of them, frozen. */
const NO_PROPS = Object.freeze({});

/**
 * A route as discovered: its path, and what it shares with the other routes of its page module. Its output file
 * and its params are made from its path when asked, not held: at 100,026 pages, a string for each page's output
 * file and 10 MB of params objects and their values.
 */
class FoundRoute implements Route {
  // Set once every route is found (see discoverRoutes).
  discovered = 0;
  // Each on the route only when it has its own, else read from the prototype (below): most routes have none,
  // and a field each is 1.6 MB at 100,026 pages.
  declare readonly props: unknown;
  /** The params getStaticPaths gave, when some are not in the path; else each is read from the path. */
  declare private readonly extra: Record<string, string> | undefined;

  constructor(
    readonly path: string,
    private readonly layout: RouteLayout,
    extra: Record<string, string> | undefined,
    props: unknown,
  ) {
    if (extra !== undefined) this.extra = extra;
    if (props !== NO_PROPS) this.props = props;
  }

  get source(): string {
    return this.layout.source;
  }

  get pageFile(): string {
    return this.layout.pageFile;
  }

  get module(): PageModule {
    return this.layout.module;
  }

  get isNotFound(): boolean {
    return this.path === '/404';
  }

  get params(): Record<string, string> {
    const params: Record<string, string> = {};
    const segments = this.layout.params.length ? this.path.split('/') : [];
    for (const { name, segment } of this.layout.params) params[name] = segment < 0 ? this.extra![name]! : segments[segment + 1]!;
    return params;
  }

  get outputFile(): string {
    return outputFileFor(this.path);
  }
}

// What a route without its own props or extra params reads (see FoundRoute).
Object.assign(FoundRoute.prototype, { props: NO_PROPS, extra: undefined });

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
