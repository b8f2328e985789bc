import * as cheerio from 'cheerio';
import { build, type BuildResult, type OutputFile } from './engine.ts';
import { testEnv } from './fixture.ts';

/** A build that writes nothing, with helpers to read its files. */
export interface MemoryBuild extends BuildResult {
  text(path: string): string;
  has(path: string): boolean;
  $(path: string): cheerio.CheerioAPI;
  /** The HTML files of the site's pages: every .html file but the editor's page, which loads Decap CMS (see src/editor/). */
  pages(): string[];
}

/** Builds a site in memory (write: false) with a fixed test environment. */
export async function buildInMemory(root: string, env: Record<string, string> = {}): Promise<MemoryBuild> {
  const result = await build({ root, write: false, env: testEnv(env) });
  const byPath = new Map<string, OutputFile>(result.files.map((file) => [file.path, file]));
  const text = (path: string): string => {
    const file = byPath.get(path);
    if (!file) throw new Error(`no output file ${path}; have ${[...byPath.keys()].join(', ')}`);
    if (!('contents' in file)) throw new Error(`${path} is a copied file`);
    return typeof file.contents === 'string' ? file.contents : Buffer.from(file.contents).toString('utf8');
  };
  const pages = (): string[] =>
    result.files
      .map((file) => file.path)
      .filter((path) => path.endsWith('.html') && !text(path).includes('rel="cms-config-url"'));
  return { ...result, text, has: (path) => byPath.has(path), $: (path) => cheerio.load(text(path)), pages };
}
