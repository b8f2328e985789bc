import { gzipSync } from 'node:zlib';
import type { AssetBundle } from '../assets/asset-links.ts';
import { SiteError } from '../core/errors.ts';
import type { Budgets } from '../core/site-definition.ts';
import { formatCount } from '../core/text.ts';

/** A built page as the budgets see it. */
export interface BudgetedPage {
  path: string;
  source: string;
  /** The page module relative to the pages folder, such as `[city].tsx`, which `budgets.html` names. */
  pageFile: string;
  /** The HTML gzipped, measured as the page was checked (see gzipFigure), when a budget applies to it. */
  htmlGzip: number | undefined;
  renderBlockingScripts: readonly string[];
  /** Island names, and those that hydrate without any interaction (at load or when the browser is idle). */
  islands: readonly string[];
  eagerIslands: readonly string[];
  scripts: readonly string[];
}

// The island framework: a page with no island must not pay for it.
const FRAMEWORK_MODULE = /(^|\/)node_modules\/(react|react-dom|scheduler)\//;

/**
 * Checks every page against the site's budgets, measured on the build's own output (gzip level 9 of each file
 * on its own, as a host sends it), so the figures are the same on every machine. `contentsOf` gives the bytes of
 * an output file but a page.
 */
export function checkBudgets(
  budgets: Budgets,
  pages: Iterable<BudgetedPage>,
  assets: AssetBundle,
  contentsOf: (path: string) => Uint8Array | string | undefined,
): SiteError[] {
  const sizes = new Map<string, number>();
  const gzipped = (path: string): number => {
    let size = sizes.get(path);
    if (size === undefined) sizes.set(path, (size = gzipSync(contentsOf(path) ?? '', { level: 9 }).byteLength));
    return size;
  };
  const errors: SiteError[] = [];
  const fail = (page: BudgetedPage, message: string, hint: string) =>
    errors.push(new SiteError('BUDGET_EXCEEDED', `${page.path}: ${message}`, { file: page.source, hint }));
  const cssBytes = sum(assets.styles.map((url) => gzipped(url.slice(1))));
  for (const page of pages) {
    const startup = assets.scriptFilesFor({
      runtime: page.islands.length > 0,
      islands: page.eagerIslands,
      scripts: page.scripts,
    });
    const scriptBytes = sum(startup.map(gzipped));
    if (page.islands.length === 0 && budgets.scriptWithoutIslands !== undefined) {
      if (scriptBytes > budgets.scriptWithoutIslands) {
        fail(
          page,
          `loads ${figure(scriptBytes)} of JavaScript gzipped (${listFiles(
            startup,
            gzipped,
          )}) with no island on the page; the budget is ${figure(budgets.scriptWithoutIslands)}.`,
          'Move work out of the page scripts, or raise budgets.scriptWithoutIslands in the site definition.',
        );
      }
      const framework = startup.filter((file) => assets.inputsOf(file).some((input) => FRAMEWORK_MODULE.test(input)));
      if (framework.length) {
        fail(
          page,
          `has no island but its scripts load React (${framework.join(', ')}).`,
          'A plain page script must not import React; make the widget an island, or drop the import.',
        );
      }
    }
    if (budgets.script !== undefined && scriptBytes > budgets.script) {
      fail(
        page,
        `loads ${figure(scriptBytes)} of JavaScript gzipped before any interaction (${listFiles(
          startup,
          gzipped,
        )}); the budget is ${figure(budgets.script)}.`,
        'Hydrate islands later (visible, interaction), or raise budgets.script in the site definition.',
      );
    }
    if (budgets.css !== undefined && cssBytes > budgets.css) {
      fail(
        page,
        `links ${figure(cssBytes)} of CSS gzipped; the budget is ${figure(budgets.css)}.`,
        'Remove unused rules, or raise budgets.css in the site definition.',
      );
    }
    const htmlBudget = htmlBudgetOf(page.pageFile, budgets);
    if (htmlBudget !== undefined && page.htmlGzip !== undefined && page.htmlGzip > htmlBudget) {
      fail(
        page,
        `its HTML is ${figure(page.htmlGzip)} gzipped; the budget for ${page.pageFile} pages is ${figure(htmlBudget)}.`,
        'Trim repeated markup or text, or raise the budgets.html rule in the site definition.',
      );
    }
    if (!budgets.allowRenderBlockingScripts && page.renderBlockingScripts.length) {
      fail(
        page,
        `its <head> has a render-blocking script (${page.renderBlockingScripts.join(', ')}).`,
        'Load it as type="module", or with defer or async.',
      );
    }
  }
  return errors;
}

/** The HTML budget of the pages of module `pageFile`, the tightest if several rules name it. */
export function htmlBudgetOf(pageFile: string, budgets: Budgets): number | undefined {
  const limits = (budgets.html ?? []).filter((rule) => rule.pageFile === pageFile).map((rule) => rule.maxBytes);
  return limits.length ? Math.min(...limits) : undefined;
}

const sum = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0);

/** 3,072 bytes → "3.0 KB (3,072 bytes)": KB of 1,024 bytes, as budgets are written. */
export function figure(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB (${formatCount(bytes)} bytes)`;
}

function listFiles(files: readonly string[], gzipped: (path: string) => number): string {
  return files.map((file) => `${file} ${formatCount(gzipped(file))} B`).join(', ') || 'none';
}
