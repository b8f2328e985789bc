#!/usr/bin/env node
// The `site` command. The engine is TypeScript; it runs compiled (bin/engine-bundle.mjs), and compiles the site's
// templates itself, so `npx site ...` works right after `npm ci` with no compile step of your own.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { compiledEngine } from './engine-bundle.mjs';

// React picks its build when first loaded: production, unless the user asked otherwise. Development React renders
// about three times slower and takes other code paths than the one that ships.
process.env.NODE_ENV ??= 'production';

const { main } = await import(pathToFileURL(path.join(await compiledEngine(), 'cli.js')).href);
process.exitCode = await main(process.argv);
