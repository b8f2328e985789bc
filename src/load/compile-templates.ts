import type * as esbuild from 'esbuild';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { cachedStep, cacheFolder, removeStale } from '../core/cache.ts';
import { ENGINE_SOURCE } from '../core/engine-files.ts';
import { SiteError, SiteErrorList } from '../core/errors.ts';
import { NODE_BUNDLE_OPTIONS, packageImports, packageOfFile } from './node-bundle-options.mjs';
import type { TemplateDirs, TemplateFiles } from './template-files.ts';

/** Each template module's compiled file, by its source file (absolute paths). */
export type CompiledTemplates = Readonly<Record<string, string>>;

/**
 * Compiles the site's modules to JavaScript in one esbuild pass with shared chunks, so a component that a page
 * renders and the island registry holds is one object. The packages the templates import are compiled in (Node then
 * loads a few chunks, not every module of every package: about a tenth of the real site's build), but React and
 * those that cannot be (see compileBundlingPackages). Imports of the engine go to `engineIndex`, the module the
 * running engine is, so pages and engine share its React contexts.
 *
 * The output lands in a folder named by its content hash, so concurrent builds share it and never see it half
 * written, and is reused while every file that went in is unchanged.
 */
export async function compileTemplates(
  dirs: TemplateDirs,
  files: TemplateFiles,
  engineIndex: string,
): Promise<CompiledTemplates> {
  const entries = [files.siteConfig, ...files.pages.map((file) => path.join(dirs.pagesDir, file)), ...files.islands]
    .map((file) => path.normalize(file))
    .sort();
  const base = cacheFolder(dirs.templatesDir, 'templates');
  const { folder } = await cachedStep(
    base,
    [engineIndex, ...entries].join('\0'),
    () => compile(entries, dirs, engineIndex, base),
    (value) => existsSync(value.folder),
  );
  // Dated as used, so the removal of stale compiles keeps it.
  const now = new Date();
  await utimes(folder, now, now).catch(() => undefined);
  return Object.fromEntries(entries.map((file, i) => [file, path.join(folder, `module-${i}.js`)]));
}

async function compile(
  entries: readonly string[],
  dirs: TemplateDirs,
  engineIndex: string,
  base: string,
): Promise<{ value: { folder: string }; inputs: string[] }> {
  const esbuild = await import('esbuild');
  const result = await compileBundlingPackages(
    (keptOut) => compileOnce(esbuild, entries, dirs, engineIndex, keptOut),
    dirs.root,
  ).catch((error: unknown) => {
    throw compileError(error, dirs.root);
  });
  const hash = createHash('sha256');
  for (const file of result.outputFiles) hash.update(file.path).update('\0').update(file.contents).update('\0');
  const folder = path.join(base, hash.digest('hex').slice(0, 20));
  if (!existsSync(folder)) {
    const staging = path.join(base, `.staging-${randomUUID()}`);
    const outdir = path.join(dirs.root, 'compiled');
    for (const file of result.outputFiles) {
      const target = path.join(staging, path.relative(outdir, file.path));
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, file.contents);
    }
    await rename(staging, folder).catch(async (error: NodeJS.ErrnoException) => {
      // Another build wrote the same output first: it is identical, so use it.
      await rm(staging, { recursive: true, force: true });
      if (!existsSync(folder)) throw error;
    });
    await removeStale(base, folder);
  }
  return {
    value: { folder },
    inputs: Object.keys(result.metafile.inputs).map((file) => path.resolve(dirs.root, file)),
  };
}

/** Packages the templates share with the engine: one copy of each, or a component would call another React's hooks. */
const SHARED_PACKAGES = new Set(['react', 'react-dom']);

/** What a package's code uses to find files beside it, which it would look for beside the bundle instead. */
const OWN_FILES =
  /\b__dirname\b|\b__filename\b|\bimport\.meta\.(?:url|dirname|filename|resolve)\b|\brequire\.resolve\b/;

/**
 * Compiles with the packages the templates import compiled in, but the shared ones. A package whose code looks for
 * its own files, or that esbuild cannot compile (a native addon), is found in one pass and left an import in the
 * next; each pass leaves out at least one more package, so this ends.
 */
async function compileBundlingPackages<R extends { metafile: esbuild.Metafile }>(
  compileWith: (keptOut: ReadonlySet<string>) => Promise<R>,
  root: string,
): Promise<R> {
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
    const texts = await Promise.all(
      packaged.map(async (file) => [file, await readFile(path.resolve(root, file), 'utf8').catch(() => '')] as const),
    );
    for (const [file, text] of texts) if (OWN_FILES.test(text)) keptOut.add(packageOfFile(file)!);
    if (keptOut.size === before) return result;
  }
}

function compileOnce(
  esbuild: typeof import('esbuild'),
  entries: readonly string[],
  dirs: TemplateDirs,
  engineIndex: string,
  keptOut: ReadonlySet<string>,
) {
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
              return {
                errors: [
                  {
                    text: `Templates import the engine through src/index.ts only, not ${path.relative(
                      dirs.root,
                      target,
                    )}.`,
                  },
                ],
              };
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
  if (!Array.isArray(failure.errors) || failure.errors.length === 0) {
    return error instanceof Error ? error : new Error(String(error));
  }
  return new SiteErrorList(
    failure.errors.map((message) => {
      const file = message.location?.file;
      const where = message.location ? `${file}:${message.location.line}:${message.location.column + 1}` : 'a template';
      return new SiteError('TEMPLATE_LOAD_FAILED', `${where} failed to compile: ${message.text}`, {
        ...(file ? { file: path.relative(root, path.resolve(root, file)) } : {}),
      });
    }),
  );
}
