import { mkdir, mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadData } from '../../src/collections/load-data.ts';
import { assertUniqueKey } from '../../src/collections/record-keys.ts';
import type { MarkdownCacheAt } from '../../src/collections/markdown-html.ts';
import { parseJsonFile } from '../../src/collections/read-json.ts';
import { parseMarkdownFile } from '../../src/collections/read-markdown.ts';
import { fieldPath, schemaErrors } from '../../src/collections/zod-issues.ts';
import { SiteError, SiteErrorList } from '../../src/core/errors.ts';
import { defineSite, jsonFolder, markdownFolder, type MarkdownRenderer } from '../../src/core/site-definition.ts';

function thrown(run: () => unknown): SiteError {
  try {
    run();
  } catch (error) {
    if (error instanceof SiteError) return error;
    throw error;
  }
  throw new Error('did not throw');
}

describe('parseJsonFile', () => {
  it('parses valid JSON', () => {
    expect(parseJsonFile('{"a":[1]}', 'data/x.json')).toEqual({ a: [1] });
  });
  it('names the file, line and column of a syntax error', () => {
    const error = thrown(() => parseJsonFile('{\n  "a": 1,\n  "b": }', 'data/x.json'));
    expect(error.code).toBe('DATA_JSON_INVALID');
    expect(error.file).toBe('data/x.json');
    expect(error.message).toMatch(/^data\/x\.json:3:8: /);
  });
});

describe('parseMarkdownFile', () => {
  it('splits front matter from the body', () => {
    expect(parseMarkdownFile('---\ntitle: Hi\ntags: [a, b]\n---\n\n# Body\n', 'p.md')).toEqual({
      frontMatter: { title: 'Hi', tags: ['a', 'b'] },
      body: '# Body',
    });
  });
  it('requires front matter', () => {
    expect(thrown(() => parseMarkdownFile('# No front matter', 'p.md')).code).toBe('DATA_FRONTMATTER_INVALID');
  });
  it('names the line of invalid YAML', () => {
    const error = thrown(() => parseMarkdownFile('---\ntitle: ok\nbad: [\n---\nx', 'p.md'));
    expect(error.code).toBe('DATA_FRONTMATTER_INVALID');
    expect(error.message).toMatch(/^p\.md:\d+: /);
  });
});

describe('zod issues', () => {
  it('formats field paths', () => {
    expect(fieldPath(['services', 2, 'faqs', 0, 'answer'])).toBe('services[2].faqs[0].answer');
    expect(fieldPath([3, 'id'])).toBe('[3].id');
    expect(fieldPath([])).toBe('(root)');
  });

  it('gives a hint per kind of problem', () => {
    const schema = z.strictObject({
      kind: z.enum(['a', 'b']),
      n: z.number().min(1),
      list: z.array(z.string()).length(2),
    });
    const result = schema.safeParse({ kind: 'c', n: 0, list: ['x'], extra: true }, { reportInput: true });
    if (result.success) throw new Error('expected failure');
    const errors = schemaErrors('data/f.json', result.error.issues);
    const byField = Object.fromEntries(errors.map((e) => [e.field, e.hint]));
    expect(byField.kind).toBe('Set "kind" to one of: "a", "b".');
    expect(byField.n).toMatch(/^"n" is too small or too short/);
    expect(byField.list).toMatch(/^"list" is too small or too short/);
    expect(byField.extra).toBe('Remove "extra" or check its spelling; the schema does not know it.');
    expect(errors.every((e) => e.file === 'data/f.json' && e.code === 'DATA_SCHEMA')).toBe(true);
  });
});

describe('assertUniqueKey', () => {
  it('names both records that share a key', () => {
    const error = thrown(() => assertUniqueKey([{ id: 'a' }, { id: 'b' }, { id: 'a' }], 'id', 'data/cities.json'));
    expect(error.code).toBe('DATA_DUPLICATE_KEY');
    expect(error.message).toBe('data/cities.json: [0] and [2] both have id "a".');
    expect(error.field).toBe('[2].id');
  });
});

describe('parseJsonFile where V8 names no position', () => {
  it.each([
    ['{"a": }', '1:7'],
    ['[1,,2]', '1:4'],
    ['{"a": tru}', '1:7'],
    ['[NaN]', '1:2'],
    ['{\n  "a": [\n    1\n  ],\n  "b": }', '5:8'],
    ['', '1:1'],
  ])('places the error in %j at %s', (text, where) => {
    expect(thrown(() => parseJsonFile(text, 'x.json')).message).toMatch(new RegExp(`^x\\.json:${where}: `));
  });
});

describe('jsonFolder', () => {
  const site = (dir: string) =>
    defineSite({
      lang: 'en',
      collections: { cities: jsonFolder(dir, z.strictObject({ name: z.string().min(1) })) },
      siteUrl: () => 'https://example.com',
      siteName: () => 'x',
      styles: [],
    });

  it('reads one record per file in name order, each with its slug and file', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'site-json-folder-'));
    await mkdir(path.join(root, 'data/cities'), { recursive: true });
    await writeFile(path.join(root, 'data/cities/san-jose.json'), '{"name":"San Jose"}');
    await writeFile(path.join(root, 'data/cities/atherton.json'), '{"name":"Atherton"}');
    const data = await loadData(site('cities'), path.join(root, 'data'), root);
    expect(data.cities).toEqual([
      { name: 'Atherton', slug: 'atherton', file: 'data/cities/atherton.json' },
      { name: 'San Jose', slug: 'san-jose', file: 'data/cities/san-jose.json' },
    ]);
  });

  it('reads the files at the top of the folder only, each file name a slug', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'site-json-folder-'));
    await mkdir(path.join(root, 'data/cities/archive'), { recursive: true });
    await writeFile(path.join(root, 'data/cities/atherton.json'), '{"name":"Atherton"}');
    // A file in a subfolder is no record: its name could be another record's slug.
    await writeFile(path.join(root, 'data/cities/archive/atherton.json'), '{"name":"Old Atherton"}');
    await writeFile(path.join(root, 'data/cities/.draft.json'), '{"name":""}');
    const data = await loadData(site('cities'), path.join(root, 'data'), root);
    expect(data.cities).toEqual([{ name: 'Atherton', slug: 'atherton', file: 'data/cities/atherton.json' }]);
  });

  it('refuses a file whose name is no slug', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'site-json-folder-'));
    await mkdir(path.join(root, 'data/cities'), { recursive: true });
    await writeFile(path.join(root, 'data/cities/San Jose.json'), '{"name":"San Jose"}');
    const error = await loadData(site('cities'), path.join(root, 'data'), root).catch((caught: unknown) => caught);
    expect((error as SiteErrorList).errors.map((e) => [e.code, e.file, e.message])).toEqual([
      [
        'DATA_SCHEMA',
        'data/cities/San Jose.json',
        'data/cities/San Jose.json: the file name "San Jose" is not a valid slug.',
      ],
    ]);
  });

  it('reports every bad file by name and field, and an empty folder as missing data', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'site-json-folder-'));
    await mkdir(path.join(root, 'data/cities'), { recursive: true });
    await writeFile(path.join(root, 'data/cities/a.json'), '{"name":""}');
    await writeFile(path.join(root, 'data/cities/b.json'), '{"name":"B",}');
    const error = await loadData(site('cities'), path.join(root, 'data'), root).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SiteErrorList);
    const errors = (error as SiteErrorList).errors;
    expect(errors.map((e) => [e.code, e.file])).toEqual([
      ['DATA_SCHEMA', 'data/cities/a.json'],
      ['DATA_JSON_INVALID', 'data/cities/b.json'],
    ]);
    expect(errors[0]!.field).toBe('name');
    await mkdir(path.join(root, 'data/empty'));
    const empty = await loadData(site('empty'), path.join(root, 'data'), root).catch((caught: unknown) => caught);
    expect((empty as SiteErrorList).errors.map((e) => e.code)).toEqual(['DATA_FILE_MISSING']);
  });
});

describe('markdownFolder with html', () => {
  const postsSite = (html: MarkdownRenderer) =>
    defineSite({
      lang: 'en',
      collections: { posts: markdownFolder('posts', z.strictObject({ title: z.string() }), { html }) },
      siteUrl: () => 'https://example.com',
      siteName: () => 'x',
      styles: [],
    });
  /** A renderer that says which bodies it was asked for. */
  const counting = () => {
    const asked: string[] = [];
    const render: MarkdownRenderer = async (body) => {
      asked.push(body);
      return `<p>${body.replace(/^# /, '')}</p>`;
    };
    return { asked, render };
  };
  const project = async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'site-markdown-html-'));
    await mkdir(path.join(root, 'data/posts'), { recursive: true });
    await writeFile(path.join(root, 'data/posts/first.md'), '---\ntitle: First\n---\n# One');
    await writeFile(path.join(root, 'data/posts/second.md'), '---\ntitle: Second\n---\n# Two');
    const cache: MarkdownCacheAt = { folder: path.join(root, 'cache'), code: '/compiled/abc' };
    return { root, data: path.join(root, 'data'), cache };
  };

  it('gives each record its body as HTML, and renders again only what changed since the last build', async () => {
    const { root, data, cache } = await project();
    const first = counting();
    const loaded = await loadData(postsSite(first.render), data, root, { markdownCache: cache });
    expect(loaded.posts.map((post) => [post.slug, post.body, post.html])).toEqual([
      ['first', '# One', '<p>One</p>'],
      ['second', '# Two', '<p>Two</p>'],
    ]);
    expect(first.asked).toEqual(['# One', '# Two']);

    const second = counting();
    const again = await loadData(postsSite(second.render), data, root, { markdownCache: cache });
    expect(second.asked).toEqual([]);
    expect(again.posts.map((post) => post.html)).toEqual(['<p>One</p>', '<p>Two</p>']);

    await writeFile(path.join(root, 'data/posts/second.md'), '---\ntitle: Second\n---\n# Two, edited');
    const third = counting();
    const edited = await loadData(postsSite(third.render), data, root, { markdownCache: cache });
    expect(third.asked).toEqual(['# Two, edited']);
    expect(edited.posts.map((post) => post.html)).toEqual(['<p>One</p>', '<p>Two, edited</p>']);
  });

  it('renders everything again for other template code, and every time where nothing names the code', async () => {
    const { root, data, cache } = await project();
    await loadData(postsSite(counting().render), data, root, { markdownCache: cache });
    const recompiled = counting();
    await loadData(postsSite(recompiled.render), data, root, { markdownCache: { ...cache, code: '/compiled/def' } });
    expect(recompiled.asked).toEqual(['# One', '# Two']);
    const uncached = counting();
    await loadData(postsSite(uncached.render), data, root);
    await loadData(postsSite(uncached.render), data, root);
    expect(uncached.asked).toEqual(['# One', '# Two', '# One', '# Two']);
  });

  it('reads past a damaged cache record, rendering again', async () => {
    const { root, data, cache } = await project();
    await loadData(postsSite(counting().render), data, root, { markdownCache: cache });
    const [record] = (await readdir(cache.folder)).filter((name) => name.startsWith('record-'));
    await writeFile(path.join(cache.folder, record!), '{"half": ');
    const after = counting();
    const loaded = await loadData(postsSite(after.render), data, root, { markdownCache: cache });
    expect(after.asked).toEqual(['# One', '# Two']);
    expect(loaded.posts.map((post) => post.html)).toEqual(['<p>One</p>', '<p>Two</p>']);
  });

  it('names each file whose Markdown the renderer fails on, and keeps nothing of a failed load', async () => {
    const { root, data, cache } = await project();
    const error = await loadData(
      postsSite((body) => {
        if (body.includes('Two')) throw new Error('unclosed fence');
        // A renderer written without types may hand back anything.
        return 42 as unknown as string;
      }),
      data,
      root,
      { markdownCache: cache },
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SiteErrorList);
    const errors = (error as SiteErrorList).errors;
    expect(errors.map((e) => [e.code, e.file])).toEqual([
      ['DATA_MARKDOWN_FAILED', 'data/posts/first.md'],
      ['DATA_MARKDOWN_FAILED', 'data/posts/second.md'],
    ]);
    expect(errors[0]!.message).toMatch(/not a string of HTML/);
    expect(errors[1]!.message).toMatch(/unclosed fence/);
    expect(await readdir(cache.folder).catch(() => [])).toEqual([]);
  });
});
