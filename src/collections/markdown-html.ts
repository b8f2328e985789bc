import { keepRecord, readRecord, recordFileFor, sha256 } from '../core/cache.ts';

/** Where the HTML of Markdown bodies is kept: a cache folder, and what names the code that rendered it. */
export interface MarkdownCacheAt {
  folder: string;
  /** Changes whenever the renderer may have (the compiled templates' folder, named by a hash of their code). */
  code: string;
}

/**
 * The HTML a collection's renderer made of each body in an earlier build, by the body's SHA-256: one record per
 * collection and compiled renderer. A Markdown parser loaded cold in each build cost about 50 ms of a 126-page build.
 */
export class MarkdownHtmlCache {
  private readonly now = new Map<string, string>();

  private constructor(
    private readonly file: string | undefined,
    private readonly before: ReadonlyMap<string, string>,
  ) {}

  static async open(at: MarkdownCacheAt | undefined, collectionPath: string): Promise<MarkdownHtmlCache> {
    const file = at && recordFileFor(at.folder, `${at.code}\0${collectionPath}`);
    return new MarkdownHtmlCache(file, htmlByBody(file && (await readRecord(file))));
  }

  /** The HTML of `body`: kept from before, or made by `render` now. */
  async html(body: string, render: (markdown: string) => string | Promise<string>): Promise<string> {
    const key = sha256(body);
    const html = this.now.get(key) ?? this.before.get(key) ?? (await render(body));
    if (typeof html !== 'string') {
      throw new TypeError(`the renderer returned ${html === null ? 'null' : typeof html}, not a string of HTML`);
    }
    this.now.set(key, html);
    return html;
  }

  /** Keeps this build's bodies for the next, when they differ from what was kept (bodies gone are dropped). */
  async save(): Promise<void> {
    const same =
      this.now.size === this.before.size && [...this.now].every(([key, html]) => this.before.get(key) === html);
    if (this.file && !same) await keepRecord(this.file, Object.fromEntries(this.now));
  }
}

/** A record's HTML by body digest; nothing of a record that is not one. */
function htmlByBody(record: unknown): ReadonlyMap<string, string> {
  if (typeof record !== 'object' || record === null || Array.isArray(record)) return new Map();
  return new Map(Object.entries(record).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}
