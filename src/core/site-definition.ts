import type { output, ZodType } from 'zod';
import type { EditorOptions } from './editor-options.ts';
import type { ImageOptions, MetaTag } from './page-types.ts';

/** One JSON file validated by a schema; `key` names a field that must be unique when the file holds an array. */
export interface JsonCollection<S extends ZodType = ZodType> {
  kind: 'json';
  file: string;
  schema: S;
  key?: string;
}

/** A folder of Markdown files with YAML front matter; each file is one record, its slug the file name. */
export interface MarkdownCollection<S extends ZodType = ZodType> {
  kind: 'markdown';
  dir: string;
  schema: S;
  /** Renders each record's body to HTML as the data loads (see markdownFolder). */
  html?: MarkdownRenderer;
}

/**
 * Turns a Markdown body into HTML. It must depend on the body alone: what it returns is kept across builds (in
 * node_modules/.cache/site/markdown) for as long as the compiled templates stay the same.
 */
export type MarkdownRenderer = (markdown: string) => string | Promise<string>;

/** A folder of JSON files, one record each (one file per city, say); each record gains its slug and file. */
export interface JsonFolderCollection<S extends ZodType = ZodType> {
  kind: 'json-folder';
  dir: string;
  schema: S;
}

/**
 * A folder of JSON files too large to hold in memory: every file is read and validated as the data loads (a bad
 * one fails the build, as in any collection), but only what `summary` returns of each record stays in memory.
 * Pages read a whole record again, by slug, through the folder's `get` (see OnDemandFolder).
 */
export interface OnDemandFolderCollection<S extends ZodType = ZodType, M = unknown> {
  kind: 'json-folder-on-demand';
  dir: string;
  schema: S;
  /** What is kept of each record: what pages and checks need of every record at once (such as an id). */
  summary(record: JsonFolderRecord<output<S>>): M;
}

/** What pages receive for an on-demand folder. */
export interface OnDemandFolder<R, M> {
  /** What `summary` kept of every record, with its slug and file, in file-name order. */
  readonly summaries: readonly SummaryOf<M>[];
  /**
   * The whole record of the file named `slug`, read and validated again, frozen; undefined when no file has that
   * name. The last few records read are kept: pages render in the order getStaticPaths lists them, so list a
   * record's pages together and its file is read about once.
   */
  get(slug: string): R | undefined;
}

/** A summary of an on-demand record, with the record's slug and file. */
export type SummaryOf<M> = M & { slug: string; file: string };

export type Collection = JsonCollection | MarkdownCollection | JsonFolderCollection | OnDemandFolderCollection;
export type Collections = Record<string, Collection>;

/** A Markdown record: the validated front matter plus its slug and its Markdown body. */
export type MarkdownRecord<T> = T & { slug: string; body: string; file: string };

/** A Markdown record of a collection that renders its bodies: the body as HTML too. */
export type MarkdownHtmlRecord<T> = MarkdownRecord<T> & { html: string };

/** A record of a JSON folder: the validated file plus its slug (the file name) and its path. */
export type JsonFolderRecord<T> = T & { slug: string; file: string };

/** The data object the pages receive: one property per collection, typed from its schema. */
export type DataOf<C extends Collections> = {
  readonly [K in keyof C]: C[K] extends JsonCollection<infer S>
    ? output<S>
    : C[K] extends MarkdownCollection<infer S>
      ? readonly (C[K] extends { html: MarkdownRenderer } ? MarkdownHtmlRecord<output<S>> : MarkdownRecord<output<S>>)[]
      : C[K] extends JsonFolderCollection<infer S>
        ? readonly JsonFolderRecord<output<S>>[]
        : C[K] extends OnDemandFolderCollection<infer S, infer M>
          ? OnDemandFolder<JsonFolderRecord<output<S>>, M>
          : never;
};

/** The names of a site's on-demand folders. */
export type OnDemandKeys<C extends Collections> = {
  [K in keyof C]: C[K] extends OnDemandFolderCollection ? K : never;
}[keyof C];

/** The data loaded before the on-demand folders: every other collection. */
export type EagerDataOf<C extends Collections> = Omit<DataOf<C>, OnDemandKeys<C>>;

/** What a record check sees (see SiteDefinition.checkRecord): the eager data, and the on-demand folders loaded so far. */
export type RecordCheckData<C extends Collections> = EagerDataOf<C> & Partial<Pick<DataOf<C>, OnDemandKeys<C>>>;

/** A whole record of an on-demand folder. */
export type OnDemandRecordOf<F> = F extends OnDemandFolderCollection<infer S> ? JsonFolderRecord<output<S>> : never;

/** A cross-record problem found by the site's own check (a record that names a city with no info). */
export interface DataIssue {
  file: string;
  field?: string;
  message: string;
  hint?: string;
}

export interface RedirectRule {
  from: string;
  to: string;
  status?: 301 | 302 | 307 | 308 | 200 | 404;
}

/**
 * Content-Security-Policy directives the site adds to the engine's strict defaults. Image and media hosts
 * that the built pages name in their markup are found by the build; list here only hosts that scripts reach.
 */
export type CspAdditions = Partial<
  Record<'img-src' | 'media-src' | 'connect-src' | 'font-src' | 'frame-src', string[]>
>;

/**
 * One environment variable the site reads at build time, in the spirit of Astro's envField. `public` values may
 * reach pages (and so the output); `secret` values reach only `derive`, and the build fails if one shows up in
 * an output file.
 */
export interface EnvField {
  access: 'public' | 'secret';
  /** A missing required variable fails the build (ENV_MISSING). */
  required?: boolean;
  /** The value of a missing optional variable. */
  default?: string;
  /** Printed when an optional variable is missing; variables sharing a warning are named in one line. */
  warning?: string;
  /** What the variable is for, shown in the error's hint. */
  description?: string;
  /** Refuses a bad value: returns what is wrong ("must be an https origin"), or undefined. */
  validate?(value: string): string | undefined;
}

/** The variables a site reads, and how they become the values its pages see. */
export interface EnvDefinition {
  fields: Record<string, EnvField>;
  /**
   * Turns the values (defaults filled in) into what pages receive as `site.env`, such as a digest of a secret.
   * Without it pages receive the public values by name.
   */
  derive?(values: Readonly<Record<string, string>>, context: { siteUrl: string }): Record<string, unknown>;
}

/**
 * The offline support the engine builds at /service-worker.js: content-hashed assets cache-first, pages
 * network-first with the cached copy as fallback, then `offlinePage`. The site registers the worker itself.
 */
export interface ServiceWorkerOptions {
  /** The page shown for a page that is neither reachable nor cached, such as `/offline`. */
  offlinePage: string;
  /** Further pages cached when the worker installs, such as the home page. */
  precache?: string[];
}

/**
 * Limits the build enforces on every page, measured on its own output: gzip level 9 of each file on its
 * own, in bytes. A page over a limit fails the build, naming the page and the figure.
 */
export interface Budgets {
  /** JavaScript a page with no island loads (its scripts and their chunks). Such a page must not load React either. */
  scriptWithoutIslands?: number;
  /**
   * JavaScript any page loads before the visitor does anything: its scripts, the island runtime, islands
   * that hydrate at load or when idle, and their chunks.
   */
  script?: number;
  /** The stylesheets a page links, together. */
  css?: number;
  /** The HTML of the pages of one page file, named relative to templates/pages (such as `[city].tsx`). */
  html?: { pageFile: string; maxBytes: number }[];
  /** A classic script in `<head>` without defer or async stops rendering; the build refuses it unless this is true. */
  allowRenderBlockingScripts?: boolean;
}

/** What a site gives the engine: its data collections and the few site-wide facts the engine cannot guess. */
export interface SiteDefinition<C extends Collections = Collections> {
  /** The document language, such as `en-US`. */
  lang: string;
  collections: C;
  /** The canonical origin when neither --site-url nor SITE_URL is given. */
  siteUrl(data: DataOf<C>): string;
  /** The site's name for Open Graph. */
  siteName(data: DataOf<C>): string;
  /** Stylesheets, relative to the templates folder, bundled in this order. */
  styles: string[];
  /** Meta tags on every page (theme colour, format detection...). */
  headMeta?(data: DataOf<C>): MetaTag[];
  /** Cross-record checks the schemas cannot express; `found.images` names the photos of `images.dir` (see ImageOptions). */
  check?(data: DataOf<C>, found: { images: ReadonlySet<string> }): DataIssue[];
  /** What the build publishes but warns about (placeholder facts), as `file: message hint`; `--strict` fails on it. */
  warn?(data: DataOf<C>): DataIssue[];
  /**
   * Checks of each whole record of an on-demand folder against the rest of the data, as the record loads (`check`
   * sees only the summaries). The other collections load first, then the on-demand folders in the order declared:
   * a check sees those declared before its own (unless one failed to load).
   */
  checkRecord?: { [K in OnDemandKeys<C>]?: (record: OnDemandRecordOf<C[K]>, data: RecordCheckData<C>) => DataIssue[] };
  redirects?(data: DataOf<C>): RedirectRule[];
  /** Paths that robots.txt disallows. */
  robotsDisallow?: string[];
  /** Hosts scripts reach, beyond the engine's strict defaults; a function when they depend on the environment. */
  csp?: CspAdditions | ((env: Readonly<Record<string, unknown>>) => CspAdditions);
  /** The environment variables the site reads; nothing else of the environment reaches pages. */
  env?: EnvDefinition;
  /** Preload every woff2 font the stylesheets use on every page: for one subset of one family (preloads are always fetched). */
  preloadFonts?: boolean;
  /** Photos the build makes responsive files of, which pages place with <Picture> or usePicture (see src/images/). */
  images?: ImageOptions;
  serviceWorker?: ServiceWorkerOptions;
  budgets?: Budgets;
  /** The owner's editor at a path of the site (see EditorOptions); not held to the page budgets. */
  editor?: EditorOptions<C>;
}

/** Declares a site; the identity function that gives templates/site.config.ts its types. */
export function defineSite<C extends Collections>(definition: SiteDefinition<C>): SiteDefinition<C> {
  return definition;
}

/** A JSON data file validated by `schema`. */
export function jsonFile<S extends ZodType>(
  file: string,
  schema: S,
  options: { key?: string } = {},
): JsonCollection<S> {
  return { kind: 'json', file, schema, ...options };
}

/** A folder of JSON files, each one record validated by `schema`, read in file-name order. */
export function jsonFolder<S extends ZodType>(dir: string, schema: S): JsonFolderCollection<S> {
  return { kind: 'json-folder', dir, schema };
}

/** A folder of JSON files like jsonFolder, of which only `summary` of each record is held (see OnDemandFolderCollection). */
export function jsonFolderOnDemand<S extends ZodType, M>(
  dir: string,
  schema: S,
  summary: (record: JsonFolderRecord<output<S>>) => M,
): OnDemandFolderCollection<S, M> {
  return { kind: 'json-folder-on-demand', dir, schema, summary };
}

/**
 * A folder of Markdown files whose front matter is validated by `schema`. With `html`, each record also holds its
 * body as HTML, made as the data loads and kept across builds while the compiled templates are unchanged. Import
 * the parser inside `html` (`await import(...)`), so a build that finds every body in the cache never loads it.
 */
export function markdownFolder<S extends ZodType>(dir: string, schema: S): MarkdownCollection<S>;
export function markdownFolder<S extends ZodType>(
  dir: string,
  schema: S,
  options: { html: MarkdownRenderer },
): MarkdownCollection<S> & { html: MarkdownRenderer };
export function markdownFolder<S extends ZodType>(
  dir: string,
  schema: S,
  options: { html?: MarkdownRenderer } = {},
): MarkdownCollection<S> {
  return { kind: 'markdown', dir, schema, ...(options.html ? { html: options.html } : {}) };
}
