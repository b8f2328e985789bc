import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ComponentType } from 'react';
import { SiteError } from './errors.ts';
import { listFiles } from './list-files.ts';
import type { SiteDefinition } from './site-definition.ts';

/**
 * Each template module's compiled file, by its source file (see compile/compile-templates.ts). Empty when the
 * engine runs under a TypeScript loader, which imports the sources as they are.
 */
export type TemplateSources = Readonly<Record<string, string>>;

/** Imports a template module; a syntax or runtime error becomes TEMPLATE_LOAD_FAILED naming the file. */
export async function importTemplate<T>(file: string, root: string, compiled: TemplateSources = {}): Promise<T> {
  try {
    return (await import(pathToFileURL(compiled[path.normalize(file)] ?? file).href)) as T;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new SiteError('TEMPLATE_LOAD_FAILED', `${path.relative(root, file)} failed to load: ${message}`, {
      file: path.relative(root, file),
      cause: error,
    });
  }
}

/**
 * Imports template modules all at once, in order: Node reads a module's files on libuv's threads, so imports
 * one after another wait for each read in turn. The first that fails, in the order given, is the error.
 */
export async function importTemplates<T>(files: readonly string[], root: string, compiled: TemplateSources = {}): Promise<T[]> {
  const settled = await Promise.allSettled(files.map((file) => importTemplate<T>(file, root, compiled)));
  return settled.map((result) => {
    if (result.status === 'rejected') throw result.reason;
    return result.value;
  });
}

/** Loads templates/site.config.ts and checks that it default-exports a site definition. */
export async function loadSiteDefinition(templatesDir: string, root: string, compiled: TemplateSources = {}): Promise<SiteDefinition> {
  const file = path.join(templatesDir, 'site.config.ts');
  const module = await importTemplate<{ default?: SiteDefinition }>(file, root, compiled);
  const site = module.default;
  if (!site || typeof site !== 'object' || typeof site.collections !== 'object' || typeof site.siteUrl !== 'function') {
    throw new SiteError('SITE_DEFINITION_INVALID', `${path.relative(root, file)} does not default-export a site definition.`, {
      file: path.relative(root, file),
    });
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

/** The files an island may be. */
export const MODULE_ENDINGS = ['.tsx', '.ts', '.jsx', '.js'];

/** Imports every island module and maps each default export to its name, so pages pass components, not strings. */
export async function loadIslands(islandsDir: string, root: string, compiled: TemplateSources = {}): Promise<Map<ComponentType<never>, IslandEntry>> {
  const files = (await listFiles(islandsDir, { endsWith: MODULE_ENDINGS })).map((file) => path.join(islandsDir, file));
  const registry = new Map<ComponentType<never>, IslandEntry>();
  const modules = await importTemplates<{ default?: ComponentType<never> }>(files, root, compiled);
  for (const [index, file] of files.entries()) {
    const module = modules[index]!;
    if (typeof module.default !== 'function') {
      throw new SiteError('TEMPLATE_LOAD_FAILED', `${path.relative(root, file)} has no default-exported component.`, {
        file: path.relative(root, file),
        hint: 'An island file default-exports the component it hydrates.',
      });
    }
    registry.set(module.default, { name: path.basename(file).replace(/\.[jt]sx?$/, ''), file, source: path.relative(root, file) });
  }
  return registry;
}
