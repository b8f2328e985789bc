import { deepFreeze } from '../core/deep-freeze.ts';
import { RecentValues } from '../core/recent-values.ts';
import type { OnDemandFolder, SummaryOf } from '../core/site-definition.ts';

/**
 * Whole records a thread keeps after reading them. The pages of one record render one after the other (see
 * renderOrder), so a few are enough.
 */
export const KEPT_RECORDS = 4;

/**
 * An on-demand folder as pages see it: the summaries, held, and each whole record, read again from its file when
 * asked for (see OnDemandFolderCollection). Its own state is in private fields, which freezing the data leaves be.
 */
export class FolderOnDemand<R = unknown, M = unknown> implements OnDemandFolder<R, M> {
  readonly summaries: readonly SummaryOf<M>[];
  readonly #files: ReadonlyMap<string, string>;
  readonly #versions: ReadonlyMap<string, string>;
  readonly #read: (file: string, slug: string) => unknown;
  /** The records read last. */
  readonly #kept = new RecentValues<R>(KEPT_RECORDS);

  /**
   * @param files Each record's file (relative to the project root) by slug.
   * @param read Reads a record file again, as the data loaded it.
   * @param versions Each record file's SHA-256 as it was loaded, by slug.
   */
  constructor(
    summaries: readonly SummaryOf<M>[],
    files: ReadonlyMap<string, string>,
    read: (file: string, slug: string) => unknown,
    versions: ReadonlyMap<string, string>,
  ) {
    this.summaries = summaries;
    this.#files = files;
    this.#versions = versions;
    this.#read = read;
  }

  get(slug: string): R | undefined {
    const file = this.#files.get(slug);
    if (file === undefined) return undefined;
    // The type is the schema's, which the site declared; the record was validated against it (see loadFolderOnDemand).
    return this.#kept.get(slug, () => deepFreeze(this.#read(file, slug)) as R);
  }

  /** The SHA-256 of the record file of `slug` as the data loaded it: a saved record has a new one. */
  versionOf(slug: string): string | undefined {
    return this.#versions.get(slug);
  }
}
