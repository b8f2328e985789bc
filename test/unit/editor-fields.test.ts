import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { siteErrorsOf } from '../../src/core/errors.ts';
import { jsonFile, markdownFolder } from '../../src/core/site-definition.ts';
import { decapConfig } from '../../src/editor/decap-config.ts';
import { type FieldContext, fieldsOf, labelOf, patternOf } from '../../src/editor/decap-fields.ts';
import { jsonSchemaOf } from '../../src/editor/json-schema.ts';

// Issue 52: the editor's fields come from the site's zod schemas (through zod's JSON Schema), with every constraint
// Decap can check. These tests pin the generator on small schemas; test/site/editor-config.test.ts runs the site's.

function context(values: Record<string, unknown[]> = {}): FieldContext {
  return { presentation: {}, valuesAt: (path) => values[path] ?? [], buildOnly: [], where: 'the test collection' };
}

/** What Decap does with a field's pattern: a non-empty value must match it (an empty one is the required check's). */
function decapAccepts(pattern: [string, string] | undefined, value: string): boolean {
  return value === '' || pattern === undefined || new RegExp(pattern[0]).test(value);
}

describe('a field from a schema', () => {
  it('makes an object of selects, numbers, dates, lists of a fixed size, images and texts, required unless optional', () => {
    const schema = z.strictObject({
      category: z.enum(['ADU', 'Kitchen Remodel']),
      year: z.number().int().positive(),
      date: z.iso.date(),
      quotes: z.array(z.strictObject({ quote: z.string().min(1), author: z.string().min(2) })).length(3),
      photo: z.string().meta({ widget: 'image' }),
      story: z.string(),
      note: z.string().optional(),
      lines: z.array(z.string().min(1)).min(1),
    });
    const fields = fieldsOf(jsonSchemaOf(schema), context({ story: ['A long story. '.repeat(10)] }));
    const byName = Object.fromEntries(fields.map((field) => [field.name, field]));
    expect(byName.category).toMatchObject({ widget: 'select', options: ['ADU', 'Kitchen Remodel'] });
    expect(byName.year).toMatchObject({ widget: 'number', value_type: 'int', min: 1 });
    expect(byName.year).not.toHaveProperty('max');
    expect(byName.date).toMatchObject({ widget: 'datetime', format: 'YYYY-MM-DD', time_format: false });
    expect(byName.quotes).toMatchObject({ widget: 'list', min: 3, max: 3, summary: '{{fields.quote}}' });
    expect(byName.quotes!.fields!.map((field) => field.name)).toEqual(['quote', 'author']);
    expect(byName.photo).toMatchObject({ widget: 'image', choose_url: true });
    expect(byName.story).toMatchObject({ widget: 'text' });
    expect(byName.note).toMatchObject({ widget: 'string', required: false });
    expect(byName.lines).toMatchObject({ widget: 'list', min: 1, field: { name: 'lines', widget: 'string' } });
    for (const name of ['category', 'year', 'date', 'quotes', 'photo', 'story', 'lines']) {
      expect(byName[name], name).not.toHaveProperty('required');
    }
  });

  it('holds every length and regex of a string in one pattern, each message said once', () => {
    const schema = z
      .string()
      .trim()
      .min(2)
      .max(12)
      .regex(/^[A-Z]/, 'starts with a capital')
      .regex(/^(?![\s\S]*\$\s?\d)/, 'no price');
    const pattern = patternOf(jsonSchemaOf(schema));
    expect(pattern?.[1]).toBe('2 to 12 characters; starts with a capital; no price');
    for (const value of ['Hartwell', 'Ab', 'A $ sign', 'Twelve chars']) {
      expect(decapAccepts(pattern, value), value).toBe(true);
    }
    for (const value of ['hartwell', 'A', 'A very long name', 'Costs $450', '  ', 'A\n\n$5']) {
      expect(decapAccepts(pattern, value), value).toBe(false);
    }
  });

  it('refuses in the editor exactly what zod refuses, for the regexes the site uses (anchored or not)', () => {
    const schemas = [
      z.string().regex(/^\(\d{3}\) \d{3}-\d{4}$/),
      z.string().regex(/\d/),
      z.string().regex(/^\d{4}$/),
      z.email(),
    ];
    const values = ['(408) 555-0142', '408-555-0142', 'x9', '2026', '20266', 'a@b.co', 'a@b', '(408) 555-0142 ', ''];
    for (const schema of schemas) {
      const pattern = patternOf(jsonSchemaOf(schema));
      for (const value of values.filter(Boolean)) {
        expect(decapAccepts(pattern, value), `${pattern?.[0]} ${value}`).toBe(schema.safeParse(value).success);
      }
    }
  });

  it('names a label after its field', () => {
    expect(labelOf('licenseLine')).toBe('License line');
    expect(labelOf('imageAlt')).toBe('Image alt');
    expect(labelOf('postalCode')).toBe('Postal code');
  });
});

describe('what the generator refuses', () => {
  it('names a field of two shapes, which Decap has no widget for', () => {
    const schema = z.strictObject({
      figures: z.array(
        z.union([
          z.strictObject({ label: z.string(), value: z.string() }),
          z.strictObject({ label: z.string(), price: z.string() }),
        ]),
      ),
    });
    let error: unknown;
    try {
      fieldsOf(jsonSchemaOf(schema), context());
    } catch (caught) {
      error = caught;
    }
    expect(siteErrorsOf(error)?.[0]).toMatchObject({ code: 'EDITOR_INVALID', field: 'figures' });
  });

  it('refuses a file that holds a list at the top, which Decap shows no entries for, and says how to hold it', () => {
    const run = () =>
      decapConfig({
        editor: {
          path: '/admin',
          media: { folder: 'images', extensions: ['jpg'], hint: 'JPEG' },
          gitHost: { api: [], images: [] },
          collections: [{ collection: 'projects', label: 'Projects' }],
        },
        collections: { projects: jsonFile('projects.json', z.array(z.strictObject({ id: z.number() }))) },
        data: { projects: [] },
        dataFolder: 'data',
        siteUrl: 'https://example.com',
        env: {},
      });
    expect(run).toThrow(/holds a list at the top/);
  });

  it("keeps a refinement as a rule only the build holds, and makes a post's body a raw Markdown field", () => {
    const post = z.strictObject({ title: z.string().refine((value) => value !== 'Untitled', 'a title of its own') });
    const { config, buildOnly } = decapConfig({
      editor: {
        path: '/admin',
        media: { folder: 'images', extensions: ['jpg'], hint: 'JPEG' },
        gitHost: { api: [], images: [] },
        collections: [{ collection: 'posts', label: 'Posts' }],
      },
      collections: { posts: markdownFolder('blog', post) },
      data: { posts: [] },
      dataFolder: 'data',
      siteUrl: 'https://example.com',
      env: {},
    });
    expect(buildOnly).toEqual([{ path: 'blog/*.md → title', rule: 'a title of its own' }]);
    const collection = config.collections[0]!;
    expect(collection).toMatchObject({
      folder: 'data/blog',
      extension: 'md',
      format: 'frontmatter-stable',
      create: true,
    });
    expect('fields' in collection && collection.fields.at(-1)).toEqual({
      name: 'body',
      label: 'Body',
      widget: 'markdown',
      modes: ['raw'],
    });
  });
});
