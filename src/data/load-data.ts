import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ZodType } from 'zod';
import { listFiles } from '../list-files.ts';
import { SiteError, SiteErrorList } from '../errors.ts';
import { deepFreeze } from '../deep-freeze.ts';
import type { Collection, Collections, DataOf, JsonCollection, JsonFolderCollection, MarkdownCollection, SiteDefinition } from '../site-definition.ts';
import { parseJsonFile } from './read-json.ts';
import { MarkdownHtmlCache, type MarkdownCacheAt } from './markdown-html.ts';
import { parseMarkdownFile } from './read-markdown.ts';
import { schemaErrors } from './zod-issues.ts';

/**
 * Loads every collection of the site from `dataDir`, validates it, runs the site's cross-record check and
 * freezes the result. All problems of all files are reported together, so one run shows every fix needed.
 */
export async function loadData<C extends Collections>(site: SiteDefinition<C>, dataDir: string, root: string, options: LoadOptions = {}): Promise<DataOf<C>> {
  const errors: SiteError[] = [];
  const data: Record<string, unknown> = {};
  for (const [name, collection] of Object.entries(site.collections)) {
    try {
      data[name] = await loadCollection(collection, dataDir, root, options);
    } catch (error) {
      if (error instanceof SiteErrorList) errors.push(...error.errors);
      else if (error instanceof SiteError) errors.push(error);
      else throw error;
    }
  }
  if (errors.length > 0) throw new SiteErrorList(errors);

  const typed = deepFreeze(data) as DataOf<C>;
  const issues = site.check?.(typed) ?? [];
  if (issues.length > 0) {
    throw new SiteErrorList(
      issues.map((issue) => new SiteError('DATA_CHECK', `${issue.file}: ${issue.message}`, { file: issue.file, field: issue.field, hint: issue.hint })),
    );
  }
  return typed;
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
  /** Where Markdown rendered to HTML is kept between builds; without it every body is rendered. */
  markdownCache?: MarkdownCacheAt | undefined;
}

function loadCollection(collection: Collection, dataDir: string, root: string, options: LoadOptions): Promise<unknown> {
  switch (collection.kind) {
    case 'json':
      return loadJson(collection, dataDir, root);
    case 'markdown':
      return loadMarkdown(collection, dataDir, root, options.markdownCache);
    case 'json-folder':
      return loadJsonFolder(collection, dataDir, root);
  }
}

async function loadJson(collection: JsonCollection, dataDir: string, root: string): Promise<unknown> {
  const absolute = path.join(dataDir, collection.file);
  const file = path.relative(root, absolute);
  const text = await readFile(absolute, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') throw new SiteError('DATA_FILE_MISSING', `${file} does not exist.`, { file });
    throw error;
  });
  const result = collection.schema.safeParse(parseJsonFile(text, file), PARSE_OPTIONS);
  if (!result.success) throw new SiteErrorList(schemaErrors(file, result.error.issues));
  if (collection.key && Array.isArray(result.data)) assertUniqueKey(result.data, collection.key, file);
  return result.data;
}

async function loadMarkdown(collection: MarkdownCollection, dataDir: string, root: string, cacheAt: MarkdownCacheAt | undefined): Promise<unknown[]> {
  const records = await loadFolder(collection.dir, '.md', dataDir, root, (text, file) => {
    const source = parseMarkdownFile(text, file);
    return { fields: source.frontMatter, schema: collection.schema, extra: { body: source.body } };
  });
  const render = collection.html;
  if (!render) return records;
  const cache = new MarkdownHtmlCache(cacheAt, collection.dir);
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
  await cache.save();
  return records;
}

async function loadJsonFolder(collection: JsonFolderCollection, dataDir: string, root: string): Promise<unknown[]> {
  return loadFolder(collection.dir, '.json', dataDir, root, (text, file) => ({ fields: parseJsonFile(text, file), schema: collection.schema, extra: {} }));
}

/**
 * Reads every file with `extension` in a data folder, in name order: each is parsed, validated and given its slug
 * (the file name) and its path. Every bad file is reported, not just the first.
 */
async function loadFolder(
  dir: string,
  extension: '.md' | '.json',
  dataDir: string,
  root: string,
  parse: (text: string, file: string) => { fields: unknown; schema: ZodType; extra: Record<string, unknown> },
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
    const file = path.relative(root, absolute);
    try {
      const { fields, schema, extra } = parse(readFileSync(absolute, 'utf8'), file);
      const result = schema.safeParse(fields, PARSE_OPTIONS);
      if (!result.success) {
        errors.push(...schemaErrors(file, result.error.issues));
        continue;
      }
      const slug = path.basename(absolute, extension);
      if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug)) {
        errors.push(new SiteError('DATA_SCHEMA', `${file}: the file name "${slug}" is not a valid slug.`, {
          file,
          hint: `Name the files in lowercase words joined by dashes, such as kitchen-design-tips${extension}.`,
        }));
        continue;
      }
      records.push({ ...(result.data as object), slug, ...extra, file });
    } catch (error) {
      if (error instanceof SiteError) errors.push(error);
      else throw error;
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
