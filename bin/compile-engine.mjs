// Compiles the engine (src/) to JavaScript with esbuild, once, into one fixed folder of the package,
// node_modules/.cache/site/engine (git-ignored, with the other caches), so `site` starts without a TypeScript loader,
// loads a few files rather than every module of every package it uses, and hashes nothing as it starts. `npm ci` and
// `npm install` run this (the package's `prepare` script); after an edit of src/, `npm run prepare` runs it again,
// and the tests run it once per `vitest run` (test/compile-engine.global-setup.ts). bin/site.mjs runs it only when
// the folder is missing (an install with --ignore-scripts). The bundle holds no absolute path: the engine finds its
// package from the URL of its own file engine-files.js (src/core/engine-files.ts), so a project moved or renamed with
// its node_modules runs it unchanged.
import { randomUUID } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { COMPILED_ENGINE } from '../src/core/engine-folder.mjs';
import { removeStale } from '../src/core/stale-entries.mjs';
import { NODE_BUNDLE_OPTIONS, packageImports } from '../src/load/node-bundle-options.mjs';

const PACKAGE = fileURLToPath(new URL('..', import.meta.url));
const SOURCE = path.join(PACKAGE, 'src');
const ENGINE_FILES = path.join(SOURCE, 'core', 'engine-files.ts');

/** The compiled engine's folder: cli.js, index.js, api.js, check-worker.js, engine-files.js and their chunks. */
export const ENGINE_FOLDER = path.join(PACKAGE, COMPILED_ENGINE);

// The command line, the module templates import, the library for scripts and the install, the check worker, and the
// module that finds the package: one bundle, so they share chunks. cli.js goes last: once it is there, all is.
const ENTRIES = [
  { in: 'core/engine-files.ts', out: 'engine-files' },
  { in: 'index.ts', out: 'index' },
  { in: 'api.ts', out: 'api' },
  { in: 'large/check-worker.ts', out: 'check-worker' },
  { in: 'cli.ts', out: 'cli' },
];

/**
 * Packages that stay imports; the others are compiled in. React and React DOM must be the templates' own copies
 * (one React, whose hooks and contexts pages and engine share), esbuild and sharp load binaries of their own, and
 * commander looks for files beside itself, which a bundle moves away from.
 */
const KEPT_IMPORTS = new Set(['react', 'react-dom', 'esbuild', 'sharp', 'commander']);

/**
 * Keeps engine-files.ts one file at the folder's top, where its `import.meta.url` tells the package's place: esbuild
 * moves a module that several entries import into a shared chunk, even one that is an entry itself, so every import
 * of it stays an import of `./engine-files.js`, the entry, and the chunks sit beside the entries for that path to hold.
 * @type {import('esbuild').Plugin}
 */
const engineFilesAtTop = {
  name: 'engine-files-at-top',
  setup(build) {
    build.onResolve({ filter: /engine-files\.ts$/ }, (args) =>
      args.kind !== 'entry-point' && path.resolve(args.resolveDir, args.path) === ENGINE_FILES
        ? { path: './engine-files.js', external: true }
        : undefined,
    );
  },
};

/** Compiles the engine into ENGINE_FOLDER, over the engine there. */
export async function compileEngine() {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    entryPoints: ENTRIES.map((entry) => ({ in: path.join(SOURCE, entry.in), out: entry.out })),
    absWorkingDir: PACKAGE,
    outdir: ENGINE_FOLDER,
    ...NODE_BUNDLE_OPTIONS,
    chunkNames: '[name]-[hash]',
    write: false,
    metafile: true,
    plugins: [engineFilesAtTop, packageImports((name) => !KEPT_IMPORTS.has(name))],
    tsconfig: path.join(PACKAGE, 'tsconfig.json'),
    define: { SITE_ENGINE_COMPILED: 'true' },
  });
  const holders = Object.entries(result.metafile.outputs).filter(([, output]) =>
    Object.keys(output.inputs).some((input) => path.resolve(PACKAGE, input) === ENGINE_FILES),
  );
  if (holders.length !== 1 || path.resolve(PACKAGE, holders[0][0]) !== path.join(ENGINE_FOLDER, 'engine-files.js')) {
    throw new Error(`src/core/engine-files.ts was compiled into ${holders.map(([file]) => file).join(', ')}.`);
  }
  await writeInPlace(result.outputFiles).catch((error) => {
    if (!['EACCES', 'EROFS', 'EPERM'].includes(error?.code)) throw error;
    throw new Error(
      `The engine could not be written to ${ENGINE_FOLDER} (${error.code}): run \`npm run prepare\` where node_modules can be written.`,
    );
  });
}

/**
 * Writes each file aside, then renames it into place, chunks before entries and cli.js last, so a `site` starting
 * meanwhile loads whole files of one engine or the other. Chunks are named by their content, so a process still
 * running the engine before finds its chunks; those of other compiles go once unused for a day, as do the folders
 * of the engines compiled before this script (one per hash of the sources).
 * @param {import('esbuild').OutputFile[]} files
 */
async function writeInPlace(files) {
  await mkdir(ENGINE_FOLDER, { recursive: true });
  const entries = ENTRIES.map((entry) => path.join(ENGINE_FOLDER, `${entry.out}.js`));
  const order = (file) => entries.indexOf(file.path);
  for (const file of [...files].sort((a, b) => order(a) - order(b))) {
    const staged = `${file.path}.${randomUUID()}`;
    try {
      await writeFile(staged, file.contents);
      await rename(staged, file.path);
    } finally {
      await rm(staged, { force: true });
    }
  }
  await removeStale(ENGINE_FOLDER, new Set(files.map((file) => file.path)));
}

/** Whether Node runs this file as its script (its path may go through a link), not imports it. */
function isScript() {
  try {
    return realpathSync(process.argv[1] ?? '') === fileURLToPath(import.meta.url);
  } catch {
    return false;
  }
}

// `npm ci` and `npm install` run this (the package's `prepare` script), so the first build after an install finds
// the engine compiled, and what else of a first build depends on the packages only (see src/prepare.ts) done.
if (isScript()) {
  await compileEngine();
  const engine = await import(pathToFileURL(path.join(ENGINE_FOLDER, 'api.js')).href);
  await engine.prepareInstall();
}
