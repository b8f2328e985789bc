// `npm run fonts`: makes templates/fonts/<output>.woff2 from the npm package named in web-font.json and
// records the package file's digest there. Run it after upgrading the font package or changing the
// weights the styles use (keep fonts.css's font-weight in step); commit both files.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { FONTS_DIR, makeWebFont, readRecipe, RECIPE_FILE, sourceOf } from './web-font.ts';

const recipe = await readRecipe();
const { font, sha256 } = await sourceOf(recipe);
const made = await makeWebFont(recipe);
await writeFile(path.join(FONTS_DIR, recipe.output), made);
await writeFile(RECIPE_FILE, `${JSON.stringify({ ...recipe, sourceSha256: sha256 }, null, 2)}\n`);
console.log(`${recipe.output}: ${made.length} bytes, from ${recipe.package}/${recipe.file} (${font.length} bytes)`);
