import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { frontMatterFormat, jsonFormat } from '../../src/client/editor-formats.ts';
import { parseMarkdownFile } from '../../src/collections/read-markdown.ts';
import { PROJECT_ROOT } from '../helpers/fixture.ts';

// Issue 52: a Publish in the editor changes only what the owner changed. These are the formats the editor's own
// script registers with Decap (src/client/editor-init.ts), run here on the site's real files.

const DATA = path.join(PROJECT_ROOT, 'data');
/** The JSON files the editor edits (templates/editor.ts). */
const JSON_FILES = ['business.json', 'home.json', 'projects.json', 'service-pages.json', 'site.json'];
const POSTS = readdirSync(path.join(DATA, 'blog')).filter((name) => name.endsWith('.md'));

/** The lines that differ between two texts of the same number of lines, or every line when the counts differ. */
function changedLines(before: string, after: string): string[] {
  const [a, b] = [before.split('\n'), after.split('\n')];
  if (a.length !== b.length) return [`${a.length} lines became ${b.length}`];
  return a.flatMap((line, index) => (line === b[index] ? [] : [`${index + 1}: ${line} → ${b[index]}`]));
}

/**
 * What Decap does to an entry's data before it writes it: it keeps it in Immutable.js maps, and a map of more than 8
 * keys comes back in hash order. Reversing every object's keys is a reorder as thorough as any.
 */
function reordered(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reordered);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .reverse()
      .map((key) => [key, reordered((value as Record<string, unknown>)[key])]),
  );
}

/** Sets a value at a path of keys and indexes, in a copy. */
function withValue(value: unknown, at: readonly (string | number)[], next: unknown): unknown {
  if (at.length === 0) return next;
  const [head, ...rest] = at as [string | number, ...(string | number)[]];
  if (Array.isArray(value)) return value.map((item, index) => (index === head ? withValue(item, rest, next) : item));
  return {
    ...(value as Record<string, unknown>),
    [head]: withValue((value as Record<string, unknown>)[head], rest, next),
  };
}

describe('the JSON format the editor writes with', () => {
  it.each(JSON_FILES)(
    'writes %s back byte for byte when nothing changed, whatever order Decap holds its keys in',
    (name) => {
      const text = readFileSync(path.join(DATA, name), 'utf8');
      const format = jsonFormat();
      const data = format.fromFile(text);
      expect(format.toFile(reordered(data) as Record<string, unknown>)).toBe(text);
    },
  );

  it.each([
    ['business.json', ['phone'], '(408) 744-2210'],
    ['home.json', ['testimonials', 1, 'quote'], 'They finished the kitchen in the weeks they said.'],
    ['projects.json', ['projects', 3, 'summary'], 'A kitchen opened to the dining room.'],
    ['service-pages.json', ['pages', 2, 'faqs', 0, 'answer'], 'Your lot usually decides.'],
    ['site.json', ['prices', 'adu', 'highPerSqFt'], 650],
  ] as const)('changes one line of %s for one field edited', (name, at, next) => {
    const text = readFileSync(path.join(DATA, name), 'utf8');
    const format = jsonFormat();
    const edited = withValue(reordered(format.fromFile(text)), at, next) as Record<string, unknown>;
    expect(changedLines(text, format.toFile(edited))).toHaveLength(1);
  });

  it('keeps each list item in the order of its kind, and puts a key the file never had after the known ones', () => {
    const format = jsonFormat();
    format.fromFile(
      '{\n  "projects": [\n    {\n      "id": 1,\n      "title": "A",\n      "image": "x"\n    }\n  ]\n}\n',
    );
    const written = format.toFile({ projects: [{ image: 'y', photos: [], title: 'B', id: 2 }] });
    expect(written).toBe(
      '{\n  "projects": [\n    {\n      "id": 2,\n      "title": "B",\n      "image": "y",\n      "photos": []\n    }\n  ]\n}\n',
    );
  });

  it("writes Decap's order when it read no file like the entry (proof the order is restored, not kept by chance)", () => {
    const text = readFileSync(path.join(DATA, 'business.json'), 'utf8');
    const data = jsonFormat().fromFile(text);
    expect(jsonFormat().toFile(reordered(data) as Record<string, unknown>)).not.toBe(text);
  });
});

describe('the front-matter format the editor writes posts with', () => {
  it.each(POSTS)('writes %s back byte for byte when nothing changed', (name) => {
    const text = readFileSync(path.join(DATA, 'blog', name), 'utf8');
    const format = frontMatterFormat(parse);
    expect(format.toFile(reordered(format.fromFile(text)) as Record<string, unknown>)).toBe(text);
  });

  it.each(POSTS)(
    'changes one line of %s for an edited excerpt, and the site still reads every field the same',
    (name) => {
      const file = path.join(DATA, 'blog', name);
      const text = readFileSync(file, 'utf8');
      const format = frontMatterFormat(parse);
      const data = format.fromFile(text);
      const excerpt = `${String(data.excerpt)} Updated: 50% more detail, "quoted" words and a colon: here.`;
      const written = format.toFile({ ...data, excerpt });
      expect(changedLines(text, written)).toHaveLength(1);
      const before = parseMarkdownFile(text, file) as { frontMatter: Record<string, unknown>; body: string };
      const after = parseMarkdownFile(written, file) as { frontMatter: Record<string, unknown>; body: string };
      expect(after.frontMatter).toEqual({ ...before.frontMatter, excerpt });
      // The date stays the string the schema reads (YAML would turn an unquoted 2025-10-07 into a date of its own).
      expect(typeof after.frontMatter.date).toBe('string');
      expect(after.body).toBe(before.body);
    },
  );

  it('changes only the typed line of a body edited in raw mode', () => {
    const text = readFileSync(path.join(DATA, 'blog', POSTS[0]!), 'utf8');
    const format = frontMatterFormat(parse);
    const data = format.fromFile(text);
    const body = String(data.body).replace(/\n## /, '\nA sentence typed before the heading.\n\n## ');
    const written = format.toFile({ ...data, body });
    expect(written.split('\n').length).toBe(text.split('\n').length + 2);
    expect(written.replace('A sentence typed before the heading.\n\n', '')).toBe(text);
  });

  it('writes a new post with every field double-quoted, a blank line and a final newline', () => {
    const format = frontMatterFormat(parse);
    const written = format.toFile({
      title: 'Decks: what a permit needs',
      date: '2026-12-01',
      readTime: '3 min read',
      body: 'First paragraph.',
    });
    expect(written).toBe(
      '---\ntitle: "Decks: what a permit needs"\ndate: "2026-12-01"\nreadTime: "3 min read"\n---\n\nFirst paragraph.\n',
    );
    expect(parseMarkdownFile(written, 'new.md').frontMatter).toEqual({
      title: 'Decks: what a permit needs',
      date: '2026-12-01',
      readTime: '3 min read',
    });
  });
});
