import type { AssetBundle } from '../assets/asset-links.ts';
import { SiteError } from '../core/errors.ts';
import type { OutputFile } from '../core/output-file.ts';
import type { Budgets } from '../core/site-definition.ts';
import { parseRedirectsFile } from '../host/redirects-file.ts';
import { type BudgetedPage, checkBudgets } from './budgets.ts';
import { checkLinks, type DeferredLinks } from './link-check.ts';
import { holdsSecret, type PageFacts } from './page-check.ts';

/** A finished page as the site-wide checks read it. */
export interface CheckedPage {
  islands: { all: readonly string[]; eager: readonly string[] };
  meta: { scripts?: readonly string[] | undefined };
  facts: PageFacts;
}

/** A page's route as the checks name it. */
export interface CheckedRoute {
  path: string;
  source: string;
  pageFile: string;
  outputFile: string;
}

export interface SiteCheckInput {
  /** The pages in path order, and their routes at the same indexes. */
  pages: readonly CheckedPage[];
  routes: readonly CheckedRoute[];
  /** The links the pages could not judge alone. */
  links: DeferredLinks;
  /** Every output file but the pages. */
  files: readonly OutputFile[];
  assets: AssetBundle;
  origin: string;
  budgets: Budgets;
  linkCheck: boolean;
  secrets: readonly string[];
}

/**
 * The build's quality gates on its whole output, once every page is made: inline code the Content-Security-Policy
 * blocks, secrets, broken links, budgets. Returns every error found, and the number of internal links followed.
 */
export function checkSite(input: SiteCheckInput): { errors: SiteError[]; linksChecked: number } {
  const errors: SiteError[] = [];
  input.pages.forEach(({ facts }, index) => {
    const route = input.routes[index]!;
    const blocked = facts.blockedInline;
    if (blocked.length) {
      errors.push(
        new SiteError(
          'CSP_BLOCKED',
          `${route.path} has ${blocked.length} piece${
            blocked.length === 1 ? '' : 's'
          } of inline code the browser will refuse under script-src 'self' and style-src 'self': ${blocked
            .slice(0, 3)
            .join(', ')}.`,
          { file: route.source },
        ),
      );
    }
    if (facts.leaksSecret) errors.push(secretError(route.outputFile));
  });
  for (const file of input.files) {
    if ('contents' in file && holdsSecret(file.contents, input.secrets)) errors.push(secretError(file.path));
  }

  let linksChecked = 0;
  if (input.linkCheck) {
    const contents = new Map(
      input.files.flatMap((file) => ('contents' in file ? [[file.path, file.contents] as const] : [])),
    );
    const redirects = contents.get('_redirects');
    const pageByFile = new Map(input.routes.map((route, index) => [route.outputFile, index]));
    const links = checkLinks({
      links: input.links,
      pages: input.routes,
      idsOf: (file) => {
        const index = pageByFile.get(file);
        return index === undefined ? undefined : new Set(input.pages[index]!.facts.ids);
      },
      files: new Set([...pageByFile.keys(), ...input.files.map((file) => file.path)]),
      redirects: redirects === undefined ? [] : parseRedirectsFile(String(redirects)).rules,
      origin: input.origin,
    });
    errors.push(...links.errors);
    linksChecked = links.checked + input.pages.reduce((sum, page) => sum + page.facts.arrived, 0);
  }

  const contentsOf = (path: string) => {
    const file = input.files.find((candidate) => candidate.path === path);
    return file && 'contents' in file ? file.contents : undefined;
  };
  errors.push(...checkBudgets(input.budgets, budgetedPages(input.pages, input.routes), input.assets, contentsOf));
  return { errors, linksChecked };
}

/** Each page as the budgets see it, made as they come to it. */
function* budgetedPages(pages: readonly CheckedPage[], routes: readonly CheckedRoute[]): Generator<BudgetedPage> {
  for (const [index, { islands, meta, facts }] of pages.entries()) {
    const route = routes[index]!;
    yield {
      path: route.path,
      source: route.source,
      pageFile: route.pageFile,
      htmlGzip: facts.htmlGzip,
      renderBlockingScripts: facts.renderBlockingScripts,
      islands: islands.all,
      eagerIslands: islands.eager,
      scripts: meta.scripts ?? [],
    };
  }
}

function secretError(file: string): SiteError {
  return new SiteError('SECRET_IN_OUTPUT', `${file} contains the value of a secret environment variable.`, { file });
}
