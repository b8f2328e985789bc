import path from 'node:path';
import { filesIn } from '../core/files.ts';

/** Where a site's modules live: its definition, its pages (and text endpoints) and its islands. */
export interface TemplateDirs {
  root: string;
  templatesDir: string;
  pagesDir: string;
  islandsDir: string;
}

/** The site's modules: templates/site.config.ts, every page and endpoint module, every island. */
export interface TemplateFiles {
  siteConfig: string;
  /** Page and endpoint modules relative to the pages folder, `/`-separated; files and folders named `_…` are private. */
  pages: string[];
  /** Island modules, absolute: each file at the top of the islands folder is one. */
  islands: string[];
}

/** A page or endpoint module: TypeScript under the pages folder, less the private ones. */
const PAGE_MODULES = { patterns: '**/*.{ts,tsx}', ignore: ['**/_*', '**/_*/**'] };
/** An island module: a component file at the top of the islands folder. */
const ISLAND_MODULES = '*.{ts,tsx,js,jsx}';

/** Finds the site's modules. */
export async function templateFiles(dirs: TemplateDirs): Promise<TemplateFiles> {
  const [pages, islands] = await Promise.all([
    filesIn(dirs.pagesDir, PAGE_MODULES.patterns, { ignore: PAGE_MODULES.ignore }),
    filesIn(dirs.islandsDir, ISLAND_MODULES),
  ]);
  return {
    siteConfig: path.join(dirs.templatesDir, 'site.config.ts'),
    pages,
    islands: islands.map((file) => path.join(dirs.islandsDir, file)),
  };
}
