import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type * as z from 'zod';
import { parseMarkdownFile } from '../../src/collections/read-markdown.ts';
import { type DecapConfig, decapConfig } from '../../src/editor/decap-config.ts';
import type { DecapField } from '../../src/editor/decap-fields.ts';
import { type JsonSchema, jsonSchemaOf } from '../../src/editor/json-schema.ts';
import type { EditorOptions } from '../../src/index.ts';
import { collections } from '../../templates/collections.ts';
import { editor } from '../../templates/editor.ts';
import { buildInMemory, type MemoryBuild } from '../helpers/build-in-memory.ts';
import { PROJECT_ROOT } from '../helpers/fixture.ts';

// Issue 52: the owner cannot save in the editor what the build would reject. The editor's configuration is made
// from the schemas; this test walks every editable schema beside the configuration the build wrote and checks each
// constraint: required fields, selects, list sizes, numbers, dates, photos, and every string's rules, by trying
// values on both zod and Decap's pattern (Decap tests `RegExp(pattern).test(value)` on a non-empty value). What Decap
// cannot hold, only the build refuses; the README names each such rule.

let built: MemoryBuild;
let config: DecapConfig;
const readme = readFileSync(path.join(PROJECT_ROOT, 'README.md'), 'utf8');

beforeAll(async () => {
  built = await buildInMemory(PROJECT_ROOT);
  config = JSON.parse(built.text('admin/config.yml')) as DecapConfig;
});

interface ZodInternals {
  _zod: {
    def: {
      type: string;
      shape?: Record<string, z.ZodType>;
      element?: z.ZodType;
      innerType?: z.ZodType;
      in?: z.ZodType;
    };
  };
}
/** The zod schema of one field, found by walking the schema as zod 4 describes it (`_zod.def`). */
function zodAt(schema: z.ZodType, steps: readonly string[]): z.ZodType {
  let current = schema as unknown as ZodInternals;
  const unwrap = () => {
    for (;;) {
      const def = current._zod.def;
      if (def.type === 'pipe' && def.in) current = def.in as unknown as ZodInternals;
      else if ((def.type === 'optional' || def.type === 'nullable' || def.type === 'default') && def.innerType) {
        current = def.innerType as unknown as ZodInternals;
      } else return;
    }
  };
  for (const step of steps) {
    unwrap();
    const def = current._zod.def;
    current = (step === '[]' ? def.element : def.shape?.[step]) as unknown as ZodInternals;
  }
  return current as unknown as z.ZodType;
}

/** Values a string field might be given: today's values, and each one broken in the ways its rules forbid. */
function probes(schema: JsonSchema, today: readonly string[]): string[] {
  const values = new Set<string>(today);
  for (const value of today.slice(0, 3)) {
    for (const changed of [
      `${value}!`,
      `!${value}`,
      value.slice(1),
      value.toLowerCase(),
      value.toUpperCase(),
      `${value} $450`,
      ` ${value} `,
    ])
      values.add(changed);
  }
  for (const value of [
    'x',
    'X',
    '  ',
    '$45',
    '2026',
    '(408) 555-0142',
    'a@b.co',
    'https://example.com/a.jpg',
    'images/kitchen-1.jpg',
    'images/Kitchen 1.heic',
    'photo.jpg',
    '12:00',
    '5 min read',
    'JK',
  ])
    values.add(value);
  if (schema.minLength) values.add('a'.repeat(schema.minLength - 1)).add('a'.repeat(schema.minLength));
  if (schema.maxLength) values.add('a'.repeat(schema.maxLength)).add('a'.repeat(schema.maxLength + 1));
  values.delete('');
  return [...values];
}

/** The values a field path holds in the data today, through lists (a folder's records are a list too). */
function valuesAt(value: unknown, steps: readonly string[]): unknown[] {
  let values = [value];
  for (const step of steps) {
    values = values.flatMap((item) => (Array.isArray(item) ? item : [item]));
    if (step !== '[]') {
      values = values.flatMap((item) =>
        item && typeof item === 'object' && step in item ? [(item as Record<string, unknown>)[step]] : [],
      );
    }
  }
  return values;
}

/** The front matter of every post of a Markdown folder. */
function frontMatters(dir: string): unknown[] {
  const folder = path.join(PROJECT_ROOT, 'data', dir);
  return readdirSync(folder)
    .filter((name) => name.endsWith('.md'))
    .map((name) => parseMarkdownFile(readFileSync(path.join(folder, name), 'utf8'), name).frontMatter);
}

/** Every disagreement between a schema and the Decap field made of it, as "path: what". */
function disagreements(
  schema: JsonSchema,
  zod: z.ZodType,
  field: DecapField,
  data: unknown,
  steps: readonly string[],
  required: boolean,
  buildOnly: ReadonlySet<string>,
): string[] {
  const where = steps.filter((step) => step !== '[]').join('.');
  const found: string[] = [];
  const say = (what: string) => found.push(`${where}: ${what}`);
  if (field.widget === 'hidden') return [];
  if (required !== (field.required !== false)) {
    say(`required is ${field.required !== false} in the editor, ${required} in the schema`);
  }
  if (schema.type === 'object') {
    const fields = new Map((field.fields ?? []).map((child) => [child.name, child]));
    for (const [name, child] of Object.entries(schema.properties ?? {})) {
      const made = fields.get(name);
      if (!made) say(`the editor has no field ${name}`);
      else {
        found.push(
          ...disagreements(child, zod, made, data, [...steps, name], (schema.required ?? []).includes(name), buildOnly),
        );
      }
    }
    return found;
  }
  if (schema.type === 'array') {
    if (field.widget !== 'list') say(`a list in the schema, a ${field.widget} in the editor`);
    if (schema.minItems !== field.min) {
      say(`at least ${schema.minItems} items in the schema, ${field.min} in the editor`);
    }
    if (schema.maxItems !== field.max) {
      say(`at most ${schema.maxItems} items in the schema, ${field.max} in the editor`);
    }
    const item = field.fields ? { ...field, widget: 'object', fields: field.fields } : field.field!;
    return [
      ...found,
      ...disagreements(
        schema.items!,
        zod,
        { ...item, required: true } as DecapField,
        data,
        [...steps, '[]'],
        true,
        buildOnly,
      ),
    ];
  }
  if (schema.type === 'integer' || schema.type === 'number') {
    if (field.widget !== 'number' || field.value_type !== (schema.type === 'integer' ? 'int' : 'float')) {
      say(`a ${schema.type} in the schema, ${field.widget}/${field.value_type} in the editor`);
    }
    const min = schema.minimum ?? (schema.exclusiveMinimum === undefined ? undefined : schema.exclusiveMinimum + 1);
    if (min !== field.min) say(`at least ${min} in the schema, ${field.min} in the editor`);
    return found;
  }
  if (schema.enum) {
    if (field.widget !== 'select' || JSON.stringify(field.options) !== JSON.stringify(schema.enum)) {
      say(`the choices ${JSON.stringify(schema.enum)} are not the editor's select`);
    }
    return found;
  }
  if (schema.format === 'date') {
    if (field.widget !== 'datetime' || field.format !== 'YYYY-MM-DD' || field.time_format !== false) {
      say('a date in the schema, not a date picker in the editor');
    }
    return found;
  }
  if (schema.widget === 'image' && field.widget !== 'image') {
    say('a photo in the schema, not a photo field in the editor');
  }
  // Decap tests a photo field's pattern on the file's name alone (getValidateValue gives the basename), never the path.
  if (field.widget === 'image' && field.pattern) {
    say('a pattern on a photo field, which Decap would test on the file name alone');
  }
  // Each value either both refuse, or both accept; the editor may be stricter only where the README says the build alone checks.
  const fieldZod = zodAt(zod, steps);
  const today = valuesAt(data, steps).filter((value): value is string => typeof value === 'string');
  for (const value of probes(schema, today)) {
    const zodAccepts = fieldZod.safeParse(value).success;
    const decapAccepts = field.pattern === undefined || new RegExp(field.pattern[0]).test(value);
    if (decapAccepts && !zodAccepts && !buildOnly.has(where)) {
      say(`the editor accepts ${JSON.stringify(value)}, which the schema refuses`);
    }
    if (!decapAccepts && zodAccepts && today.includes(value)) {
      say(`the editor refuses today's value ${JSON.stringify(value)}`);
    }
  }
  return found;
}

/** A collection's fields as the built configuration has them. */
function madeFields(name: string): DecapField[] {
  const collection = config.collections.find((candidate) => candidate.name === name)!;
  return 'files' in collection ? collection.files[0]!.fields : collection.fields;
}

describe('the editor holds what the schemas hold', () => {
  it('edits the collections the issue names, in order, and not the city-service records', () => {
    expect(config.collections.map((collection) => collection.label)).toEqual([
      'Business facts',
      'Home page',
      'Projects',
      'Blog posts',
      'Service pages',
      'Prices',
    ]);
    expect(JSON.stringify(config)).not.toMatch(/city-services|data\/cities|services\.json"/);
  });

  it('gives every field of every editable schema its required flag, select, list size, number, date, photo and string rules', () => {
    const problems: string[] = [];
    for (const entry of editor.collections) {
      const collection = collections[entry.collection] as {
        kind: string;
        file?: string;
        dir?: string;
        schema: z.ZodType;
      };
      const schema = jsonSchemaOf(collection.schema);
      const data =
        collection.kind === 'markdown'
          ? frontMatters(collection.dir!)
          : (JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'data', collection.file!), 'utf8')) as unknown);
      const names = entry.fields ?? Object.keys(schema.properties ?? {});
      const fields = new Map(madeFields(entry.collection).map((field) => [field.name, field]));
      const rulesOnlyBuildHolds = new Set(buildOnlyPaths(entry.collection));
      for (const name of names) {
        const made = fields.get(name);
        if (!made) {
          problems.push(`${entry.collection}: no field ${name}`);
          continue;
        }
        problems.push(
          ...disagreements(
            schema.properties![name]!,
            collection.schema,
            made,
            data,
            [name],
            (schema.required ?? []).includes(name),
            rulesOnlyBuildHolds,
          ).map((problem) => `${entry.collection} → ${problem}`),
        );
      }
    }
    expect(problems).toEqual([]);
  });

  it('gives a text of paragraphs a box of several lines, in a file that holds its list under one key too', () => {
    const widgetOf = (collection: string, list: string, name: string) =>
      madeFields(collection)
        .find((field) => field.name === list)!
        .fields!.find((field) => field.name === name)!.widget;
    expect(widgetOf('projects', 'projects', 'description')).toBe('text');
    expect(widgetOf('servicePages', 'pages', 'intro')).toBe('text');
    expect(widgetOf('home', 'testimonials', 'quote')).toBe('text');
    expect(widgetOf('projects', 'projects', 'title')).toBe('string');
  });

  it('names in the README every rule only the build can hold', () => {
    const rules = allBuildOnly();
    expect(rules.length).toBeGreaterThan(0);
    // Named as code (`projects.image`), so a word of the prose that happens to match cannot stand in for it.
    for (const { path: where } of rules) expect(readme, where).toContain(`\`${where.split(' → ')[1]!}\``);
  });

  it('finds a rule the editor drops (proof the walk can fail)', () => {
    const [business] = madeFields('business').filter((field) => field.name === 'phone');
    const schema = jsonSchemaOf(collections.business.schema);
    const loose = { ...business!, pattern: undefined };
    const data = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'data/business.json'), 'utf8')) as unknown;
    expect(
      disagreements(
        schema.properties!.phone!,
        collections.business.schema as z.ZodType,
        loose,
        data,
        ['phone'],
        true,
        new Set(),
      ),
    ).toEqual(expect.arrayContaining([expect.stringMatching(/^phone: the editor accepts/)]));
    expect(
      disagreements(
        schema.properties!.phone!,
        collections.business.schema as z.ZodType,
        { ...business!, required: false },
        data,
        ['phone'],
        true,
        new Set(),
      ),
    ).toEqual(['phone: required is false in the editor, true in the schema']);
  });
});

/** The rules of the site's schemas that Decap cannot hold, as the generator lists them. */
function allBuildOnly(): { path: string; rule: string }[] {
  const env = { editor: { repo: 'owner/site', branch: 'main' } };
  return decapConfig({
    editor: editor as EditorOptions,
    collections,
    data: {},
    dataFolder: 'data',
    siteUrl: 'https://example.com',
    env,
  }).buildOnly;
}
function buildOnlyPaths(collection: string): string[] {
  const file = (collections as Record<string, { file?: string; dir?: string }>)[collection]!;
  const prefix = file.file ?? `${file.dir}/*.md`;
  return allBuildOnly()
    .filter((rule) => rule.path.startsWith(`${prefix} → `))
    .map((rule) => rule.path.slice(prefix.length + 3).replace(/\.\[\]|\[\]/g, ''));
}
