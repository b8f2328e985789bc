import { readFileSync } from 'node:fs';
import path from 'node:path';
import { cacheFolder, keepRecord, sha256 } from '../compile/build-cache.ts';
import type { TemplateSources } from '../load-module.ts';

/** Where a build keeps rendered Markdown, and what names the code that renders it. */
export interface MarkdownCacheAt {
  /** The cache folder (node_modules/.cache/site/markdown). */
  folder: string;
  /**
   * What changes whenever the renderer's code may have: the compiled templates' folder, named by a hash of all
   * the code compiled into it (the Markdown parser among it).
   */
  renderer: string;
}

/**
 * The HTML a collection's renderer made of each body in an earlier build, by the body's SHA-256: one record per
 * collection and renderer. Without a place (the engine running the templates' sources through a loader, where no
 * compiled code names the renderer), nothing is kept and every body is rendered.
 */
export class MarkdownHtmlCache {
  private readonly file: string | undefined;
  private readonly before: ReadonlyMap<string, string>;
  private readonly now = new Map<string, string>();

  constructor(at: MarkdownCacheAt | undefined, collectionDir: string) {
    this.file = at && path.join(at.folder, `record-${sha256(`${at.renderer}\0${collectionDir}`).slice(0, 24)}.json`);
    this.before = this.file ? readRecord(this.file) : new Map();
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
  async save(): Promise<void> {
    if (!this.file) return;
    const same = this.now.size === this.before.size && [...this.now].every(([key, html]) => this.before.get(key) === html);
    if (!same) await keepRecord(this.file, JSON.stringify(Object.fromEntries(this.now)));
  }
}

/** A record as it was written, or nothing if it is missing or not one (half of an older format, say). */
function readRecord(file: string): ReadonlyMap<string, string> {
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return new Map();
    return new Map(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return new Map();
  }
}

/**
 * Where a build keeps rendered Markdown, for templates compiled into `compiled`'s folder; none when the templates
 * run as their sources (under a TypeScript loader), where no compiled code names the renderer.
 */
export function markdownCacheAt(templatesDir: string, compiled: TemplateSources): MarkdownCacheAt | undefined {
  const module = Object.values(compiled)[0];
  return module === undefined ? undefined : { folder: cacheFolder(templatesDir, 'markdown'), renderer: path.dirname(module) };
}
