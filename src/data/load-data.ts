import { hash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ZodType } from 'zod';
import { listFiles } from '../list-files.ts';
import { SiteError, SiteErrorList, siteErrorsOf } from '../errors.ts';
import { deepFreeze } from '../deep-freeze.ts';
import type { Collection, Collections, DataIssue, DataOf, JsonCollection, JsonFolderCollection, MarkdownCollection, OnDemandFolderCollection, SiteDefinition } from '../site-definition.ts';
import { FolderOnDemand } from './folder-on-demand.ts';
import { fileOf, slugOf, withFields } from './record-fields.ts';
import { parseJsonFile } from './read-json.ts';
import type { DataCacheAt, DataCaches } from './data-caches.ts';
import { MarkdownHtmlCache } from './markdown-html.ts';
import { parseMarkdownFile } from './read-markdown.ts';
import { ValidatedFiles } from './validated-files.ts';
import { schemaErrors } from './zod-issues.ts';

/**
 * Loads every collection of the site from `dataDir`, validates it, runs the site's cross-record check and
 * freezes the result. All problems of all files are reported together, so one run shows every fix needed.
 */
export async function loadData<C extends Collections>(site: SiteDefinition<C>, dataDir: string, root: string, options: LoadOptions = {}): Promise<DataOf<C>> {
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
    if (collection.kind !== 'json-folder-on-demand') data[name] = await collect(() => loadCollection(collection, dataDir, root, options));
  }
  // On-demand records are checked whole as they load, against the rest of the data, loaded first, and the
  // on-demand folders declared before theirs; when the rest has errors of its own, the records are still
  // validated, so one run reports every bad file.
  for (const value of Object.values(data)) deepFreeze(value);
  const recordChecks = errors.length === 0 ? (site.checkRecord as Readonly<Record<string, RecordCheck | undefined>> | undefined) : undefined;
  const issues: DataIssue[] = [];
  for (const [name, collection] of entries) {
    if (collection.kind !== 'json-folder-on-demand') continue;
    const check = recordChecks?.[name];
    const onRecord = check ? (record: unknown) => issues.push(...check(record, data)) : undefined;
    data[name] = await collect(() => loadFolderOnDemand(collection, dataDir, root, options.caches?.validated, onRecord));
  }
  if (errors.length > 0) throw new SiteErrorList([...errors, ...issues.map(issueError)]);

  const typed = deepFreeze(data) as DataOf<C>;
  issues.push(...(site.check?.(typed) ?? []));
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
  return new SiteError('DATA_CHECK', `${issue.file}: ${issue.message}`, { file: issue.file, field: issue.field, hint: issue.hint });
}

/**
 * How every record is validated: issues report the value they refused; and without zod's compiled fast path,
 * which writes and compiles a parser per object schema with `new Function` on its first use. A build parses each
 * schema a few times (a folder of records a thousand times at most), too few to pay that back: the real site's
 * data stage took 35 ms without it against 53 ms with it, and 1,111 city files no longer.
 */
const PARSE_OPTIONS = { reportInput: true, jitless: true } as const;

/** How data loads beyond its folder. */
export interface LoadOptions {
  /**
   * Where Markdown rendered to HTML, and which record files are valid, are kept between builds (see
   * dataCachesAt); without them every body is rendered and every file validated.
   */
  caches?: DataCaches | undefined;
}

function loadCollection(collection: Exclude<Collection, OnDemandFolderCollection>, dataDir: string, root: string, options: LoadOptions): Promise<unknown> {
  switch (collection.kind) {
    case 'json':
      return loadJson(collection, dataDir, root, options.caches?.validated);
    case 'markdown':
      return loadMarkdown(collection, dataDir, root, options.caches?.markdown);
    case 'json-folder':
      return loadJsonFolder(collection, dataDir, root);
  }
}

async function loadJson(collection: JsonCollection, dataDir: string, root: string, validatedAt: DataCacheAt | undefined): Promise<unknown> {
  const absolute = path.join(dataDir, collection.file);
  const file = path.relative(root, absolute);
  const text = await readFile(absolute, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') throw new SiteError('DATA_FILE_MISSING', `${file} does not exist.`, { file });
    throw error;
  });
  const validated = new ValidatedFiles(validatedAt, absolute);
  const digest = textDigest(text);
  const { value, unchanged } = validatedJson(text, file, collection.schema, validated.known(digest));
  if (collection.key && Array.isArray(value)) assertUniqueKey(value, collection.key, file);
  if (unchanged) validated.add(digest);
  validated.save();
  return value;
}

/**
 * A JSON file's value as its schema gives it, and whether that is the file's JSON unchanged (no default filled
 * in, nothing changed or reordered). A file `known` to be so (see ValidatedFiles) is parsed, not validated.
 */
function validatedJson(text: string, file: string, schema: ZodType, known: boolean): { value: unknown; unchanged: boolean } {
  if (known) return { value: JSON.parse(text) as unknown, unchanged: true };
  const fields = parseJsonFile(text, file);
  const result = schema.safeParse(fields, PARSE_OPTIONS);
  if (!result.success) throw new SiteErrorList(schemaErrors(file, result.error.issues));
  return { value: result.data, unchanged: sameJson(fields, result.data) };
}

async function loadMarkdown(collection: MarkdownCollection, dataDir: string, root: string, cacheAt: DataCacheAt | undefined): Promise<unknown[]> {
  const records = await loadFolder(
    collection.dir,
    '.md',
    dataDir,
    root,
    recordReader((text, file) => {
      const source = parseMarkdownFile(text, file);
      return { fields: source.frontMatter, schema: collection.schema, extra: { body: source.body } };
    }),
  );
  const render = collection.html;
  if (!render) return records;
  const cache = new MarkdownHtmlCache(cacheAt, path.join(dataDir, collection.dir));
  const errors: SiteError[] = [];
  for (const record of records as Array<{ body: string; file: string; html?: string }>) {
    try {
      record.html = await cache.html(record.body, render);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      errors.push(new SiteError('DATA_MARKDOWN_FAILED', `${record.file}: rendering its Markdown to HTML failed: ${message}`, { file: record.file, cause: error }));
    }
  }
  if (errors.length > 0) throw new SiteErrorList(errors);
  cache.save();
  return records;
}

async function loadJsonFolder(collection: JsonFolderCollection, dataDir: string, root: string): Promise<unknown[]> {
  return loadFolder(collection.dir, '.json', dataDir, root, recordReader(jsonRecordParser(collection.schema)));
}

/**
 * Validates every record of an on-demand folder, keeps its summary and lets the record go; `onRecord` sees each
 * valid record first. The folder reads a record again as it was read here. Where validation left a record as its
 * file's JSON (no default filled in, nothing changed or reordered), the file's digest is kept, and a file read
 * again with that digest is parsed, not validated again: validation was three fifths of a read. The same holds
 * from one build to the next, through `validatedAt` (see ValidatedFiles).
 */
async function loadFolderOnDemand(
  collection: OnDemandFolderCollection,
  dataDir: string,
  root: string,
  validatedAt: DataCacheAt | undefined,
  onRecord?: (record: unknown) => void,
): Promise<FolderOnDemand> {
  const files = new Map<string, string>();
  const plain = new Map<string, string>();
  const validated = new ValidatedFiles(validatedAt, path.join(dataDir, collection.dir));
  const read = (text: string, absolute: string, file: string, known: boolean) => {
    const { value, unchanged } = validatedJson(text, file, collection.schema, known);
    return { record: withFields(value as object, { slug: slugOf(absolute, file), file }), unchanged };
  };
  const summaries = await loadFolder(collection.dir, '.json', dataDir, root, (absolute, file) => {
    const text = readFileSync(absolute, 'utf8');
    const digest = textDigest(text);
    const { record, unchanged } = read(text, absolute, file, validated.known(digest));
    onRecord?.(record);
    files.set(record.slug, file);
    if (unchanged) {
      plain.set(record.slug, digest);
      validated.add(digest);
    }
    return withFields(collection.summary(record) as object, { slug: record.slug, file });
  });
  validated.save();
  return new FolderOnDemand(summaries as FolderOnDemand['summaries'], files, (file, slug) => {
    const absolute = path.join(root, file);
    const text = readFileSync(absolute, 'utf8');
    return read(text, absolute, file, plain.get(slug) === textDigest(text)).record;
  });
}

function textDigest(text: string): string {
  return hash('sha1', text, 'base64');
}

/** Whether two JSON values are alike, to the order of their keys. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, index) => sameJson(item, b[index]));
  if (Array.isArray(b)) return false;
  const keys = Object.keys(a);
  const otherKeys = Object.keys(b);
  return keys.length === otherKeys.length && keys.every((key, index) => key === otherKeys[index] && sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

type RecordParser = (text: string, file: string) => { fields: unknown; schema: ZodType; extra: Record<string, unknown> };

function jsonRecordParser(schema: ZodType): RecordParser {
  return (text, file) => ({ fields: parseJsonFile(text, file), schema, extra: {} });
}

/** Reads, parses and validates one record file; its slug is its file name. The record's type is the schema's, which only the site knows. */
function recordReader(parse: RecordParser): (absolute: string, file: string) => unknown {
  return (absolute, file) => {
    const { fields, schema, extra } = parse(readFileSync(absolute, 'utf8'), file);
    const result = schema.safeParse(fields, PARSE_OPTIONS);
    if (!result.success) throw new SiteErrorList(schemaErrors(file, result.error.issues));
    return withFields(result.data as object, { slug: slugOf(absolute, file), ...extra, file });
  };
}

/**
 * Reads every file with `extension` in a data folder, in name order: each is parsed, validated and given its slug
 * (the file name) and its path, by `read`. Every bad file is reported, not just the first.
 */
async function loadFolder(
  dir: string,
  extension: '.md' | '.json',
  dataDir: string,
  root: string,
  read: (absolute: string, file: string) => unknown,
): Promise<unknown[]> {
  const folder = path.join(dataDir, dir);
  const files = (await listFiles(folder, { endsWith: extension })).map((file) => path.join(folder, file));
  if (files.length === 0) {
    const kind = extension === '.md' ? 'Markdown' : 'JSON';
    throw new SiteError('DATA_FILE_MISSING', `${path.relative(root, folder)} holds no ${kind} files.`, { file: path.relative(root, folder) });
  }
  const errors: SiteError[] = [];
  const records: unknown[] = [];
  // Read synchronously: a folder of 1,111 small files took 110-180 ms through libuv's threads (four hand-offs
  // a file) and about 30 ms in one go. And each file just before its parse, so its text is let go at once: 22 MB
  // of text held until the last file was parsed made the heap grow for good (peak memory 10 MiB higher at 10,026
  // pages).
  for (const absolute of files) {
    const file = fileOf(absolute, root);
    try {
      records.push(read(absolute, file));
    } catch (error) {
      errors.push(...(siteErrorsOf(error) ?? rethrow(error)));
    }
  }
  if (errors.length > 0) throw new SiteErrorList(errors);
  return records;
}

/** A duplicate id or slug names both records, so the user sees which two collide. */
export function assertUniqueKey(records: readonly unknown[], key: string, file: string): void {
  const seen = new Map<unknown, number>();
  records.forEach((record, index) => {
    const value = (record as Record<string, unknown>)[key];
    const first = seen.get(value);
    if (first !== undefined) {
      throw new SiteError('DATA_DUPLICATE_KEY', `${file}: [${first}] and [${index}] both have ${key} ${JSON.stringify(value)}.`, {
        file,
        field: `[${index}].${key}`,
      });
    }
    seen.set(value, index);
  });
}
