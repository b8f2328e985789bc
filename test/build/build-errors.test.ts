import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { build, SiteError, siteErrorsOf } from '../helpers/engine.ts';
import { copyFixture, testEnv } from '../helpers/fixture.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function fixture() {
  const copy = await copyFixture('basic');
  cleanups.push(copy.remove);
  return copy.root;
}

/** Builds in memory and returns the SiteErrors it failed with (fails the test if it succeeded). */
async function buildErrors(root: string): Promise<SiteError[]> {
  try {
    await build({ root, write: false, env: testEnv() });
  } catch (error) {
    const errors = siteErrorsOf(error);
    if (!errors) throw error;
    return errors;
  }
  throw new Error('the build succeeded but should have failed');
}

describe('data errors name the file, the field and the fix', () => {
  it('reports invalid JSON with its line and column', async () => {
    const root = await fixture();
    await writeFile(path.join(root, 'data/site.json'), '{\n  "name": "x",\n  "url": "https://a.example",\n}\n');
    const [error] = await buildErrors(root);
    expect(error?.code).toBe('DATA_JSON_INVALID');
    expect(error?.file).toBe('data/site.json');
    expect(error?.message).toMatch(/^data\/site\.json:4:1: /);
  });

  it('reports a missing field and a mistyped field together', async () => {
    const root = await fixture();
    await writeFile(
      path.join(root, 'data/site.json'),
      JSON.stringify({ url: 'https://a.example', tags: [{ id: 'one', label: 7 }] }),
    );
    const errors = await buildErrors(root);
    expect(errors.map((e) => [e.code, e.file, e.field])).toEqual([
      ['DATA_SCHEMA', 'data/site.json', 'name'],
      ['DATA_SCHEMA', 'data/site.json', 'tags[0].label'],
    ]);
    expect(errors[0]?.hint).toBe('Add the field "name" (a string).');
    expect(errors[1]?.hint).toBe('Change "tags[0].label" to a string.');
  });

  it('reports an unknown field as a probable typo', async () => {
    const root = await fixture();
    const file = path.join(root, 'data/site.json');
    const data = JSON.parse(await readFile(file, 'utf8'));
    await writeFile(file, JSON.stringify({ ...data, nmae: 'typo' }));
    const [error] = await buildErrors(root);
    expect(error?.field).toBe('nmae');
    expect(error?.hint).toContain('check its spelling');
  });

  it('reports bad Markdown front matter with the file', async () => {
    const root = await fixture();
    await writeFile(path.join(root, 'data/posts/broken.md'), '---\ntitle: [unclosed\n---\nBody\n');
    await writeFile(path.join(root, 'data/posts/undated.md'), '---\ntitle: Undated\n---\nBody\n');
    const errors = await buildErrors(root);
    expect(errors.map((e) => [e.code, e.file, e.field])).toEqual([
      ['DATA_FRONTMATTER_INVALID', 'data/posts/broken.md', undefined],
      ['DATA_SCHEMA', 'data/posts/undated.md', 'date'],
    ]);
  });

  it('reports a missing data file', async () => {
    const root = await fixture();
    await writeFile(path.join(root, 'data/site.json.bak'), '');
    const { rm } = await import('node:fs/promises');
    await rm(path.join(root, 'data/site.json'));
    const [error] = await buildErrors(root);
    expect(error?.code).toBe('DATA_FILE_MISSING');
    expect(error?.file).toBe('data/site.json');
  });

  it("runs the site's cross-record check", async () => {
    const root = await fixture();
    const file = path.join(root, 'data/site.json');
    const data = JSON.parse(await readFile(file, 'utf8'));
    await writeFile(file, JSON.stringify({ ...data, tags: [{ id: 'forbidden', label: 'No' }] }));
    const [error] = await buildErrors(root);
    expect(error?.code).toBe('DATA_CHECK');
    expect(error?.field).toBe('tags');
  });
});

describe('route, island and output errors', () => {
  it('names every page that would write the same file', async () => {
    const root = await fixture();
    await mkdir(path.join(root, 'templates/pages/islands'));
    await writeFile(
      path.join(root, 'templates/pages/islands/index.tsx'),
      "export const meta = () => ({ title: 't', description: 'd' });\nexport default function P() { return null; }\n",
    );
    const [error] = await buildErrors(root);
    expect(error?.code).toBe('ROUTE_DUPLICATE_OUTPUT');
    expect(error?.message).toBe(
      'islands.html would be written by templates/pages/islands.tsx and by templates/pages/islands/index.tsx.',
    );
  });

  it('rejects a param that is not a lowercase slug', async () => {
    const root = await fixture();
    await writeFile(path.join(root, 'data/posts/Upper-Case.md'), '---\ntitle: Upper\ndate: "2025-01-01"\n---\nBody\n');
    const [error] = await buildErrors(root);
    expect(error?.code).toBe('DATA_SCHEMA');
    expect(error?.file).toBe('data/posts/Upper-Case.md');
  });

  it('fails the build naming the island whose props JSON cannot carry', async () => {
    const root = await fixture();
    const file = path.join(root, 'templates/pages/toggle.tsx');
    const source = await readFile(file, 'utf8');
    await writeFile(file, source.replace("items: ['a', 'b']", "items: ['a', 'b'], onOpen: () => {}"));
    const [error] = await buildErrors(root);
    expect(error?.code).toBe('ISLAND_PROPS_UNSERIALIZABLE');
    expect(error?.message).toBe('Island "toggle": props.onOpen is a function, which JSON cannot carry.');
    expect(error?.file).toBe('templates/islands/toggle.tsx');
  });

  it('rejects a component used as an island that is not in the islands folder', async () => {
    const root = await fixture();
    const file = path.join(root, 'templates/pages/toggle.tsx');
    const source = await readFile(file, 'utf8');
    await writeFile(
      file,
      source.replace(
        "import Toggle from '../islands/toggle.tsx';",
        'function Toggle(_: { label: string; items: string[] }) { return null; }',
      ),
    );
    const [error] = await buildErrors(root);
    expect(error?.code).toBe('ISLAND_UNKNOWN');
  });

  it('names both sides when a public file collides with a page', async () => {
    const root = await fixture();
    await writeFile(path.join(root, 'public/toggle.html'), '<p>shadow</p>');
    const [error] = await buildErrors(root);
    expect(error?.code).toBe('PUBLIC_COLLISION');
    expect(error?.message).toBe('public/toggle.html and the page templates/pages/toggle.tsx both write toggle.html.');
  });

  it('wraps a render error with the route and the page file', async () => {
    const root = await fixture();
    await writeFile(
      path.join(root, 'templates/pages/broken.tsx'),
      "export const meta = () => ({ title: 't', description: 'd' });\nexport default function P(): never { throw new Error('kaboom'); }\n",
    );
    const [error] = await buildErrors(root);
    expect(error?.code).toBe('RENDER_FAILED');
    expect(error?.message).toBe('/broken (templates/pages/broken.tsx) failed to render: kaboom');
  });
});
