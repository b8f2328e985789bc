import { keepRecord, readRecord } from '../compile/build-cache.ts';
import { dataRecordFile, type DataCacheAt } from './data-caches.ts';

/**
 * What a record holds: the digests of files the schema accepted and gave back as they were (no default filled
 * in, nothing changed or reordered), each the SHA-1 of the file's text in base64. In the record's name, so a
 * change in what the engine keeps starts a new record rather than misreading an old one.
 */
const FORMAT = 'valid-unchanged-sha1';

/**
 * The files of a record folder that an earlier build validated with the same compiled schema and found valid and
 * unchanged by it, by digest of their text: such a file read again with the same text is parsed and not
 * validated, as a record is read again within a build (see loadFolderOnDemand). Validation was two thirds of
 * loading 1,111 city files (about 185 of 280 ms), paid again by every build though the files rarely change.
 *
 * A schema's verdict is taken to depend only on the file's text and the schema's code, as a zod schema's does
 * unless a refinement reads something else (the clock, the environment, other files): such a check belongs in the
 * site's `check` or `checkRecord`, which run on every build. Without a place (the engine running the templates'
 * sources through a loader), nothing is kept and every file is validated.
 */
export class ValidatedFiles {
  private readonly file: string | undefined;
  private before: ReadonlySet<string>;
  private now = new Set<string>();

  constructor(at: DataCacheAt | undefined, collectionPath: string) {
    this.file = at && dataRecordFile(at, collectionPath, FORMAT);
    const record = readRecord(this.file);
    this.before = new Set(Array.isArray(record) ? record.filter((digest): digest is string => typeof digest === 'string') : []);
  }

  /** Whether the last build found the file with this digest valid and unchanged by its schema. */
  known(digest: string): boolean {
    return this.before.has(digest);
  }

  /** Notes a file of this build that is valid and unchanged by its schema. */
  add(digest: string): void {
    this.now.add(digest);
  }

  /**
   * Keeps this build's files for the next, when they differ from what was kept (files gone are dropped), and lets
   * go of the digests, which a folder's reader would otherwise hold for the whole build (2 MB at 22,222 files).
   */
  save(): void {
    const same = this.now.size === this.before.size && [...this.now].every((digest) => this.before.has(digest));
    if (this.file && !same) keepRecord(this.file, JSON.stringify([...this.now]));
    this.before = this.now = new Set();
  }
}
