import type { EditorBackend, EditorCollection, EditorOptions } from '../core/editor-options.ts';
import { SiteError } from '../core/errors.ts';
import type { Collection, Collections } from '../core/site-definition.ts';
import { type BuildOnlyRule, type DecapField, type FieldContext, fieldsOf } from './decap-fields.ts';
import { type JsonSchema, jsonSchemaOf } from './json-schema.ts';

import { JSON_FORMAT, MARKDOWN_FORMAT } from '../client/editor-format-names.ts';

export { JSON_FORMAT, MARKDOWN_FORMAT };

/** Decap CMS's configuration (config.yml), as far as the generator writes it. */
export interface DecapConfig {
  backend: { name: 'github'; repo: string; branch: string; base_url: string; auth_endpoint: string };
  local_backend?: { url: string; allowed_hosts: string[] };
  site_url: string;
  display_url: string;
  media_folder: string;
  public_folder: string;
  publish_mode: 'simple';
  slug: { encoding: 'ascii'; clean_accents: true; sanitize_replacement: '-' };
  collections: DecapCollection[];
}

/** What every collection of Decap's configuration says of itself. */
interface DecapCollectionBase {
  name: string;
  label: string;
  label_singular?: string;
  description?: string;
  editor: { preview: false };
  format: string;
}

/** A collection of named files (JSON), or a folder of entries (Markdown posts). */
type DecapCollection =
  | (DecapCollectionBase & { files: { name: string; label: string; file: string; fields: DecapField[] }[] })
  | (DecapCollectionBase & {
      folder: string;
      extension: 'md';
      create: true;
      slug: string;
      identifier_field?: string;
      summary?: string;
      fields: DecapField[];
    });

export interface EditorConfigInput {
  editor: EditorOptions;
  collections: Collections;
  data: Readonly<Record<string, unknown>>;
  /** The data folder, relative to the project root with `/` (the editor's paths are the repository's). */
  dataFolder: string;
  siteUrl: string;
  env: Readonly<Record<string, unknown>>;
  /** The local backend's API when `site edit` runs the build (SITE_EDITOR_LOCAL_BACKEND). */
  localBackend?: string | undefined;
}

/** The editor's configuration, and the rules of the schemas the editor cannot hold (the build's checks refuse them). */
export function decapConfig(input: EditorConfigInput): {
  config: DecapConfig;
  buildOnly: BuildOnlyRule[];
  backendMissing: boolean;
} {
  const { editor, siteUrl } = input;
  const buildOnly: BuildOnlyRule[] = [];
  const backend: EditorBackend = editor.backend?.(input.env) ?? {
    repo: 'owner/repository',
    branch: 'main',
    authEndpoint: 'api/auth',
  };
  const config: DecapConfig = {
    backend: {
      name: 'github',
      repo: backend.repo,
      branch: backend.branch,
      base_url: siteUrl,
      auth_endpoint: backend.authEndpoint,
    },
    ...(input.localBackend
      ? { local_backend: { url: input.localBackend, allowed_hosts: ['127.0.0.1', 'localhost'] } }
      : {}),
    site_url: siteUrl,
    display_url: siteUrl,
    media_folder: `${input.dataFolder}/${editor.media.folder}`,
    public_folder: editor.media.folder,
    publish_mode: 'simple',
    // Uploaded photos are named as the site's photos must be: lowercase (Decap lowercases), ASCII, no spaces.
    slug: { encoding: 'ascii', clean_accents: true, sanitize_replacement: '-' },
    collections: editor.collections.map((entry) => collectionOf(entry, input, buildOnly)),
  };
  for (const collection of config.collections) {
    withPhotoHints(
      'files' in collection ? collection.files.flatMap((file) => file.fields) : collection.fields,
      editor.media.hint,
    );
  }
  return { config, buildOnly, backendMissing: editor.backend?.(input.env) === undefined };
}

function collectionOf(entry: EditorCollection, input: EditorConfigInput, buildOnly: BuildOnlyRule[]): DecapCollection {
  const collection: Collection | undefined = input.collections[entry.collection];
  const where = `the editor's collection "${entry.collection}"`;
  if (!collection || (collection.kind !== 'json' && collection.kind !== 'markdown')) {
    throw new SiteError(
      'EDITOR_INVALID',
      `${where} names ${
        collection ? `a ${collection.kind} collection` : 'no collection of the site'
      }; the editor edits JSON files and Markdown folders.`,
      { file: 'the site definition', field: `editor.collections` },
    );
  }
  const schema = jsonSchemaOf(collection.schema);
  const data = asInFile(schema, input.data[entry.collection]);
  const context: FieldContext = {
    presentation: entry,
    valuesAt: (field) => valuesAt(data, field, collection.kind === 'markdown'),
    buildOnly: [],
    where,
  };
  const common = {
    name: entry.collection,
    label: entry.label,
    ...(entry.labelSingular ? { label_singular: entry.labelSingular } : {}),
    ...(entry.description ? { description: entry.description } : {}),
    editor: { preview: false as const },
  };
  const made =
    collection.kind === 'json'
      ? // Decap reads `format` on the collection only: on a file entry it is ignored.
        {
          ...common,
          format: JSON_FORMAT,
          files: [
            {
              name: entry.collection,
              label: entry.label,
              file: `${input.dataFolder}/${collection.file}`,
              fields: fieldsOf(objectSchema(schema, where), context, '', entry.fields),
            },
          ],
        }
      : {
          ...common,
          folder: `${input.dataFolder}/${collection.dir}`,
          extension: 'md' as const,
          format: MARKDOWN_FORMAT,
          create: true as const,
          slug: '{{slug}}',
          // The field that names a post in the list (Decap's own default is "title" too).
          ...(entry.titleField ? { identifier_field: entry.titleField, summary: `{{${entry.titleField}}}` } : {}),
          fields: [...fieldsOf(objectSchema(schema, where), context, '', entry.fields), bodyField(entry)],
        };
  buildOnly.push(
    ...context.buildOnly.map((rule) => ({ ...rule, path: `${collectionPath(collection)} → ${rule.path}` })),
  );
  return made;
}

/** Every photo field, however deep, says which files the photo pipeline reads (unless the site gave it a hint of its own). */
function withPhotoHints(fields: readonly DecapField[], hint: string): void {
  for (const field of fields) {
    if (field.widget === 'image' && !field.hint) field.hint = hint;
    withPhotoHints([...(field.fields ?? []), ...(field.field ? [field.field] : [])], hint);
  }
}

/** A Markdown post's body, edited as written (raw), so a save changes only what was typed. */
function bodyField(entry: EditorCollection): DecapField {
  return {
    name: 'body',
    label: entry.labels?.body ?? 'Body',
    widget: 'markdown',
    modes: ['raw'],
    ...(entry.hints?.body ? { hint: entry.hints.body } : {}),
  };
}

/** The record's schema: an object, as Decap edits a file's fields or a post's front matter. */
function objectSchema(schema: JsonSchema, where: string): JsonSchema {
  if (schema.type === 'object' && schema.properties) return schema;
  throw new SiteError(
    'EDITOR_INVALID',
    `${where}: the file holds ${
      schema.type === 'array' ? 'a list' : `a ${schema.type ?? 'value'}`
    } at the top, which Decap cannot edit (it shows no entries).`,
    {
      hint: 'Hold the list under one key ({ "projects": [...] }) and unwrap it in the schema with .transform().',
    },
  );
}

function collectionPath(collection: Collection): string {
  return collection.kind === 'json'
    ? collection.file
    : collection.kind === 'markdown'
      ? `${collection.dir}/*.md`
      : collection.dir;
}

/** The data as its file holds it: a list the schema unwraps from its one key (`{ "projects": [...] }`) goes back under it. */
function asInFile(schema: JsonSchema, data: unknown): unknown {
  const keys = Object.keys(schema.properties ?? {});
  const only = keys.length === 1 ? keys[0]! : undefined;
  return only && schema.properties?.[only]?.type === 'array' && Array.isArray(data) ? { [only]: data } : data;
}

/** The values a field path (`testimonials.quote`) holds in the data today: for each record of a folder, and through lists. */
function valuesAt(data: unknown, field: string, folder: boolean): unknown[] {
  let values: unknown[] = folder && Array.isArray(data) ? data : [data];
  for (const step of field.split('.')) {
    values = values
      .flatMap((value) => (Array.isArray(value) ? value : [value]))
      .flatMap((value) =>
        value !== null && typeof value === 'object' && step in value ? [(value as Record<string, unknown>)[step]] : [],
      );
  }
  return values.flatMap((value) => (Array.isArray(value) ? value : [value]));
}
