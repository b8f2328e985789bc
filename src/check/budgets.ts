import type { AssetBundle } from '../assets/bundle-assets.ts';
import { SiteError } from '../errors.ts';
import { formatCount } from '../format-count.ts';
import type { BuildOutput } from '../output/build-output.ts';
import type { Budgets } from '../site-definition.ts';
import type { KeptScan } from './shared-scans.ts';
import { gzippedSize } from '../output/document-figures.ts';

/** A built page as the budgets see it. */
export interface BudgetedPage {
  path: string;
  source: string;
  /** The page module relative to the pages folder, such as `[city].tsx`, which `budgets.html` names. */
  pageFile: string;
  /**
   * The HTML gzipped, measured as the document was made (see finishPage) when a budget applies to it: at level 9,
   * or an upper bound of it for a page well inside its budget (see output/document-figures.ts).
   */
  htmlGzipBytes: number | undefined;
  scan: KeptScan;
  /** Island names, and those that hydrate without any interaction (at load or when the browser is idle). */
  islands: readonly string[];
  eagerIslands: readonly string[];
  scripts: readonly string[];
  styles: readonly string[];
}

// The island framework: a page with no island must not pay for it.
const FRAMEWORK_MODULE = /(^|\/)node_modules\/(react|react-dom|scheduler)\//;

/**
 * Checks every page against the site's budgets, measured on the build's own output (gzip level 9 of each
 * file on its own, as a host sends it), so the figures are the same on every machine.
 */
export function checkBudgets(budgets: Budgets, pages: Iterable<BudgetedPage>, assets: AssetBundle, files: Pick<BuildOutput, 'get'>): SiteError[] {
  const gzipped = gzipSizes(files);
  const errors: SiteError[] = [];
  const fail = (page: BudgetedPage, message: string, hint: string) => errors.push(new SiteError('BUDGET_EXCEEDED', `${page.path}: ${message}`, { file: page.source, hint }));

  // By the files a page loads at startup (scriptFilesFor gives one array per combination): most pages share one.
  const measured = new Map<readonly string[], { scriptBytes: number; framework: string[] }>();
  const measure = (startup: readonly string[]) => {
    let figures = measured.get(startup);
    if (!figures) {
      figures = { scriptBytes: sum(startup.map((file) => gzipped(file))), framework: startup.filter((file) => assets.inputsOf(file).some((input) => FRAMEWORK_MODULE.test(input))) };
      measured.set(startup, figures);
    }
    return figures;
  };

  for (const page of pages) {
    const startup = assets.scriptFilesFor({ runtime: page.islands.length > 0, islands: page.eagerIslands, scripts: page.scripts });
    const { scriptBytes, framework } = measure(startup);
    if (page.islands.length === 0 && budgets.scriptWithoutIslands !== undefined) {
      if (scriptBytes > budgets.scriptWithoutIslands) {
        fail(page, `loads ${figure(scriptBytes)} of JavaScript gzipped (${listFiles(startup, gzipped)}) with no island on the page; the budget is ${figure(budgets.scriptWithoutIslands)}.`, 'Move work out of the page scripts, or raise budgets.scriptWithoutIslands in the site definition.');
      }
      if (framework.length) {
        fail(page, `has no island but its scripts load React (${framework.join(', ')}).`, 'A plain page script must not import React; make the widget an island, or drop the import.');
      }
    }
    if (budgets.script !== undefined && scriptBytes > budgets.script) {
      fail(page, `loads ${figure(scriptBytes)} of JavaScript gzipped before any interaction (${listFiles(startup, gzipped)}); the budget is ${figure(budgets.script)}.`, 'Hydrate islands later (visible, interaction), or raise budgets.script in the site definition.');
    }
    const cssBytes = sum(page.styles.map((url) => gzipped(url.slice(1))));
    if (budgets.css !== undefined && cssBytes > budgets.css) {
      fail(page, `links ${figure(cssBytes)} of CSS gzipped; the budget is ${figure(budgets.css)}.`, 'Remove unused rules, or raise budgets.css in the site definition.');
    }
    for (const rule of budgets.html ?? []) {
      if (rule.pageFile !== page.pageFile) continue;
      const htmlBytes = page.htmlGzipBytes;
      if (htmlBytes === undefined) throw new Error(`${page.path}: its HTML was not measured for the budget of ${rule.pageFile} pages.`);
      if (htmlBytes > rule.maxBytes) {
        fail(page, `its HTML is ${figure(htmlBytes)} gzipped; the budget for ${rule.pageFile} pages is ${figure(rule.maxBytes)}.`, 'Trim repeated markup or text, or raise the budgets.html rule in the site definition.');
      }
    }
    if (!budgets.allowRenderBlockingScripts && page.scan.renderBlockingScripts.length) {
      fail(page, `its <head> has a render-blocking script (${page.scan.renderBlockingScripts.join(', ')}).`, 'Load it as type="module", or with defer or async.');
    }
  }
  return errors;
}

/** Gzipped size of an output file by path, computed once per file. */
function gzipSizes(files: Pick<BuildOutput, 'get'>): (path: string) => number {
  const cache = new Map<string, number>();
  return (path) => {
    const cached = cache.get(path);
    if (cached !== undefined) return cached;
    // Only files held in memory can be measured: a page's document was written as it was made.
    const file = files.get(path);
    const size = file && 'contents' in file ? gzippedSize(file.contents, 9) : 0;
    cache.set(path, size);
    return size;
  };
}

const sum = (values: number[]): number => values.reduce((a, b) => a + b, 0);

/** 3,072 bytes → "3.0 KB (3,072 bytes)": KB of 1,024 bytes, as budgets are written. */
export function figure(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB (${formatCount(bytes)} bytes)`;
}

function listFiles(files: readonly string[], gzipped: (path: string) => number): string {
  return files.map((file) => `${file} ${formatCount(gzipped(file))} B`).join(', ') || 'none';
}
