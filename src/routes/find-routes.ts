import path from 'node:path';
import type { BuildConfig } from '../core/config.ts';
import { SiteError, SiteErrorList } from '../core/errors.ts';
import type { BuildInfo, EndpointModule, PageModule } from '../core/page-types.ts';
import { byCodeUnits } from '../core/text.ts';
import type { CompiledTemplates } from '../load/compile-templates.ts';
import { importTemplates } from '../load/import-templates.ts';
import type { TemplateFiles } from '../load/template-files.ts';
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
  params: Readonly<Record<string, string>>;
  props: unknown;
  isNotFound: boolean;
}

/** A generated text file (a feed, a manifest): its path is also its output file. */
export interface EndpointRoute {
  path: string;
  outputFile: string;
  source: string;
  module: EndpointModule;
}

/** A build's routes in the code-unit order of their paths, the order every stage but rendering takes them in. */
export interface FoundRoutes {
  pages: readonly Route[];
  /**
   * The pages' indexes in the order they were found: page files by name, each one's routes as its getStaticPaths
   * lists them. Pages render in this order, so the pages a site lists together (the pages of one record) render
   * together and read their record once.
   */
  renderOrder: readonly number[];
  endpoints: readonly EndpointRoute[];
}

const SEGMENT = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const ENDPOINT = /\.(xml|txt|json|webmanifest)\.ts$/;
const PARAM = /^\[([a-zA-Z_][a-zA-Z0-9_]*)\]$/;

/**
 * Finds the pages (every module under the pages folder; `[param]` files export getStaticPaths) and the text
 * endpoints (`name.xml.ts` and the like). Paths are lowercase, because the host lowercases URLs.
 */
export async function findRoutes(
  config: BuildConfig,
  files: TemplateFiles,
  compiled: CompiledTemplates,
  context: { data: unknown; site: BuildInfo },
): Promise<FoundRoutes> {
  const pageFiles = files.pages.filter((file) => !ENDPOINT.test(file));
  const endpointFiles = files.pages.filter((file) => ENDPOINT.test(file));
  const [pageModules, endpointModules] = await Promise.all([
    importTemplates<PageModule>(
      pageFiles.map((file) => path.join(config.pagesDir, file)),
      config.root,
      compiled,
    ),
    importTemplates<EndpointModule>(
      endpointFiles.map((file) => path.join(config.pagesDir, file)),
      config.root,
      compiled,
    ),
  ]);
  const found = pageFiles.flatMap((pageFile, index) =>
    routesOf(pageFile, pageModules[index]!, path.relative(config.root, path.join(config.pagesDir, pageFile)), context),
  );
  const endpoints = endpointFiles.map((file, index) =>
    endpointOf(file, endpointModules[index]!, path.relative(config.root, path.join(config.pagesDir, file))),
  );
  assertUniqueOutputs(found);
  const byPath = found.map((_, index) => index).sort((a, b) => byCodeUnits(found[a]!.path, found[b]!.path));
  const placeOf = new Array<number>(found.length);
  byPath.forEach((foundIndex, place) => (placeOf[foundIndex] = place));
  // Frozen: pages see the routes themselves (PageContext.routes), and nothing may change one.
  return { pages: Object.freeze(byPath.map((index) => Object.freeze(found[index]!))), renderOrder: placeOf, endpoints };
}

function routesOf(
  pageFile: string,
  module: PageModule,
  source: string,
  context: { data: unknown; site: BuildInfo },
): Route[] {
  if (typeof module.default !== 'function' || typeof module.meta !== 'function') {
    throw new SiteError('ROUTE_INVALID', `${source} must default-export a component and export a meta() function.`, {
      file: source,
    });
  }
  const segments = pageFile
    .replace(/\.tsx?$/, '')
    .split('/')
    .filter((segment, i, all) => !(segment === 'index' && i === all.length - 1));
  const paramNames = segments
    .map((segment) => PARAM.exec(segment)?.[1])
    .filter((name): name is string => name !== undefined);
  const route = (filled: string[], params: Record<string, string>, props: unknown): Route => {
    for (const segment of filled) {
      if (!SEGMENT.test(segment)) {
        throw new SiteError(
          'ROUTE_INVALID',
          `${source}: the path segment "${segment}" is not lowercase words joined by dashes.`,
          { file: source },
        );
      }
    }
    const routePath = `/${filled.join('/')}`;
    return {
      path: routePath,
      outputFile: outputFileFor(routePath),
      source,
      pageFile,
      module,
      params,
      props: props ?? NO_PROPS,
      isNotFound: routePath === '/404',
    };
  };
  if (paramNames.length === 0) return [route(segments, {}, undefined)];
  if (typeof module.getStaticPaths !== 'function') {
    throw new SiteError(
      'ROUTE_INVALID',
      `${source} has [${paramNames.join('], [')}] in its name but exports no getStaticPaths().`,
      { file: source },
    );
  }
  const paths = module.getStaticPaths(context);
  if (!Array.isArray(paths)) {
    throw new SiteError('ROUTE_INVALID', `${source}: getStaticPaths() must return an array.`, { file: source });
  }
  return paths.map((entry, index) => {
    const params = entry?.params ?? {};
    const filled = segments.map((segment) => {
      const name = PARAM.exec(segment)?.[1];
      if (name === undefined) return segment;
      const value = params[name];
      if (typeof value !== 'string' || !SEGMENT.test(value)) {
        const field = `getStaticPaths()[${index}].params.${name}`;
        throw new SiteError('ROUTE_INVALID', `${source}: ${field} is ${JSON.stringify(value)}, not a lowercase slug.`, {
          file: source,
          field,
        });
      }
      return value;
    });
    return route(filled, params, entry.props);
  });
}

/** The props of every route whose getStaticPaths gives none: one object for all of them. */
const NO_PROPS = Object.freeze({});

function endpointOf(file: string, module: EndpointModule, source: string): EndpointRoute {
  if (typeof module.default !== 'function') {
    throw new SiteError('ROUTE_INVALID', `${source} must default-export a function that returns the file's text.`, {
      file: source,
    });
  }
  const outputFile = file.replace(/\.ts$/, '');
  return { path: `/${outputFile}`, outputFile, source, module };
}

/** Two routes (or generated files) that would write one file are reported together, every culprit named. */
export function assertUniqueOutputs(routes: readonly Pick<Route, 'outputFile' | 'source' | 'params'>[]): void {
  const byFile = new Map<string, Pick<Route, 'source' | 'params'>[]>();
  for (const route of routes) byFile.set(route.outputFile, [...(byFile.get(route.outputFile) ?? []), route]);
  const errors = [...byFile]
    .filter(([, culprits]) => culprits.length > 1)
    .map(([file, culprits]) => {
      const names = culprits.map((c) =>
        Object.keys(c.params).length ? `${c.source} ${JSON.stringify(c.params)}` : c.source,
      );
      return new SiteError('ROUTE_DUPLICATE_OUTPUT', `${file} would be written by ${names.join(' and by ')}.`, {
        file: culprits[0]?.source,
      });
    });
  if (errors.length > 0) throw new SiteErrorList(errors);
}
