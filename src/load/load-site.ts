import path from 'node:path';
import { loadData } from '../collections/load-data.ts';
import { cacheFolder } from '../core/cache.ts';
import { type BuildConfig, normaliseSiteUrl } from '../core/config.ts';
import { ENGINE_INDEX } from '../core/engine-files.ts';
import { filesIn } from '../core/files.ts';
import type { BuildInfo } from '../core/page-types.ts';
import type { Collections, DataOf, SiteDefinition } from '../core/site-definition.ts';
import { type SiteImages, startImages } from '../images/site-images.ts';
import { type CompiledTemplates, compileTemplates } from './compile-templates.ts';
import { resolveEnv } from './env.ts';
import { importIslands, importSiteDefinition, type IslandRegistry } from './import-templates.ts';
import { type TemplateFiles, templateFiles } from './template-files.ts';

/** What the load stage gives every later stage: the site's modules, its data and the build's facts. */
export interface LoadedSite {
  config: BuildConfig;
  files: TemplateFiles;
  compiled: CompiledTemplates;
  definition: SiteDefinition;
  data: DataOf<Collections>;
  islands: IslandRegistry;
  /** The canonical origin, the build date and what the env definition derives: what pages see of the build. */
  info: BuildInfo;
  /** The files of public/, copied as they are, relative to it. */
  publicFiles: readonly string[];
  /** Values no output file may hold. */
  secrets: readonly string[];
  /** The site's photos, indexed, to encode beside the later stages (see images/site-images.ts). */
  images: SiteImages;
  warnings: readonly string[];
}

/** The load stage: compiles the templates, imports the site definition and islands, indexes the photos, loads the data, reads the environment. */
export async function loadSite(config: BuildConfig): Promise<LoadedSite> {
  const files = await templateFiles(config);
  const compiled = await compileTemplates(config, files, ENGINE_INDEX);
  const definition = await importSiteDefinition(files.siteConfig, config.root, compiled);
  // Markdown rendered by the compiled templates is kept while they are the same: their folder is named by their hash.
  const markdownCache = {
    folder: cacheFolder(config.templatesDir, 'markdown'),
    code: path.dirname(compiled[path.normalize(files.siteConfig)]!),
  };
  const images = await startImages(config.root, definition.images);
  const [data, islands] = await Promise.all([
    loadData(definition, config.dataDir, config.root, { markdownCache, images: images.names }),
    importIslands(files.islands, config.root, compiled),
  ]);
  const url = config.siteUrlOverride ?? normaliseSiteUrl(definition.siteUrl(data), 'the site data (siteUrl)');
  const env = resolveEnv(definition.env, config.env, { siteUrl: url });
  const publicFiles = await filesIn(config.publicDir, '**/*', { dot: true });
  const dataWarnings = (definition.warn?.(data) ?? []).map((issue) =>
    [`${issue.file}: ${issue.message}`, issue.hint].filter(Boolean).join(' '),
  );
  return {
    config,
    files,
    compiled,
    definition,
    data,
    islands,
    info: { url, time: config.time, env: env.public },
    publicFiles,
    secrets: env.secrets,
    images,
    warnings: [...env.warnings, ...dataWarnings, ...images.warnings],
  };
}
