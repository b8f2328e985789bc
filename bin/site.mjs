#!/usr/bin/env node
// The `site` command. The engine and the site's templates are TypeScript and TSX. The engine runs compiled
// (bin/engine-bundle.mjs; it then compiles the templates itself), so `npx site ...` works right after
// `npm ci` with no compile step. Where the compiled engine cannot be written, it runs through tsx instead.
import { fileURLToPath } from 'node:url';
import { compiledEngine } from './engine-bundle.mjs';

// React picks its build when first loaded: production, unless the user asked otherwise. Development React in a
// build renders about three times slower and takes other code paths than the one that ships.
process.env.NODE_ENV ??= 'production';

const cli = await compiledEngine().catch((error) => {
  if (process.env.SITE_DEBUG) console.error('The compiled engine is unavailable; running through tsx.', error);
  return undefined;
});
const { main } = cli ? await import(new URL(`file://${cli}`).href) : await importThroughTsx();
process.exitCode = await main(process.argv);

async function importThroughTsx() {
  const { register } = await import('tsx/esm/api');
  // The project's own tsconfig is named explicitly so the JSX setting holds whatever folder the command runs from.
  register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
  return import('../src/cli.ts');
}
