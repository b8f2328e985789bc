import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ComponentType } from 'react';
import { SiteError } from '../core/errors.ts';
import type { SiteDefinition } from '../core/site-definition.ts';
import type { CompiledTemplates } from './compile-templates.ts';

/** Imports template modules by their source files, from their compiled files; an error names the module. */
export async function importTemplates<T>(
  files: readonly string[],
  root: string,
  compiled: CompiledTemplates,
): Promise<T[]> {
  // All at once: Node reads each module's file on libuv's threads. The first failure, in the order given, is the error.
  const settled = await Promise.allSettled(files.map((file) => importTemplate<T>(file, root, compiled)));
  return settled.map((result) => {
    if (result.status === 'rejected') throw result.reason;
    return result.value;
  });
}

async function importTemplate<T>(file: string, root: string, compiled: CompiledTemplates): Promise<T> {
  const module = compiled[path.normalize(file)];
  try {
    if (module === undefined) throw new Error('it was not compiled with the other templates');
    return (await import(pathToFileURL(module).href)) as T;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new SiteError('TEMPLATE_LOAD_FAILED', `${path.relative(root, file)} failed to load: ${message}`, {
      file: path.relative(root, file),
      cause: error,
    });
  }
}

/** Loads templates/site.config.ts and checks that it default-exports a site definition. */
export async function importSiteDefinition(
  file: string,
  root: string,
  compiled: CompiledTemplates,
): Promise<SiteDefinition> {
  const [module] = await importTemplates<{ default?: SiteDefinition }>([file], root, compiled);
  const site = module?.default;
  if (!site || typeof site !== 'object' || typeof site.collections !== 'object' || typeof site.siteUrl !== 'function') {
    throw new SiteError(
      'SITE_DEFINITION_INVALID',
      `${path.relative(root, file)} does not default-export a site definition.`,
      { file: path.relative(root, file) },
    );
  }
  return site;
}

/** An island: a component file in the islands folder, known by its file name. */
export interface IslandEntry {
  name: string;
  /** Absolute path, for the bundler. */
  file: string;
  /** Relative to the project root, for messages. */
  source: string;
}

/** The islands by their component, so pages pass components, not names. */
export type IslandRegistry = ReadonlyMap<ComponentType<never>, IslandEntry>;

/** Imports every island module and maps each default export to its entry. */
export async function importIslands(
  files: readonly string[],
  root: string,
  compiled: CompiledTemplates,
): Promise<IslandRegistry> {
  const registry = new Map<ComponentType<never>, IslandEntry>();
  const modules = await importTemplates<{ default?: ComponentType<never> }>(files, root, compiled);
  files.forEach((file, index) => {
    const component = modules[index]!.default;
    const source = path.relative(root, file);
    if (typeof component !== 'function') {
      throw new SiteError('TEMPLATE_LOAD_FAILED', `${source} has no default-exported component.`, {
        file: source,
        hint: 'An island file default-exports the component it hydrates.',
      });
    }
    registry.set(component, { name: path.basename(file).replace(/\.[jt]sx?$/, ''), file, source });
  });
  return registry;
}
