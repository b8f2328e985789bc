import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type * as esbuild from 'esbuild';
import { ENGINE_BUNDLE, ENGINE_SOURCE } from '../engine-files.ts';
import { cachedStep, cacheFolder, STALE_MS } from './build-cache.ts';
import { NODE_BUNDLE_OPTIONS, packageImports, packageOfFile } from './node-bundle-options.mjs';
import { SiteError, SiteErrorList } from '../errors.ts';
import { listFiles } from '../list-files.ts';
import { MODULE_ENDINGS, type TemplateSources } from '../load-module.ts';
import { PAGE_FILES } from '../routes/discover-routes.ts';

/** The folders the site's modules live in: the site definition, its pages and its islands. */
export interface TemplateDirs {
  root: string;
  templatesDir: string;
  pagesDir: string;
  islandsDir: string;
}

/**
 * Compiles the site's modules to JavaScript in one esbuild pass, for an engine that runs without a TypeScript
 * loader (see bin/engine-bundle.mjs): one bundle with shared chunks, so a component a page renders and the island
 * registry both hold is one object. The packages the templates import are compiled in, but React and those that
 * cannot be (see compileBundlingPackages), which stay imports, resolved where the templates resolve them; imports
 * of the engine go to `engineIndex`, the module the running engine is, so pages and engine share its contexts.
 *
 * The output lands in a folder named by its content hash, so concurrent builds share it and never see it half
 * written. A record of the files that went in (and their hashes) lets the next build with the same sources reuse
 * it without compiling. Returns each module's source file mapped to its compiled file.
 */
export async function compileTemplates(dirs: TemplateDirs, engineIndex: string): Promise<TemplateSources> {
  const entries = [
    path.join(dirs.templatesDir, 'site.config.ts'),
    ...(await listFiles(dirs.pagesDir, PAGE_FILES)).map((file) => path.join(dirs.pagesDir, file)),
    ...(await listFiles(dirs.islandsDir, { endsWith: MODULE_ENDINGS })).map((file) => path.join(dirs.islandsDir, file)),
  ]
    .map((file) => path.normalize(file))
    .sort();
  const base = cacheFolder(dirs.templatesDir, 'templates');
  const { folder } = await cachedStep(base, [engineIndex, ...entries].join('\0'), () => compile(entries, dirs, engineIndex, base), (value) => existsSync(value.folder));
  // Marks it as used, so pruning keeps it.
  await writeFile(path.join(folder, '.used'), '');
  return Object.fromEntries(entries.map((file, i) => [file, path.join(folder, `module-${i}.js`)]));
}

async function compile(entries: readonly string[], dirs: TemplateDirs, engineIndex: string, base: string): Promise<{ value: { folder: string }; inputs: string[] }> {
  // Loaded only when the compile is not in the cache: loading esbuild costs about 30 ms.
  const esbuild = await import('esbuild');
  const result = await compileBundlingPackages((keptOut) => compileOnce(esbuild, entries, dirs, engineIndex, keptOut), dirs.root).catch((error: unknown) => {
    throw compileError(error, dirs.root);
  });

  const hash = createHash('sha256');
  for (const file of result.outputFiles) hash.update(file.path).update('\0').update(file.contents).update('\0');
  const folder = path.join(base, hash.digest('hex').slice(0, 20));
  const outdir = path.join(dirs.root, 'compiled');
  if (!existsSync(folder)) {
    const staging = path.join(base, `.staging-${randomUUID()}`);
    for (const file of result.outputFiles) {
      const target = path.join(staging, path.relative(outdir, file.path));
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, file.contents);
    }
    await writeFile(path.join(staging, '.used'), '');
    await rename(staging, folder).catch(async (error: NodeJS.ErrnoException) => {
      // Another build wrote the same output first: it is identical, so use it.
      await rm(staging, { recursive: true, force: true });
      if (!existsSync(folder)) throw error;
    });
    await pruneStale(base, folder);
  }
  return { value: { folder }, inputs: Object.keys(result.metafile.inputs).map((file) => path.resolve(dirs.root, file)) };
}

async function pruneStale(base: string, keep: string): Promise<void> {
  const now = Date.now();
  for (const name of await readdir(base)) {
    const folder = path.join(base, name);
    if (folder === keep) continue;
    const used = await stat(path.join(folder, name.startsWith('.staging-') ? '.' : '.used')).catch(() => undefined);
    if (used && now - used.mtimeMs > STALE_MS) await rm(folder, { recursive: true, force: true }).catch(() => undefined);
  }
}

/**
 * Packages the templates share with the engine: one copy of each, the one Node loads, or a component would be
 * rendered by another React than the one whose hooks it calls.
 */
const SHARED_PACKAGES = new Set(['react', 'react-dom']);

/**
 * What a package's code uses to find files of its own (data, templates, binaries) beside it. Compiled into the
 * templates' bundle, it would look beside the bundle instead, so such a package stays an import.
 */
const OWN_FILES = /\b__dirname\b|\b__filename\b|\bimport\.meta\.(?:url|dirname|filename|resolve)\b|\brequire\.resolve\b/;

/**
 * Compiles the templates with the packages they import compiled in (but the shared ones): Node then loads a few
 * chunks rather than every module of every package, such as the 40-odd icon modules and zod's core, which was
 * about a tenth of a small site's build. A package whose code looks for its own files, or that esbuild cannot
 * compile (a native addon), is found in the first pass and left an import in the next; each pass leaves out at
 * least one more package, so this ends.
 */
async function compileBundlingPackages<R extends { metafile: esbuild.Metafile }>(compileWith: (keptOut: ReadonlySet<string>) => Promise<R>, root: string): Promise<R> {
  const keptOut = new Set(SHARED_PACKAGES);
  for (;;) {
    const before = keptOut.size;
    const result = await compileWith(keptOut).catch((error: unknown) => {
      for (const message of (error as Partial<esbuild.BuildFailure>).errors ?? []) {
        const name = message.location ? packageOfFile(message.location.file) : undefined;
        if (name !== undefined) keptOut.add(name);
      }
      if (keptOut.size === before) throw error;
      return undefined;
    });
    if (!result) continue;
    const packaged = Object.keys(result.metafile.inputs).filter((file) => packageOfFile(file) !== undefined);
    const texts = await Promise.all(packaged.map(async (file) => [file, await readFile(path.resolve(root, file), 'utf8').catch(() => '')] as const));
    for (const [file, text] of texts) if (OWN_FILES.test(text)) keptOut.add(packageOfFile(file)!);
    if (keptOut.size === before) return result;
  }
}

function compileOnce(esbuild: typeof import('esbuild'), entries: readonly string[], dirs: TemplateDirs, engineIndex: string, keptOut: ReadonlySet<string>) {
  const engineDir = ENGINE_SOURCE + path.sep;
  return esbuild.build({
    entryPoints: entries.map((file, i) => ({ in: file, out: `module-${i}` })),
    absWorkingDir: dirs.root,
    outdir: 'compiled',
    ...NODE_BUNDLE_OPTIONS,
    write: false,
    metafile: true,
    plugins: [
      packageImports((name) => !keptOut.has(name)),
      {
        name: 'engine-import',
        setup(build) {
          build.onResolve({ filter: /^\./ }, (args) => {
            const target = path.resolve(args.resolveDir, args.path);
            if (!target.startsWith(engineDir)) return undefined;
            if (target !== path.join(ENGINE_SOURCE, 'index.ts')) {
              return { errors: [{ text: `Templates import the engine through src/index.ts only, not ${path.relative(dirs.root, target)}.` }] };
            }
            return { path: engineIndex, external: true };
          });
        },
      },
    ],
  });
}

/** esbuild's compile errors as TEMPLATE_LOAD_FAILED, each naming its file and line. */
function compileError(error: unknown, root: string): Error {
  const failure = error as Partial<esbuild.BuildFailure>;
  if (!Array.isArray(failure.errors) || failure.errors.length === 0) return error instanceof Error ? error : new Error(String(error));
  return new SiteErrorList(
    failure.errors.map((message) => {
      const file = message.location?.file;
      const where = message.location ? `${file}:${message.location.line}:${message.location.column + 1}` : 'a template';
      return new SiteError('TEMPLATE_LOAD_FAILED', `${where} failed to compile: ${message.text}`, { ...(file ? { file: path.relative(root, path.resolve(root, file)) } : {}) });
    }),
  );
}

/** The compiled templates when the engine runs compiled (it cannot import TypeScript), else none: import the sources. */
export async function templateSources(dirs: TemplateDirs): Promise<TemplateSources> {
  return ENGINE_BUNDLE ? compileTemplates(dirs, path.join(ENGINE_BUNDLE, 'index.js')) : {};
}
