// The engine compiled once to JavaScript, so `site` starts without a TypeScript loader: through tsx, every
// engine and template module goes through a loader thread, which cost about 0.4 s of each build. The bundle is
// kept in node_modules/.cache/site/engine, in a folder named by a hash of the engine's sources and the package's
// path, and rebuilt only when they change (or when this file or the tsconfig does, or the package moves).
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, utimesSync } from 'node:fs';
import { readdir, rename, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NODE_BUNDLE_OPTIONS, packageImports } from '../src/compile/node-bundle-options.mjs';

const PACKAGE = fileURLToPath(new URL('..', import.meta.url));
const SOURCE = path.join(PACKAGE, 'src');
// The command line, the module templates import, and the worker threads: one bundle, so they share chunks.
const ENTRIES = ['cli.ts', 'index.ts', 'render-worker.ts', 'write-worker.ts'];

/**
 * The packages compiled into the engine; the others stay imports. yaml is the engine's alone and plain
 * JavaScript: its 40-odd modules cost 25 ms of each start as files, 8 ms compiled in. React and React DOM must be
 * the templates' own copies, esbuild and tsx load binaries and loaders of their own, and commander looks for
 * files beside itself (`__dirname`), which a bundle moves away from.
 */
const BUNDLED_PACKAGES = new Set(['yaml']);

/** The compiled engine's command-line module, compiling the engine first if its sources changed. */
export async function compiledEngine() {
  const folder = engineFolder();
  const cli = path.join(folder, 'cli.js');
  if (existsSync(cli)) markUsed(folder);
  else {
    await compile(folder);
    await removeUnused(path.dirname(folder), folder);
  }
  return cli;
}

/** A compiled engine not used for this long is removed when another is compiled: each change to the sources makes one. */
const UNUSED_MS = 24 * 60 * 60 * 1000;

/** Dates the folder's last use (its mtime), so the engine a running build or server uses is not removed under it. */
function markUsed(folder) {
  const now = new Date();
  try {
    utimesSync(folder, now, now);
  } catch {
    // A read-only install: nothing is removed there either.
  }
}

async function removeUnused(base, keep) {
  const now = Date.now();
  for (const name of await readdir(base).catch(() => [])) {
    const folder = path.join(base, name);
    if (folder === keep) continue;
    const used = await stat(folder).catch(() => undefined);
    if (used && now - used.mtimeMs > UNUSED_MS) await rm(folder, { recursive: true, force: true }).catch(() => undefined);
  }
}

/**
 * The folder of the compiled engine for the package at `packageDir` as its sources are now. Named by a hash of
 * the sources and of the package's own path: the bundle holds absolute paths (its source folder, its own
 * folder), so a project copied or moved with its node_modules must compile its own rather than run the old
 * place's.
 */
export function engineFolder(packageDir = PACKAGE) {
  return path.join(packageDir, 'node_modules', '.cache', 'site', 'engine', sourceHash(packageDir));
}

function sourceHash(packageDir) {
  const source = path.join(packageDir, 'src');
  const hash = createHash('sha256').update(path.resolve(packageDir)).update('\0');
  const files = readdirSync(source, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  for (const file of files) hash.update(path.relative(source, file)).update('\0').update(readFileSync(file)).update('\0');
  const esbuildPackage = createRequire(import.meta.url).resolve('esbuild/package.json');
  for (const file of [fileURLToPath(import.meta.url), path.join(packageDir, 'tsconfig.json'), esbuildPackage]) hash.update(readFileSync(file)).update('\0');
  return hash.digest('hex').slice(0, 20);
}

async function compile(folder) {
  const esbuild = await import('esbuild');
  // Written aside, then renamed into place: a concurrent build sees the whole bundle or none.
  const staging = `${folder}.staging-${randomUUID()}`;
  await esbuild.build({
    entryPoints: ENTRIES.map((entry) => path.join(SOURCE, entry)),
    outdir: staging,
    ...NODE_BUNDLE_OPTIONS,
    plugins: [packageImports((name) => BUNDLED_PACKAGES.has(name))],
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
