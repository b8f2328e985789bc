// The sample facts a real owner replaces before launch (data/placeholders.json): each mark must name a field that
// exists, and each becomes a build warning naming the file and the field, which `site build --strict` refuses.
import type { DataIssue } from '../../src/index.ts';
import { collections, LIST_KEYS, type SiteData } from '../collections.ts';

const MARKS_FILE = 'data/placeholders.json';

/** The value of each data file a mark may name, as the file holds it, by its path inside data/: the JSON files and every Markdown post. */
function markableFiles(data: SiteData): Map<string, unknown> {
  const files = new Map<string, unknown>();
  for (const [name, collection] of Object.entries(collections)) {
    const value: unknown = data[name as keyof SiteData];
    const listKey = (LIST_KEYS as Record<string, string>)[name];
    if (collection.kind === 'json') files.set(collection.file, listKey ? { [listKey]: value } : value);
    if (collection.kind === 'markdown') for (const record of value as ReadonlyArray<{ slug: string }>) files.set(`${collection.dir}/${record.slug}.md`, record);
  }
  return files;
}

/** Every value a field path reaches (`[]` fans out over a list); none when any step is missing. */
export function valuesAt(root: unknown, field: string): unknown[] {
  let values: unknown[] = [root];
  for (const step of field.match(/[A-Za-z][A-Za-z0-9]*|\[\d*\]/g) ?? []) {
    values = values.flatMap((value): unknown[] => {
      if (step === '[]') return Array.isArray(value) ? value : [];
      if (step.startsWith('[')) return Array.isArray(value) && Number(step.slice(1, -1)) < value.length ? [value[Number(step.slice(1, -1))]] : [];
      return value !== null && typeof value === 'object' && !Array.isArray(value) && Object.hasOwn(value, step) ? [(value as Record<string, unknown>)[step]] : [];
    });
  }
  return values.filter((value) => value !== undefined);
}

/** A mark that names no file or no field is an error: a warning that can never clear is worse than none. */
export function checkPlaceholders(data: SiteData): DataIssue[] {
  const files = markableFiles(data);
  return Object.entries(data.placeholders).flatMap(([file, fields]) => {
    if (!files.has(file)) {
      return [{ file: MARKS_FILE, field: file, message: `names "${file}", which is not a data file of this site.`, hint: `Use a path inside data/, one of: ${[...files.keys()].join(', ')}.` }];
    }
    return Object.keys(fields)
      .filter((field) => valuesAt(files.get(file), field).length === 0)
      .map((field) => ({ file: MARKS_FILE, field: `${file} → ${field}`, message: `marks "${field}" in ${file}, which has no such field.`, hint: `Fix the field path, or delete the line if the field is gone.` }));
  });
}

/** One warning per placeholder still in the data: "data/business.json: licenseLine still holds the placeholder CSLB number." */
export function placeholderWarnings(data: SiteData): DataIssue[] {
  return Object.entries(data.placeholders).flatMap(([file, fields]) =>
    Object.entries(fields).map(([field, holds]) => ({
      file: `data/${file}`,
      field,
      message: `${field} still holds ${holds}.`,
      hint: `Put in your own, then delete "${field}" under "${file}" in ${MARKS_FILE}.`,
    })),
  );
}
