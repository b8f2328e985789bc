// `site serve --watch` builds again on every save with a PageMemory: only the pages whose inputs changed render
// again, the rest are taken from the last output, and the output is the very one a whole build makes.
import { cp, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, PageMemory } from '../helpers/engine.ts';
import { copyFixture, PROJECT_ROOT, tempDir, testEnv } from '../helpers/fixture.ts';
import { snapshot } from '../helpers/folder-snapshot.ts';

const removals: Array<() => Promise<void>> = [];
afterAll(async () => {
  while (removals.length) await removals.pop()!();
});

async function folder(label: string): Promise<string> {
  const made = await tempDir(label);
  removals.push(made.remove);
  return made.dir;
}

async function edit(file: string, change: (text: string) => string): Promise<void> {
  await writeFile(file, change(await readFile(file, 'utf8')));
}

describe('a watch session’s builds of the real site', () => {
  let data: string;
  let out: string;
  const memory = new PageMemory();
  const again = async () => (await build({ root: PROJECT_ROOT, data, out, env: testEnv() }, memory)).report;
  /** The same data built whole, with no memory, into a folder of its own. */
  const whole = async () => {
    const dir = await folder('memory-whole');
    await build({ root: PROJECT_ROOT, data, out: dir, env: testEnv() });
    return snapshot(dir);
  };

  beforeAll(async () => {
    data = await folder('memory-data');
    out = await folder('memory-out');
    await cp(path.join(PROJECT_ROOT, 'data'), data, { recursive: true });
  });

  it('renders every page the first time, and none when nothing changed', async () => {
    const first = await again();
    expect(first.pages).toBeGreaterThan(100);
    expect(first.remembered).toBe(0);
    const second = await again();
    expect(second.remembered).toBe(first.pages);
    expect(await snapshot(out)).toEqual(await whole());
  });

  it('renders again only the pages that read the posts when a post is saved, and writes what a whole build writes', async () => {
    await edit(path.join(data, 'blog/adu-planning-guide.md'), (text) => `${text}\nA paragraph added in the editor.\n`);
    const report = await again();
    const rendered = report.pages - report.remembered!;
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThan(report.pages / 3);
    expect(await readFile(path.join(out, 'blog/adu-planning-guide.html'), 'utf8')).toContain(
      'A paragraph added in the editor.',
    );
    expect(await snapshot(out)).toEqual(await whole());
  });

  it('renders again only the pages that asked for a record of an on-demand folder when that record is saved', async () => {
    const [file] = (await readdir(path.join(data, 'city-services'))).filter((name) => name.endsWith('.json')).sort();
    // The local answer has no length bound, so the saved record stays valid whatever the content team wrote.
    await edit(path.join(data, 'city-services', file!), (text) => {
      const record = JSON.parse(text) as { pairs: Array<{ localFaq: { answer: string } }> };
      record.pairs[0]!.localFaq.answer += ' Saved from the editor.';
      return `${JSON.stringify(record, null, 2)}\n`;
    });
    const report = await again();
    expect(report.pages - report.remembered!).toBeGreaterThan(0);
    expect(report.pages - report.remembered!).toBeLessThanOrEqual(12);
    const written = await readdir(out, { recursive: true });
    const pages = await Promise.all(
      written.filter((name) => name.endsWith('.html')).map((name) => readFile(path.join(out, name), 'utf8')),
    );
    expect(pages.filter((html) => html.includes('Saved from the editor.'))).toHaveLength(1);
    expect(await snapshot(out)).toEqual(await whole());
  });

  it('renders every page again when the phone changes: it is in every head and every footer', async () => {
    // Every page's head reads business.json (the JSON-LD), so this cannot tell whether the footer's markup, taken from
    // the <RenderOnce> cache, was followed to the record: the shared-markup test below, on pages that read the data
    // only through shared markup, does.
    const file = path.join(data, 'business.json');
    const { phone } = JSON.parse(await readFile(file, 'utf8')) as { phone: string };
    await edit(file, (text) => text.replace(JSON.stringify(phone), JSON.stringify('(408) 744-2210')));
    const report = await again();
    expect(report.remembered).toBe(0);
    expect(await readFile(path.join(out, 'about.html'), 'utf8')).toContain('(408) 744-2210');
    expect(await snapshot(out)).toEqual(await whole());
  });

  it('renders every page again when the site-wide facts change (the business name is in every head)', async () => {
    const file = path.join(data, 'business.json');
    const { name } = JSON.parse(await readFile(file, 'utf8')) as { name: string };
    await edit(file, (text) => text.replace(JSON.stringify(name), JSON.stringify(`${name} Co.`)));
    const report = await again();
    expect(report.remembered).toBe(0);
    expect(await snapshot(out)).toEqual(await whole());
  });
});

describe('a watch session’s builds of pages that share markup', () => {
  it('renders again a page whose shared markup, taken from the markup cache, read a record that changed', async () => {
    const site = await copyFixture('basic');
    removals.push(site.remove);
    // Two pages that read the data only inside <RenderOnce>: the second takes the first one's markup.
    const page = (name: string) =>
      [
        "import { RenderOnce, type PageContext } from '../../../../../src/index.ts';",
        "import type { FixtureData } from '../site.config.ts';",
        'function Tags({ data }: { data: FixtureData }) {',
        '  return <>{data.site.tags.map((tag) => <span key={tag.id}>{tag.label}</span>)}</>;',
        '}',
        `export const meta = () => ({ title: 'Tags ${name}', description: 'The tags.' });`,
        'export default function Page({ data }: PageContext<FixtureData>) {',
        '  return <main><RenderOnce as="p" cacheKey="tags"><Tags data={data} /></RenderOnce></main>;',
        '}',
        '',
      ].join('\n');
    for (const name of ['a', 'b']) {
      await writeFile(path.join(site.root, 'templates/pages', `tags-${name}.tsx`), page(name));
    }
    const out = await folder('memory-shared');
    const memory = new PageMemory();
    const options = { root: site.root, out, env: testEnv({ SITE_ADMIN_PASSWORD: 'correct horse battery staple' }) };
    await build(options, memory);
    await edit(path.join(site.root, 'data/site.json'), (text) => text.replace('"One"', '"Renamed"'));
    await build(options, memory);
    for (const name of ['a', 'b']) {
      expect(await readFile(path.join(out, `tags-${name}.html`), 'utf8')).toContain('<span>Renamed</span>');
    }
  });
});

describe('a watch session’s builds when a template changes', () => {
  it('renders every page again', async () => {
    const site = await copyFixture('basic');
    removals.push(site.remove);
    const out = await folder('memory-template');
    const memory = new PageMemory();
    const options = { root: site.root, out, env: testEnv({ SITE_ADMIN_PASSWORD: 'correct horse battery staple' }) };
    await build(options, memory);
    expect((await build(options, memory)).report.remembered).toBe(9);
    const [page] = (await readdir(path.join(site.root, 'templates/pages')))
      .filter((name) => name.endsWith('.tsx'))
      .sort();
    await edit(path.join(site.root, 'templates/pages', page!), (text) => `${text}\nexport const savedAgain = 1;\n`);
    expect((await build(options, memory)).report.remembered).toBe(0);
  });
});
