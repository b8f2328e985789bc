import path from 'node:path';
import { cacheFolder, recordFileFor } from '../compile/build-cache.ts';
import type { TemplateSources } from '../load-module.ts';

/** Where a build keeps what the site's compiled code made of its data files, and what names that code. */
export interface DataCacheAt {
  /** The cache folder (node_modules/.cache/site/<name>). */
  folder: string;
  /**
   * What changes whenever that code may have: the compiled templates' folder, named by a hash of all the code
   * compiled into it (the schemas, the Markdown parser and the packages they use among it).
   */
  code: string;
}

/** The data caches of a build: rendered Markdown, and which record files are known valid. */
export interface DataCaches {
  markdown: DataCacheAt;
  validated: DataCacheAt;
}

/**
 * Where a build keeps what it made of its data, for templates compiled into `compiled`'s folder; none when the
 * templates run as their sources (under a TypeScript loader), where no compiled code names the schemas and the
 * renderer, so nothing made by them can be known to still hold.
 */
export function dataCachesAt(templatesDir: string, compiled: TemplateSources): DataCaches | undefined {
  const module = Object.values(compiled)[0];
  if (module === undefined) return undefined;
  const code = path.dirname(module);
  return { markdown: { folder: cacheFolder(templatesDir, 'markdown'), code }, validated: { folder: cacheFolder(templatesDir, 'validated'), code } };
}

/**
 * The record file of one collection, at `collectionPath` (its folder or file, absolute: two sites' data folders
 * built in turn each keep theirs), for the code at `at` and, where given, `format`, what the engine keeps in it.
 */
export function dataRecordFile(at: DataCacheAt, collectionPath: string, format = ''): string {
  return recordFileFor(at.folder, `${at.code}\0${collectionPath}${format ? `\0${format}` : ''}`);
}
