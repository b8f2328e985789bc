/** How the site presents a collection's fields: labels, hints and widgets by field path (`testimonials.quote`). */
export interface FieldPresentation {
  labels?: Readonly<Record<string, string>>;
  hints?: Readonly<Record<string, string>>;
  /** A widget in place of the one the schema implies: 'text' (several lines), 'markdown', 'hidden'. */
  widgets?: Readonly<Record<string, string>>;
  /** The line a collapsed list item shows, by the list's path, such as `{{fields.title}}`. */
  summaries?: Readonly<Record<string, string>>;
  /** What one item of a list is called, by the list's path ("project", for "Add project"). */
  singulars?: Readonly<Record<string, string>>;
}

/**
 * One collection the owner edits in the browser editor (Decap CMS): a JSON file (all its top-level fields, or those
 * `fields` lists) or a folder of Markdown posts. Every constraint comes from the collection's schema; what the site
 * adds is how the editor presents it. Field paths name list items' fields with a dot: `testimonials.quote`.
 */
export interface EditorCollection<C = Record<string, unknown>> extends FieldPresentation {
  collection: Extract<keyof C, string>;
  /** The name in the editor's list of collections, and of one record of it. */
  label: string;
  labelSingular?: string;
  description?: string;
  /** For a JSON file: the top-level fields the owner edits, in this order; the others stay as the file has them. */
  fields?: readonly string[];
  /** For a folder of posts: the field that names a post in the editor's list, such as `title`. */
  titleField?: string;
}

/** Where a Publish in the production editor goes: a GitHub repository, signed in through the site's OAuth endpoint. */
export interface EditorBackend {
  /** `owner/name`. */
  repo: string;
  branch: string;
  /** The path of the sign-in endpoint on the site's own origin, such as `api/auth` (a host function). */
  authEndpoint: string;
}

/**
 * The owner's editor: Decap CMS at `path`, its configuration generated from the collections' schemas. Locally
 * (`site edit`) it saves through a backend on 127.0.0.1 that commits each Publish; in production through `backend`.
 */
export interface EditorOptions<C = Record<string, unknown>> {
  /** Where the editor is served, such as `/admin`. */
  path: string;
  /** The production backend, from the environment; undefined when it is not configured (the build warns). */
  backend?(env: Readonly<Record<string, unknown>>): EditorBackend | undefined;
  /** Uploaded photos: the folder inside the data folder, and the file endings the photo pipeline reads. */
  media: { folder: string; extensions: readonly string[]; hint: string };
  collections: readonly EditorCollection<C>[];
  /**
   * The Git host's origins that the editor's policy lets it reach: its API (`api`, for sign-in and each Publish) and
   * where it shows images from (`images`, the signed-in account's picture).
   */
  gitHost: { api: readonly string[]; images: readonly string[] };
  /** Where the site's people find how to set the production backend up, for the warning when it is missing. */
  setupHint?: string;
}
