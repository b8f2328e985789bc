import path from 'node:path';
import { SiteError } from '../errors.ts';
import { flatString } from '../flat-string.ts';

// What every loaded record holds beside its data: its slug and its file. Both are kept for every record of a large
// data folder, so both are flat strings, holding none of the absolute path they were cut from.

/** A record's file, relative to the project root. */
export function fileOf(absolute: string, root: string): string {
  return flatString(path.relative(root, absolute));
}

/** A record's slug: its file's name, which must be one. */
export function slugOf(absolute: string, file: string): string {
  const extension = path.extname(absolute);
  const slug = path.basename(absolute, extension);
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug)) {
    throw new SiteError('DATA_SCHEMA', `${file}: the file name "${slug}" is not a valid slug.`, {
      file,
      hint: `Name the files in lowercase words joined by dashes, such as kitchen-design-tips${extension}.`,
    });
  }
  return flatString(slug);
}

/**
 * `source`'s own fields, then `fields`, as a spread makes them, but with the hidden class V8 shares among objects
 * made alike: it gave each object a spread made one of its own (5 MB of them at 22,222 records). A `__proto__`
 * field of the source, which assigning would take for the prototype, is left to the spread.
 */
export function withFields<F extends object>(source: object, fields: F): F {
  return Object.hasOwn(source, '__proto__') ? { ...source, ...fields } : Object.assign({}, source, fields);
}
