import { keepRecord, readRecord, sha256 } from '../compile/build-cache.ts';
import { dataRecordFile, type DataCacheAt } from './data-caches.ts';

/**
 * The HTML a collection's renderer made of each body in an earlier build, by the body's SHA-256: one record per
 * collection and renderer. Without a place (the engine running the templates' sources through a loader, where no
 * compiled code names the renderer), nothing is kept and every body is rendered.
 */
export class MarkdownHtmlCache {
  private readonly file: string | undefined;
  private readonly before: ReadonlyMap<string, string>;
  private readonly now = new Map<string, string>();

  constructor(at: DataCacheAt | undefined, collectionPath: string) {
    this.file = at && dataRecordFile(at, collectionPath);
    this.before = htmlByBody(readRecord(this.file));
  }

  /** The HTML of `body`: kept from before, or made by `render` now. */
  async html(body: string, render: (markdown: string) => string | Promise<string>): Promise<string> {
    const key = sha256(body);
    const html = this.now.get(key) ?? this.before.get(key) ?? (await render(body));
    if (typeof html !== 'string') throw new TypeError(`the renderer returned ${html === null ? 'null' : typeof html}, not a string of HTML`);
    this.now.set(key, html);
    return html;
  }

  /** Keeps this build's bodies for the next, when they differ from what was kept (bodies gone are dropped). */
  save(): void {
    if (!this.file) return;
    const same = this.now.size === this.before.size && [...this.now].every(([key, html]) => this.before.get(key) === html);
    if (!same) keepRecord(this.file, JSON.stringify(Object.fromEntries(this.now)));
  }
}

/** A record's HTML by body digest; nothing of a record that is not one. */
function htmlByBody(record: unknown): ReadonlyMap<string, string> {
  if (typeof record !== 'object' || record === null || Array.isArray(record)) return new Map();
  return new Map(Object.entries(record).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}
