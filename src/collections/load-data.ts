import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ZodType } from 'zod';
import { sha256 } from '../core/cache.ts';
import { deepFreeze } from '../core/deep-freeze.ts';
import { SiteError, SiteErrorList, siteErrorsOf } from '../core/errors.ts';
import { filesIn } from '../core/files.ts';
import type {
  Collection,
  Collections,
  DataIssue,
  DataOf,
  JsonCollection,
  MarkdownCollection,
  OnDemandFolderCollection,
  SiteDefinition,
} from '../core/site-definition.ts';
import { FolderOnDemand } from './folder-on-demand.ts';
import { type MarkdownCacheAt, MarkdownHtmlCache } from './markdown-html.ts';
import { parseJsonFile } from './read-json.ts';
import { parseMarkdownFile } from './read-markdown.ts';
import { assertUniqueKey, slugOf } from './record-keys.ts';
import { schemaErrors } from './zod-issues.ts';

/** How data loads beyond its folder. */
export interface LoadOptions {
  /** Where Markdown bodies rendered to HTML are kept between builds; without it every body is rendered. */
  markdownCache?: MarkdownCacheAt | undefined;
  /** The photos of the site's images folder, for its check. */
  images?: ReadonlySet<string>;
}

/**
 * Loads every collection of the site from `dataDir`, validates it, runs the site's cross-record checks and
 * freezes the result. All problems of all files are reported together, so one run shows every fix needed.
 */
export async function loadData<C extends Collections>(
  site: SiteDefinition<C>,
  dataDir: string,
  root: string,
  options: LoadOptions = {},
): Promise<DataOf<C>> {
  const errors: SiteError[] = [];
  const data: Record<string, unknown> = {};
  const collect = async (load: () => Promise<unknown>) => {
    try {
      return await load();
    } catch (error) {
      errors.push(...(siteErrorsOf(error) ?? rethrow(error)));
      return undefined;
    }
  };
  const entries = Object.entries(site.collections);
  for (const [name, collection] of entries) {
    if (collection.kind !== 'json-folder-on-demand') {
      data[name] = await collect(() => loadCollection(collection, dataDir, root, options));
    }
  }
  for (const value of Object.values(data)) deepFreeze(value);
  // On-demand records are checked whole as they load, against the rest of the data and the on-demand folders
  // declared before theirs; when the rest has errors, the records are still validated, so one run reports all.
  const recordChecks =
    errors.length === 0
      ? (site.checkRecord as Readonly<Record<string, RecordCheck | undefined>> | undefined)
      : undefined;
  const issues: DataIssue[] = [];
  for (const [name, collection] of entries) {
    if (collection.kind !== 'json-folder-on-demand') continue;
    const check = recordChecks?.[name];
    const onRecord = check ? (record: unknown) => issues.push(...check(record, data)) : undefined;
    data[name] = await collect(() => loadFolderOnDemand(collection, dataDir, root, onRecord));
  }
  if (errors.length > 0) throw new SiteErrorList([...errors, ...issues.map(issueError)]);

  const typed = deepFreeze(data) as DataOf<C>;
  issues.push(...(site.check?.(typed, { images: options.images ?? new Set() }) ?? []));
  if (issues.length > 0) throw new SiteErrorList(issues.map(issueError));
  return typed;
}

/** A site's check of one on-demand record; typed per folder in the site definition, so here by what the engine knows. */
type RecordCheck = (record: unknown, data: unknown) => DataIssue[];

/** What is not a SiteError is a bug, not bad data: it goes on up. */
function rethrow(error: unknown): never {
  throw error;
}

function issueError(issue: DataIssue): SiteError {
  return new SiteError('DATA_CHECK', `${issue.file}: ${issue.message}`, {
    file: issue.file,
    field: issue.field,
    hint: issue.hint,
  });
}

/**
 * Issues report the value they refused; and no compiled parser per schema (zod's `new Function` fast path), which a
 * build's few parses of each schema never pay back: the real site's data loaded in 35 ms without it, 53 ms with it.
 */
const PARSE_OPTIONS = { reportInput: true, jitless: true } as const;

/** `fields` validated by `schema`; every problem is an error naming the file and the field. */
function validated(fields: unknown, schema: ZodType, file: string): unknown {
  const result = schema.safeParse(fields, PARSE_OPTIONS);
  if (!result.success) throw new SiteErrorList(schemaErrors(file, result.error.issues));
  return result.data;
}

function loadCollection(
  collection: Exclude<Collection, OnDemandFolderCollection>,
  dataDir: string,
  root: string,
  options: LoadOptions,
): Promise<unknown> {
  switch (collection.kind) {
    case 'json':
      return loadJson(collection, dataDir, root);
    case 'markdown':
      return loadMarkdown(collection, dataDir, root, options.markdownCache);
    case 'json-folder':
      return loadFolder(collection.dir, '.json', dataDir, root, (text, file, slug) => ({
        ...(validated(parseJsonFile(text, file), collection.schema, file) as object),
        slug,
        file,
      }));
  }
}

async function loadJson(collection: JsonCollection, dataDir: string, root: string): Promise<unknown> {
  const absolute = path.join(dataDir, collection.file);
  const file = path.relative(root, absolute);
  const text = await readFile(absolute, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') throw new SiteError('DATA_FILE_MISSING', `${file} does not exist.`, { file });
    throw error;
  });
  const value = validated(parseJsonFile(text, file), collection.schema, file);
  if (collection.key && Array.isArray(value)) assertUniqueKey(value, collection.key, file);
  return value;
}

async function loadMarkdown(
  collection: MarkdownCollection,
  dataDir: string,
  root: string,
  cacheAt: MarkdownCacheAt | undefined,
): Promise<unknown[]> {
  const records = await loadFolder(collection.dir, '.md', dataDir, root, (text, file, slug) => {
    const source = parseMarkdownFile(text, file);
    return { ...(validated(source.frontMatter, collection.schema, file) as object), slug, body: source.body, file };
  });
  const render = collection.html;
  if (!render) return records;
  const cache = await MarkdownHtmlCache.open(cacheAt, path.join(dataDir, collection.dir));
  const errors: SiteError[] = [];
  for (const record of records as Array<{ body: string; file: string; html?: string }>) {
    try {
      record.html = await cache.html(record.body, render);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      errors.push(
        new SiteError('DATA_MARKDOWN_FAILED', `${record.file}: rendering its Markdown to HTML failed: ${message}`, {
          file: record.file,
          cause: error,
        }),
      );
    }
  }
  if (errors.length > 0) throw new SiteErrorList(errors);
  await cache.save();
  return records;
}

/**
 * Validates every record of an on-demand folder and keeps its summary only; `onRecord` sees each valid record
 * first. The folder reads a record again when a page asks for it: a file whose text is the one validated here, and
 * which its schema left as its JSON was (no default filled in, nothing changed), is parsed without validating it
 * again. Validating was about two thirds of reading a record, and a large site reads each once more as it renders.
 */
async function loadFolderOnDemand(
  collection: OnDemandFolderCollection,
  dataDir: string,
  root: string,
  onRecord?: (record: unknown) => void,
): Promise<FolderOnDemand> {
  const files = new Map<string, string>();
  // The digest of each such file's text, not the text itself: a record can be tens of kilobytes.
  const asParsed = new Map<string, string>();
  const versions = new Map<string, string>();
  const summaries = await loadFolder(collection.dir, '.json', dataDir, root, (text, file, slug) => {
    const fields = parseJsonFile(text, file);
    const value = validated(fields, collection.schema, file);
    versions.set(slug, sha256(text));
    if (sameJson(fields, value)) asParsed.set(slug, versions.get(slug)!);
    const record = { ...(value as object), slug, file };
    onRecord?.(record);
    files.set(slug, file);
    return { ...(collection.summary(record) as object), slug, file };
  });
  return new FolderOnDemand(
    summaries as FolderOnDemand['summaries'],
    files,
    (file, slug) => {
      const text = readFileSync(path.join(root, file), 'utf8');
      const fields = parseJsonFile(text, file);
      return {
        ...((asParsed.get(slug) === sha256(text) ? fields : validated(fields, collection.schema, file)) as object),
        slug,
        file,
      };
    },
    versions,
  );
}

/** Whether two JSON values are alike, to the order of their keys. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (
    typeof a !== 'object' ||
    typeof b !== 'object' ||
    a === null ||
    b === null ||
    Array.isArray(a) !== Array.isArray(b)
  )
    return false;
  const keys = Object.keys(a);
  const others = Object.keys(b);
  return (
    keys.length === others.length &&
    keys.every(
      (key, index) =>
        key === others[index] && sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
    )
  );
}

/**
 * Reads every file with `extension` at the top of a data folder, in name order, each through `read` with its text, its path
 * relative to the project and its slug (the file name). Every bad file is reported, not just the first.
 */
async function loadFolder(
  dir: string,
  extension: '.md' | '.json',
  dataDir: string,
  root: string,
  read: (text: string, file: string, slug: string) => unknown,
): Promise<unknown[]> {
  const folder = path.join(dataDir, dir);
  const names = await filesIn(folder, `*${extension}`);
  if (names.length === 0) {
    const kind = extension === '.md' ? 'Markdown' : 'JSON';
    throw new SiteError('DATA_FILE_MISSING', `${path.relative(root, folder)} holds no ${kind} files.`, {
      file: path.relative(root, folder),
    });
  }
  const errors: SiteError[] = [];
  const records: unknown[] = [];
  // Read one at a time, synchronously: a thousand small files read through libuv's threads took several times as long.
  for (const name of names) {
    const absolute = path.join(folder, name);
    const file = path.relative(root, absolute);
    try {
      records.push(read(readFileSync(absolute, 'utf8'), file, slugOf(absolute, file)));
    } catch (error) {
      errors.push(...(siteErrorsOf(error) ?? rethrow(error)));
    }
  }
  if (errors.length > 0) throw new SiteErrorList(errors);
  return records;
}
