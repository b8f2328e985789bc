import type { AssetBundle } from '../assets/bundle-assets.ts';
import { SiteError } from '../errors.ts';
import type { OutputFile } from '../output/output-file.ts';
import { islandNames } from '../render/island-names.ts';
import type { EmittedPage } from '../render/render-page.ts';
import { parseRedirectsFile } from '../serve/redirects-file.ts';
import type { Budgets } from '../site-definition.ts';
import { checkBudgets, type BudgetedPage } from './budgets.ts';
import { checkLinks } from './link-check.ts';
import type { PageScan } from './scan-html.ts';

export interface CheckInput {
  pages: readonly EmittedPage[];
  scans: readonly PageScan[];
  /** Each page's HTML gzipped, where an HTML budget applies to it. */
  htmlGzipBytes: ReadonlyArray<number | undefined>;
  files: readonly OutputFile[];
  assets: AssetBundle;
  siteUrl: string;
  budgets: Budgets;
  linkCheck: boolean;
}

/** The build's quality gates on its finished output: inline code the CSP blocks, broken links, budgets. */
export async function runChecks(input: CheckInput): Promise<{ errors: SiteError[]; linksChecked: number }> {
  const errors: SiteError[] = [];
  let linksChecked = 0;
  input.pages.forEach((page, index) => {
    const blocked = input.scans[index]!.blockedInline;
    if (blocked.length) {
      errors.push(new SiteError('CSP_BLOCKED', `${page.route.path} has ${blocked.length} piece${blocked.length === 1 ? '' : 's'} of inline code the browser will refuse under script-src 'self' and style-src 'self': ${blocked.slice(0, 3).join(', ')}.`, { file: page.route.source }));
    }
  });

  if (input.linkCheck) {
    const redirectsFile = input.files.find((file) => file.path === '_redirects');
    const redirects = redirectsFile && 'contents' in redirectsFile ? parseRedirectsFile(String(redirectsFile.contents)).rules : [];
    const links = checkLinks({
      pages: input.pages.map((page, index) => ({ path: page.route.path, outputFile: page.route.outputFile, source: page.route.source, scan: input.scans[index]! })),
      files: new Set(input.files.map((file) => file.path)),
      redirects,
      siteUrl: input.siteUrl,
    });
    errors.push(...links.errors);
    linksChecked = links.checked;
  }

  const budgeted: BudgetedPage[] = input.pages.map((page, index) => {
    const { all: islands, eager } = islandNames(page.islands);
    return {
      path: page.route.path,
      source: page.route.source,
      pageFile: page.route.pageFile,
      htmlGzipBytes: input.htmlGzipBytes[index],
      scan: input.scans[index]!,
      islands,
      eagerIslands: eager,
      scripts: page.meta.scripts ?? [],
      styles: input.assets.styles,
    };
  });
  errors.push(...checkBudgets(input.budgets, budgeted, input.assets, input.files));
  return { errors, linksChecked };
}
