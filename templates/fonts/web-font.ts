import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';

/**
 * How the site's web font is made from the npm package (see `npm run fonts`): which file, which of
 * fontsource's unicode subsets, which weights the styles use. `sourceSha256` pins the package file it was
 * made from, so upgrading the package without making the font again fails a test.
 */
export interface WebFontRecipe {
  package: string;
  file: string;
  subset: string;
  weights: { min: number; max: number };
  /** The OpenType features kept: those browsers apply by default (the styles turn on no others). */
  features: string[];
  output: string;
  sourceSha256: string;
}

export const FONTS_DIR = path.dirname(fileURLToPath(import.meta.url));
export const RECIPE_FILE = path.join(FONTS_DIR, 'web-font.json');

const require = createRequire(import.meta.url);

export async function readRecipe(): Promise<WebFontRecipe> {
  return JSON.parse(await readFile(RECIPE_FILE, 'utf8')) as WebFontRecipe;
}

/** The package's font file and the code points of the recipe's subset, as fontsource lists them. */
export async function sourceOf(recipe: WebFontRecipe): Promise<{ font: Buffer; sha256: string; unicodeRange: string }> {
  const packageDir = path.dirname(require.resolve(`${recipe.package}/package.json`));
  const font = await readFile(path.join(packageDir, recipe.file));
  const ranges = JSON.parse(await readFile(path.join(packageDir, 'unicode.json'), 'utf8')) as Record<string, string>;
  const unicodeRange = ranges[recipe.subset];
  if (!unicodeRange) throw new Error(`${recipe.package} has no unicode subset '${recipe.subset}' (it has: ${Object.keys(ranges).join(', ')})`);
  return { font, sha256: createHash('sha256').update(font).digest('hex'), unicodeRange };
}

/**
 * The package's variable font cut to the recipe's weights and to the OpenType features browsers apply by
 * default, keeping every code point of its subset: the site's text renders the same (a test measures it),
 * in 28 KB instead of 48 for Inter, which every first visit downloads before its largest paint.
 */
export async function makeWebFont(recipe: WebFontRecipe): Promise<Buffer> {
  const { font, unicodeRange } = await sourceOf(recipe);
  return subsetFont(font, charactersOf(unicodeRange), { targetFormat: 'woff2', variationAxes: { wght: recipe.weights }, keepFeatures: recipe.features });
}

/** Every character of a CSS unicode-range list such as `U+0000-00FF,U+0131`. */
export function charactersOf(unicodeRange: string): string {
  let text = '';
  for (const part of unicodeRange.split(',')) {
    const [from, to = from] = part.trim().replace(/^U\+/i, '').split('-') as [string, string?];
    for (let code = parseInt(from, 16); code <= parseInt(to, 16); code++) text += String.fromCodePoint(code);
  }
  return text;
}
