// The engine compiled once to JavaScript with esbuild, so `site` starts without a TypeScript loader and loads a few
// files rather than every module of every package it uses. The bundle is kept in node_modules/.cache/site/engine,
// in a folder named by a hash of the engine's sources and the package's path, and made again only when they
// change. Where that folder cannot be written (a read-only install), it is kept in the system's temporary folder.
// Everything that runs the engine (the command line, the tests, the bench) runs this bundle.
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, utimesSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { removeStale } from '../src/core/stale-entries.mjs';
import { NODE_BUNDLE_OPTIONS, packageImports } from '../src/load/node-bundle-options.mjs';

const PACKAGE = fileURLToPath(new URL('..', import.meta.url));
const SOURCE = path.join(PACKAGE, 'src');
// The command line, the module templates import, the library for scripts and tests, and the check worker: one
// bundle, so they share chunks.
const ENTRIES = [
  { in: 'cli.ts', out: 'cli' },
  { in: 'index.ts', out: 'index' },
  { in: 'api.ts', out: 'api' },
  { in: 'large/check-worker.ts', out: 'check-worker' },
];

/**
 * Packages that stay imports; the others are compiled in. React and React DOM must be the templates' own copies
 * (one React, whose hooks and contexts pages and engine share), esbuild and sharp load binaries of their own, and
 * commander looks for files beside itself, which a bundle moves away from.
 */
const KEPT_IMPORTS = new Set(['react', 'react-dom', 'esbuild', 'sharp', 'commander']);

/** The compiled engine's folder, compiling the engine first if its sources changed. */
export async function compiledEngine() {
  const name = sourceHash();
  for (const base of [
    path.join(PACKAGE, 'node_modules', '.cache', 'site', 'engine'),
    path.join(tmpdir(), 'site-engine'),
  ]) {
    const folder = path.join(base, name);
    try {
      if (existsSync(path.join(folder, 'cli.js'))) markUsed(folder);
      else {
        await compile(folder);
        // Each change to the sources compiles another engine: those unused for a day go (see markUsed).
        await removeStale(base, folder);
      }
      return folder;
    } catch (error) {
      if (!['EACCES', 'EROFS', 'EPERM'].includes(error?.code)) throw error;
    }
  }
  throw new Error(
    'The engine could not be compiled: neither node_modules/.cache nor the temporary folder can be written.',
  );
}

/** Dates the folder's last use, so the engine a running build or server uses is not removed under it. */
function markUsed(folder) {
  const now = new Date();
  try {
    utimesSync(folder, now, now);
  } catch {
    // A read-only install: nothing is removed there either.
  }
}

/**
 * A hash of the engine's sources (its TypeScript and modules, not the browser files it copies, such as Decap's 6 MB
 * bundle), this file, the tsconfig, esbuild's version and the package's own path: the bundle holds absolute paths
 * (its source folder, its own folder), so a project moved with its node_modules compiles anew.
 */
function sourceHash() {
  const hash = createHash('sha256').update(PACKAGE).update('\0');
  const files = readdirSync(SOURCE, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.m?tsx?$|\.mjs$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  for (const file of files) {
    hash.update(path.relative(SOURCE, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  const esbuildPackage = createRequire(import.meta.url).resolve('esbuild/package.json');
  for (const file of [fileURLToPath(import.meta.url), path.join(PACKAGE, 'tsconfig.json'), esbuildPackage]) {
    hash.update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex').slice(0, 20);
}

async function compile(folder) {
  const esbuild = await import('esbuild');
  await mkdir(path.dirname(folder), { recursive: true });
  // Written aside, then renamed into place: a concurrent build sees the whole bundle or none.
  const staging = `${folder}.staging-${randomUUID()}`;
  await esbuild.build({
    entryPoints: ENTRIES.map((entry) => ({ in: path.join(SOURCE, entry.in), out: entry.out })),
    outdir: staging,
    ...NODE_BUNDLE_OPTIONS,
    plugins: [packageImports((name) => !KEPT_IMPORTS.has(name))],
    tsconfig: path.join(PACKAGE, 'tsconfig.json'),
    // The engine finds its client scripts and the bin in its source folder, and the worker in the bundle's.
    define: { SITE_ENGINE_SOURCE: JSON.stringify(SOURCE), SITE_ENGINE_BUNDLE: JSON.stringify(folder) },
  });
  await rename(staging, folder).catch(async (error) => {
    await rm(staging, { recursive: true, force: true });
    // Another process compiled the same sources first.
    if (!existsSync(path.join(folder, 'cli.js'))) throw error;
  });
}

// `npm ci` and `npm install` run this (the package's `prepare` script), so the first build after an install finds
// the engine compiled, and what else of a first build depends on the packages only (see src/prepare.ts) done.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const engine = await import(pathToFileURL(path.join(await compiledEngine(), 'api.js')).href);
  await engine.prepareInstall();
}
