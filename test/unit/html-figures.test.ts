import { mkdir, readFile, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { figuresFile, keepFigures, readFigures } from '../../src/check/html-figures.ts';
import type { PageFindings } from '../../src/check/page-check.ts';
import { sha256 } from '../../src/core/cache.ts';
import { buildPages } from '../../src/pages/build-pages.ts';
import type { PageSetup } from '../../src/pages/check-document.ts';
import type { BuiltPage, PageBuilder } from '../../src/pages/page-builder.ts';
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

describe('buildPages', () => {
  const findings = (htmlGzip: number | undefined): PageFindings => ({
    ids: [],
    arrived: 0,
    deferred: [],
    media: [],
    blockedInline: [],
    renderBlockingScripts: [],
    htmlGzip,
    leaksSecret: false,
  });
  const page = (index: number, digest: string, htmlGzip: number | undefined): BuiltPage => ({
    index,
    meta: {},
    islands: { all: [], eager: [] },
    findings: findings(htmlGzip),
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

  /** A builder that builds `pages` (backwards, as a thread may) and notes the figures it was given. */
  function builder(pages: BuiltPage[]) {
    const given: Array<PageSetup['check']['figures']> = [];
    const fake: PageBuilder = {
      async build(building, onPage) {
        given.push(building.check.figures);
        for (const built of [...pages].reverse()) onPage(built, undefined);
      },
      async close() {},
    };
    return { fake, given };
  }

  it('hands the builder the last build’s figures and keeps this build’s for the next, those of budgeted pages only', async () => {
    const figuresAt = path.join(await folder(), 'figures.json');
    const first = builder([page(0, 'd0', 500), page(1, 'd1', undefined), page(2, 'd2', 700)]);
    let built = 0;
    const site = await buildPages(first.fake, setup(await readFigures(figuresAt)), {
      pageCount: 3,
      figuresAt,
      onBuilt: () => built++,
    });
    expect(first.given).toEqual([{}]);
    expect(site.pages.map((page) => [page.index, page.findings.htmlGzip])).toEqual([
      [0, 500],
      [1, undefined],
      [2, 700],
    ]);
    expect(built).toBe(3);
    expect(await readFigures(figuresAt)).toEqual({ d0: 500, d2: 700 });

    // The next build is given them; unchanged, the record is not written again.
    const old = await makeOld(figuresAt);
    const second = builder([page(0, 'd0', 500), page(1, 'd1', undefined), page(2, 'd2', 700)]);
    await buildPages(second.fake, setup(await readFigures(figuresAt)), {
      pageCount: 3,
      figuresAt,
      onBuilt: () => undefined,
    });
    expect(second.given).toEqual([{ d0: 500, d2: 700 }]);
    expect((await stat(figuresAt)).mtimeMs).toBe(old);

    // A changed document replaces its old figure.
    const third = builder([page(0, 'd0', 500), page(1, 'd1', undefined), page(2, 'd2-new', 710)]);
    await buildPages(third.fake, setup(await readFigures(figuresAt)), {
      pageCount: 3,
      figuresAt,
      onBuilt: () => undefined,
    });
    expect(JSON.parse(await readFile(figuresAt, 'utf8'))).toEqual({ d0: 500, 'd2-new': 710 });
  });
});
