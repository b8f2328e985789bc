import { mkdir, readFile, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { figuresFile, keepFigures, readFigures } from '../../src/check/html-figures.ts';
import type { PageFacts } from '../../src/check/page-check.ts';
import { sha256 } from '../../src/core/cache.ts';
import { pageLoop, type CheckedDocument, type PageSetup, type PageSink } from '../../src/pages/page-loop.ts';
import type { Route } from '../../src/routes/find-routes.ts';
import { emptyFoldersPerTest } from '../helpers/temp-dirs.ts';

const folder = emptyFoldersPerTest('html-figures');

/** Dates a file as last written an hour ago: long enough to tell a rewrite, not so long the cache removes it. */
async function makeOld(file: string): Promise<number> {
  const hourAgo = (Date.now() - 60 * 60 * 1000) / 1000;
  await utimes(file, hourAgo, hourAgo);
  return (await stat(file)).mtimeMs;
}

describe('the HTML budget figures kept between builds', () => {
  it('are kept in the cache of the nearest node_modules, one record a project and data folder', async () => {
    const dir = await folder();
    await mkdir(path.join(dir, 'node_modules'));
    const site = path.join(dir, 'site');
    const file = figuresFile(site, path.join(site, 'data'));
    expect(path.dirname(file)).toBe(path.join(dir, 'node_modules', '.cache', 'site', 'html-figures'));
    expect(figuresFile(site, path.join(site, 'data'))).toBe(file);
    expect(figuresFile(path.join(dir, 'other'), path.join(site, 'data'))).not.toBe(file);
    // A build of other data keeps its own figures, and leaves the site's for its next build.
    expect(figuresFile(site, path.join(dir, 'more-data'))).not.toBe(file);
    expect(path.dirname(figuresFile(path.join(dir, 'other'), path.join(site, 'data')))).toBe(path.dirname(file));
  });

  it('read back as they were kept', async () => {
    const file = path.join(await folder(), 'cache', 'figures.json');
    const figures = { [sha256('<p>a</p>')]: 1234, [sha256('<p>b</p>')]: 567 };
    await keepFigures(file, figures, {});
    expect(await readFigures(file)).toEqual(figures);
    // This build's figures and no others: a page gone since is forgotten.
    await keepFigures(file, { [sha256('<p>b</p>')]: 567 }, figures);
    expect(await readFigures(file)).toEqual({ [sha256('<p>b</p>')]: 567 });
  });

  it('are not written again when they are the ones kept already, and are when any differs', async () => {
    const file = path.join(await folder(), 'figures.json');
    const figures = { a: 1, b: 2 };
    await keepFigures(file, figures, {});
    const before = await readFigures(file);
    const old = await makeOld(file);
    // Alike, in another object and another order.
    await keepFigures(file, { b: 2, a: 1 }, before);
    expect((await stat(file)).mtimeMs).toBe(old);
    expect(await readFigures(file)).toEqual(figures);
    const changes: Array<Record<string, number>> = [{ a: 1, b: 3 }, { a: 1 }, { a: 1, c: 2 }, { a: 1, b: 2, c: 3 }];
    for (const changed of changes) {
      const kept = await readFigures(file);
      const when = await makeOld(file);
      await keepFigures(file, changed, kept);
      expect((await stat(file)).mtimeMs, JSON.stringify(changed)).not.toBe(when);
      expect(await readFigures(file)).toEqual(changed);
    }
  });

  it('are none when there is no record or it cannot be read as figures', async () => {
    const dir = await folder();
    expect(await readFigures(path.join(dir, 'missing.json'))).toEqual({});
    const file = path.join(dir, 'figures.json');
    for (const damaged of ['{"half', '', '[1, 2]', 'null', '42', '"text"']) {
      await writeFile(file, damaged);
      expect(await readFigures(file), damaged).toEqual({});
    }
  });
});

describe('pageLoop', () => {
  const facts = (digest: string, htmlGzip: number | undefined): PageFacts => ({
    ids: [],
    arrived: 0,
    blockedInline: [],
    renderBlockingScripts: [],
    htmlGzip,
    leaksSecret: false,
    size: 10,
    digest,
  });
  /** The setup of a build whose last build kept `figures`. */
  const setup = (figures: PageSetup['check']['figures']): PageSetup => ({
    render: {
      assets: { styles: [], fonts: [], runtime: undefined, islands: {}, scripts: {}, outputs: {} },
      shell: { lang: 'en', siteName: 'Acme', siteUrl: 'https://site.example', headMeta: [], fontPreloads: [] },
    },
    check: {
      origin: 'https://site.example',
      secrets: [],
      pagePaths: ['/', '/a', '/b'],
      knownFiles: [],
      budgets: {},
      figures,
    },
    output: undefined,
  });
  const routes = ['/', '/a', '/b'].map((path) => ({ path, pageFile: 'p.tsx', outputFile: `${path}.html` }));

  /**
   * A build of three pages whose checks find `found` (digest and figure by page), handed back backwards once every
   * page is taken, as a worker may; it notes the figures its sink was opened with.
   */
  async function buildWith(found: Array<[string, number | undefined]>, figuresAt: string, onBuilt = () => {}) {
    const given: Array<PageSetup['check']['figures']> = [];
    const taken: number[] = [];
    let receive: (checked: CheckedDocument) => void = () => undefined;
    const sink: PageSink = {
      open(opened, onChecked) {
        given.push(opened.check.figures);
        receive = onChecked;
      },
      take({ index }) {
        taken.push(index);
        return undefined;
      },
      async drain() {
        for (const index of [...taken].reverse()) {
          receive({ index, check: { facts: facts(...found[index]!), links: [], media: [] }, document: undefined });
        }
      },
      async close() {},
    };
    const source = {
      render: (_route: unknown, index: number) => ({ index, meta: {}, islands: { all: [], eager: [] }, html: '' }),
    };
    const found3 = { pages: routes as unknown as Route[], renderOrder: [0, 1, 2], endpoints: [] };
    const site = await pageLoop(found3, setup(await readFigures(figuresAt)), { source, sink, figuresAt, onBuilt });
    return { site, given };
  }

  it('opens the sink with the last build’s figures and keeps this build’s for the next, those of budgeted pages only', async () => {
    const figuresAt = path.join(await folder(), 'figures.json');
    let built = 0;
    const first = await buildWith(
      [
        ['d0', 500],
        ['d1', undefined],
        ['d2', 700],
      ],
      figuresAt,
      () => built++,
    );
    expect(first.given).toEqual([{}]);
    expect(first.site.pages.map((page) => [page.index, page.facts.htmlGzip])).toEqual([
      [0, 500],
      [1, undefined],
      [2, 700],
    ]);
    expect(built).toBe(3);
    expect(await readFigures(figuresAt)).toEqual({ d0: 500, d2: 700 });

    // The next build is given them; unchanged, the record is not written again.
    const old = await makeOld(figuresAt);
    const second = await buildWith(
      [
        ['d0', 500],
        ['d1', undefined],
        ['d2', 700],
      ],
      figuresAt,
    );
    expect(second.given).toEqual([{ d0: 500, d2: 700 }]);
    expect((await stat(figuresAt)).mtimeMs).toBe(old);

    // A changed document replaces its old figure.
    await buildWith(
      [
        ['d0', 500],
        ['d1', undefined],
        ['d2-new', 710],
      ],
      figuresAt,
    );
    expect(JSON.parse(await readFile(figuresAt, 'utf8'))).toEqual({ d0: 500, 'd2-new': 710 });
  });
});
