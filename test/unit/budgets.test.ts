import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { type AssetManifest, linkAssets } from '../../src/assets/asset-links.ts';
import { type BudgetedPage, checkBudgets, figure, htmlBudgetOf } from '../../src/check/budgets.ts';
import type { Budgets } from '../../src/core/site-definition.ts';

// Files of known contents: random bytes (as hex) barely compress, so each one's gzipped size is far from the others'.
const CONTENTS: Record<string, string> = {
  'assets/site.css': `body{color:#123}${randomBytes(600).toString('hex')}`,
  'assets/runtime.js': `export const run=1;${randomBytes(1000).toString('hex')}`,
  'assets/react-chunk.js': `export const React=1;${randomBytes(3000).toString('hex')}`,
  'assets/menu.js': `import "./react-chunk.js";${randomBytes(500).toString('hex')}`,
  'assets/gallery.js': `import "./react-chunk.js";${randomBytes(800).toString('hex')}`,
  'assets/site.js': `console.log(1);${randomBytes(200).toString('hex')}`,
  'assets/chart.js': `import "./react-chunk.js";${randomBytes(100).toString('hex')}`,
};
const gzipped = (file: string) => gzipSync(CONTENTS[file]!, { level: 9 }).byteLength;
const output = (imports: string[], inputs: string[]) => ({
  bytes: 0,
  imports: imports.map((path) => ({ path, kind: 'import-statement' })),
  inputs,
});
const manifest: AssetManifest = {
  styles: ['/assets/site.css'],
  fonts: [],
  runtime: 'assets/runtime.js',
  islands: { Menu: 'assets/menu.js', Gallery: 'assets/gallery.js' },
  scripts: { 'scripts/site.ts': 'assets/site.js', 'scripts/chart.ts': 'assets/chart.js' },
  outputs: {
    'assets/runtime.js': output(['assets/react-chunk.js'], ['../src/client/island-runtime.ts']),
    'assets/react-chunk.js': output([], ['../node_modules/react/index.js', '../node_modules/react-dom/client.js']),
    'assets/menu.js': output(['assets/react-chunk.js'], ['islands/Menu.tsx']),
    'assets/gallery.js': output(['assets/react-chunk.js'], ['islands/Gallery.tsx']),
    'assets/site.js': output([], ['scripts/site.ts']),
    'assets/chart.js': output(['assets/react-chunk.js'], ['scripts/chart.ts']),
  },
};
const assets = linkAssets(manifest);
const contentsOf = (path: string) => CONTENTS[path];

const page = (path: string, page: Partial<BudgetedPage> = {}): BudgetedPage => ({
  path,
  source: `templates/pages${path}.tsx`,
  pageFile: `${path.slice(1)}.tsx`,
  htmlGzip: undefined,
  renderBlockingScripts: [],
  islands: [],
  eagerIslands: [],
  scripts: [],
  ...page,
});
const messages = (budgets: Budgets, pages: BudgetedPage[]) =>
  checkBudgets(budgets, pages, assets, contentsOf).map((error) => error.message);

describe('htmlBudgetOf', () => {
  it('gives the tightest HTML budget of the rules that name the page file, none for another', () => {
    const budgets: Budgets = {
      html: [
        { pageFile: '[city].tsx', maxBytes: 20_000 },
        { pageFile: 'index.tsx', maxBytes: 9_000 },
        {
          pageFile: '[city].tsx',
          maxBytes: 12_000,
        },
      ],
    };
    expect(htmlBudgetOf('[city].tsx', budgets)).toBe(12_000);
    expect(htmlBudgetOf('index.tsx', budgets)).toBe(9_000);
    expect(htmlBudgetOf('about.tsx', budgets)).toBeUndefined();
    expect(htmlBudgetOf('index.tsx', {})).toBeUndefined();
  });
});

describe('figure', () => {
  it('writes bytes as KB of 1,024 with the exact count beside', () => {
    expect([figure(3072), figure(52_320), figure(0)]).toEqual([
      '3.0 KB (3,072 bytes)',
      '51.1 KB (52,320 bytes)',
      '0.0 KB (0 bytes)',
    ]);
  });
});

describe('checkBudgets', () => {
  it('fails a page whose gzipped HTML is over its page file’s budget, naming the page, its module and both figures', () => {
    const budgets: Budgets = { html: [{ pageFile: 'big.tsx', maxBytes: 10_000 }] };
    const errors = checkBudgets(
      budgets,
      [
        page('/big', { htmlGzip: 10_001 }),
        page('/fits', { pageFile: 'big.tsx', htmlGzip: 10_000 }),
        page('/other', { htmlGzip: 50_000 }),
      ],
      assets,
      contentsOf,
    );
    expect(errors.map((error) => [error.code, error.file, error.message])).toEqual([
      [
        'BUDGET_EXCEEDED',
        'templates/pages/big.tsx',
        '/big: its HTML is 9.8 KB (10,001 bytes) gzipped; the budget for big.tsx pages is 9.8 KB (10,000 bytes).',
      ],
    ]);
  });

  it('counts the JavaScript a page loads before any interaction: the runtime, eager islands, its scripts and their chunks, each once', () => {
    const eager =
      gzipped('assets/runtime.js') +
      gzipped('assets/react-chunk.js') +
      gzipped('assets/menu.js') +
      gzipped('assets/site.js');
    const pages = [
      // Menu hydrates at load; Gallery only when visible, so it is not counted.
      page('/eager', { islands: ['Menu', 'Gallery'], eagerIslands: ['Menu'], scripts: ['scripts/site.ts'] }),
    ];
    expect(messages({ script: eager }, pages)).toEqual([]);
    const [message] = messages({ script: eager - 1 }, pages);
    expect(message).toBe(
      `/eager: loads ${figure(eager)} of JavaScript gzipped before any interaction (assets/runtime.js ${gzipped(
        'assets/runtime.js',
      ).toLocaleString(
        'en-US',
      )} B, assets/react-chunk.js ${gzipped('assets/react-chunk.js').toLocaleString('en-US')} B, assets/menu.js ${gzipped(
        'assets/menu.js',
      ).toLocaleString(
        'en-US',
      )} B, assets/site.js ${gzipped('assets/site.js').toLocaleString('en-US')} B); the budget is ${figure(eager - 1)}.`,
    );
  });

  it('holds a page without islands to its own budget, and refuses React on it', () => {
    const site = gzipped('assets/site.js');
    const budgets: Budgets = { scriptWithoutIslands: site };
    expect(messages(budgets, [page('/plain', { scripts: ['scripts/site.ts'] })])).toEqual([]);
    expect(messages({ scriptWithoutIslands: site - 1 }, [page('/plain', { scripts: ['scripts/site.ts'] })])).toEqual([
      `/plain: loads ${figure(site)} of JavaScript gzipped (assets/site.js ${site.toLocaleString(
        'en-US',
      )} B) with no island on the page; the budget is ${figure(site - 1)}.`,
    ]);
    // A plain script that imports React: the framework chunk comes with it.
    const chart = messages({ scriptWithoutIslands: 1_000_000 }, [page('/chart', { scripts: ['scripts/chart.ts'] })]);
    expect(chart).toEqual(['/chart: has no island but its scripts load React (assets/react-chunk.js).']);
    // The same script on a page with an island is the island framework's business, not this rule's.
    expect(
      messages({ scriptWithoutIslands: 1 }, [
        page('/with-island', { islands: ['Gallery'], scripts: ['scripts/chart.ts'] }),
      ]),
    ).toEqual([]);
  });

  it('holds every page to the CSS budget of the stylesheets it links', () => {
    const css = gzipped('assets/site.css');
    expect(messages({ css }, [page('/a')])).toEqual([]);
    expect(messages({ css: css - 1 }, [page('/a'), page('/b')])).toEqual(
      ['/a', '/b'].map((path) => `${path}: links ${figure(css)} of CSS gzipped; the budget is ${figure(css - 1)}.`),
    );
  });

  it('refuses a render-blocking script in the head unless the site allows them', () => {
    const blocking = page('/old', { renderBlockingScripts: ['/legacy.js'] });
    expect(messages({}, [blocking])).toEqual(['/old: its <head> has a render-blocking script (/legacy.js).']);
    expect(messages({ allowRenderBlockingScripts: true }, [blocking])).toEqual([]);
  });

  it('checks nothing the site sets no budget for', () => {
    expect(
      messages({}, [
        page('/a', {
          htmlGzip: 1_000_000,
          islands: ['Menu', 'Gallery'],
          eagerIslands: ['Menu', 'Gallery'],
          scripts: ['scripts/chart.ts'],
        }),
      ]),
    ).toEqual([]);
  });
});
