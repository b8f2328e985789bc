#!/usr/bin/env node
// The `site` command. The engine and the site's templates are TypeScript and TSX; tsx's loader lets Node
// run them as they are, so `npx site ...` works right after `npm ci` with no compile step. The project's
// own tsconfig is named explicitly so the JSX setting holds whatever folder the command runs from.
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

// React picks its build when first loaded: production, unless the user asked otherwise. Development React in a
// build renders about three times slower and takes other code paths than the one that ships.
process.env.NODE_ENV ??= 'production';

register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
const { main } = await import('../src/cli.ts');
process.exitCode = await main(process.argv);
