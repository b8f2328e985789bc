import type { AssetBundle } from '../assets/bundle-assets.ts';
import { SiteError } from '../errors.ts';
import type { BuildOutput } from '../output/build-output.ts';
import type { PageList } from '../page-list.ts';
import { islandNames } from '../render/island-names.ts';
import type { FinishedPage } from '../render/finish-page.ts';
import { parseRedirectsFile } from '../serve/redirects-file.ts';
import type { Budgets } from '../site-definition.ts';
import { checkBudgets, type BudgetedPage } from './budgets.ts';
import { checkLinks } from './link-check.ts';
import type { LinkUses } from './link-tally.ts';

/** A finished page as the checks read it: its scan, and its HTML gzipped where an HTML budget applies to it. */
export type CheckedPage = Pick<FinishedPage, 'route' | 'islands' | 'meta' | 'scan' | 'htmlGzipBytes'>;

export interface CheckInput {
  pages: PageList<CheckedPage>;
  /** The pages' links, counted as they were finished (see link-tally.ts). */
  links: LinkUses;
  files: BuildOutput;
  assets: AssetBundle;
  siteUrl: string;
  budgets: Budgets;
  linkCheck: boolean;
}

/** The build's quality gates on its finished output: inline code the CSP blocks, broken links, budgets. */
export async function runChecks(input: CheckInput): Promise<{ errors: SiteError[]; linksChecked: number }> {
  const errors: SiteError[] = [];
  let linksChecked = 0;
  for (const page of input.pages) {
    const blocked = page.scan.blockedInline;
    if (blocked.length) {
      errors.push(new SiteError('CSP_BLOCKED', `${page.route.path} has ${blocked.length} piece${blocked.length === 1 ? '' : 's'} of inline code the browser will refuse under script-src 'self' and style-src 'self': ${blocked.slice(0, 3).join(', ')}.`, { file: page.route.source }));
    }
  }

  if (input.linkCheck) {
    const redirectsFile = input.files.get('_redirects');
    const redirects = redirectsFile && 'contents' in redirectsFile ? parseRedirectsFile(String(redirectsFile.contents)).rules : [];
    const links = checkLinks({
      uses: input.links,
      pages: input.pages,
      files: { has: (path) => input.files.has(path), [Symbol.iterator]: () => input.files.paths() },
      redirects,
      siteUrl: input.siteUrl,
    });
    errors.push(...links.errors);
    linksChecked = links.checked;
  }

  errors.push(...checkBudgets(input.budgets, budgetedPages(input.pages, input.assets), input.assets, input.files));
  return { errors, linksChecked };
}

/** Each page as the budgets see it, made as they come to it: not an object for every page of a large site at once. */
function* budgetedPages(pages: PageList<CheckedPage>, assets: AssetBundle): Generator<BudgetedPage> {
  for (const page of pages) {
    const { all: islands, eager } = islandNames(page.islands);
    yield {
      path: page.route.path,
      source: page.route.source,
      pageFile: page.route.pageFile,
      htmlGzipBytes: page.htmlGzipBytes,
      scan: page.scan,
      islands,
      eagerIslands: eager,
      scripts: page.meta.scripts ?? [],
      styles: assets.styles,
    };
  }
}
