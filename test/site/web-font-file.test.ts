import fg from 'fast-glob';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { charactersOf, FONTS_DIR, makeWebFont, readRecipe, sourceOf } from '../../templates/fonts/web-font.ts';
import { PROJECT_ROOT } from '../helpers/fixture.ts';

// The web font is a file made once from the npm package (`npm run fonts`) and committed; these keep it
// what the recipe says, so nobody ships a font cut from another version or with other weights.
describe('the web font file', () => {
  it('is made from the installed package file the recipe names, byte for byte', async () => {
    const recipe = await readRecipe();
    const { sha256 } = await sourceOf(recipe);
    expect(sha256, `${recipe.package} changed: run \`npm run fonts\` and commit templates/fonts/`).toBe(
      recipe.sourceSha256,
    );
    const committed = await readFile(path.join(FONTS_DIR, recipe.output));
    expect(Buffer.compare(await makeWebFont(recipe), committed), 'templates/fonts/ is stale: run `npm run fonts`').toBe(
      0,
    );
    // Cut to the weights, not to fewer characters: still far smaller than the package file.
    expect(committed.length).toBeLessThan(36_000);
  });

  it('is declared in fonts.css with the recipe’s weights and the package’s unicode range', async () => {
    const recipe = await readRecipe();
    const { unicodeRange } = await sourceOf(recipe);
    const css = await readFile(path.join(PROJECT_ROOT, 'templates/styles/fonts.css'), 'utf8');
    const face = /@font-face\s*{[^}]*'Inter Variable'[^}]*}/.exec(css)?.[0] ?? '';
    expect(face).toContain(`url('../fonts/${recipe.output}')`);
    expect(face).toContain(`font-weight: ${recipe.weights.min} ${recipe.weights.max};`);
    const declared = /unicode-range:([^;]+);/.exec(face)?.[1] ?? '';
    expect(charactersOf(declared.replace(/\s/g, ''))).toBe(charactersOf(unicodeRange));
  });

  it('keeps every feature the styles could ask for: they turn on none beyond the browser’s defaults', async () => {
    const styles = await fg('templates/**/*.css', { cwd: PROJECT_ROOT });
    expect(styles.length).toBeGreaterThan(10);
    for (const file of styles) {
      const css = await readFile(path.join(PROJECT_ROOT, file), 'utf8');
      expect(
        /font-feature-settings|font-variant(?!:\s*normal)/.exec(css)?.[0],
        `${file} turns on OpenType features: add them to templates/fonts/web-font.json and run \`npm run fonts\``,
      ).toBeUndefined();
    }
  });

  it('reads a CSS unicode-range into its characters', () => {
    expect(charactersOf('U+0041-0043, U+00E9')).toBe('ABCé');
  });
});
