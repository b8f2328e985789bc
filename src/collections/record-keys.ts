import path from 'node:path';
import { SiteError } from '../core/errors.ts';

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
  return slug;
}

/** A duplicate id or slug names both records, so the user sees which two collide. */
export function assertUniqueKey(records: readonly unknown[], key: string, file: string): void {
  const seen = new Map<unknown, number>();
  records.forEach((record, index) => {
    const value = (record as Record<string, unknown>)[key];
    const first = seen.get(value);
    if (first !== undefined) {
      throw new SiteError(
        'DATA_DUPLICATE_KEY',
        `${file}: [${first}] and [${index}] both have ${key} ${JSON.stringify(value)}.`,
        {
          file,
          field: `[${index}].${key}`,
        },
      );
    }
    seen.set(value, index);
  });
}
