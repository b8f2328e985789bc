import type * as esbuild from 'esbuild';
import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { cachedStep, cacheFolder, esbuildVersion } from '../core/cache.ts';
import { engineFile } from '../core/engine-files.ts';
import { SiteError } from '../core/errors.ts';
import type { IslandEntry } from '../load/import-templates.ts';
import { type AssetBundle, type AssetManifest, linkAssets, urlOf } from './asset-links.ts';
import { hydrationEntry } from './hydration-entry.ts';

export {
  type AssetBundle,
  type AssetManifest,
  linkAssets,
  type ScriptEntries,
  withoutUnusedIslands,
} from './asset-links.ts';

const RUNTIME_FILE = engineFile('client/island-runtime.ts');
const VIRTUAL = 'site-virtual';

export interface AssetInput {
  templatesDir: string;
  styles: readonly string[];
  islands: readonly IslandEntry[];
  /** Page scripts, relative to the templates folder. */
  scripts: readonly string[];
  debug: boolean;
}

/**
 * Bundles the site's stylesheets and the islands pages use, minified and content-hashed under assets/.
 * React lands in one shared chunk because all islands are built together with code splitting.
 */
export async function bundleAssets(input: AssetInput): Promise<AssetBundle> {
  // The same entries, options and esbuild read the same files into the same bundle; see cachedStep.
  const key = JSON.stringify({
    styles: input.styles,
    islands: input.islands.map((island) => [island.name, island.file]),
    scripts: input.scripts,
    debug: input.debug,
    templatesDir: input.templatesDir,
    runtime: RUNTIME_FILE,
    esbuild: esbuildVersion(),
    tsconfig: await nearestTsconfig(input.templatesDir),
  });
  const stored = await cachedStep(cacheFolder(input.templatesDir, 'assets'), key, async () => {
    const fresh = await bundleFresh(input);
    const files = fresh.files.map((file) => ({
      path: file.path,
      base64: Buffer.from(file.contents).toString('base64'),
    }));
    return { value: { manifest: fresh.manifest, files }, inputs: fresh.inputs };
  });
  return linkAssets(
    stored.manifest,
    stored.files.map((file) => ({ path: file.path, contents: new Uint8Array(Buffer.from(file.base64, 'base64')) })),
  );
}

/** One file esbuild wrote, by its output path. */
type BundledFile = { path: string; contents: Uint8Array };

/** The text of the tsconfig.json esbuild reads for the templates (it sets JSX), which no metafile lists. */
async function nearestTsconfig(dir: string): Promise<string> {
  for (let at = dir; ; at = path.dirname(at)) {
    const text = await readFile(path.join(at, 'tsconfig.json'), 'utf8').catch(() => undefined);
    if (text !== undefined || path.dirname(at) === at) return text ?? '';
  }
}

async function bundleFresh(
  linked: AssetInput,
): Promise<{ files: BundledFile[]; manifest: AssetManifest; inputs: string[] }> {
  // esbuild names entries from where the folder really is, so a linked templates folder is followed first.
  const input = { ...linked, templatesDir: await realpath(linked.templatesDir) };
  const outdir = path.join(input.templatesDir, '.site-virtual-out');
  const [css, js] = await Promise.all([bundleStyles(input, outdir), bundleIslands(input, outdir)]);
  const files = [...css.files, ...(js?.files ?? [])];
  const outputs = js?.outputs ?? {};
  const entries = outputsByEntryPoint(outputs);
  const manifest: AssetManifest = {
    styles: css.files.filter((f) => f.path.endsWith('.css')).map((f) => urlOf(f.path)),
    fonts: css.files.filter((f) => f.path.endsWith('.woff2')).map((f) => urlOf(f.path)),
    runtime:
      js && input.islands.length ? findEntry(entries, entryPointOf(input.templatesDir, RUNTIME_FILE)) : undefined,
    islands: Object.fromEntries(
      input.islands.map((island) => [island.name, findEntry(entries, `${VIRTUAL}:${island.name}`)]),
    ),
    scripts: Object.fromEntries(
      input.scripts.map((script) => [
        script,
        findEntry(entries, entryPointOf(input.templatesDir, path.join(input.templatesDir, script))),
      ]),
    ),
    outputs: Object.fromEntries(
      Object.entries(outputs).map(([file, meta]) => [
        file,
        {
          bytes: meta.bytes,
          imports: meta.imports.map(({ path, kind }) => ({ path, kind })),
          inputs: Object.keys(meta.inputs),
        },
      ]),
    ),
  };
  return { files, manifest, inputs: [...css.inputs, ...(js?.inputs ?? [])] };
}

async function bundleStyles(input: AssetInput, outdir: string) {
  const imports = input.styles.map((file) => `@import ${JSON.stringify(`./${file}`)};`).join('\n');
  // Island markers must not add a box of their own, or they would break the layout they sit in.
  const contents = `${imports}\nsite-island{display:contents}\n`;
  return run('styles', {
    entryPoints: [{ in: `${VIRTUAL}:styles`, out: 'assets/styles' }],
    plugins: [virtualModules(input.templatesDir, () => ({ contents, loader: 'css' }))],
    outdir,
    loader: {
      '.woff2': 'file',
      '.woff': 'file',
      '.svg': 'file',
      '.png': 'file',
      '.jpg': 'file',
      '.webp': 'file',
      '.avif': 'file',
    },
    ...common(input),
  });
}

/** Islands and page scripts are built together, so they share chunks (React once). */
async function bundleIslands(input: AssetInput, outdir: string) {
  if (input.islands.length === 0 && input.scripts.length === 0) return undefined;
  const byName = new Map(input.islands.map((island) => [island.name, island]));
  return run('scripts', {
    entryPoints: [
      ...(input.islands.length ? [{ in: RUNTIME_FILE, out: 'assets/island-runtime' }] : []),
      ...input.islands.map((island) => ({ in: `${VIRTUAL}:${island.name}`, out: `assets/islands/${island.name}` })),
      ...input.scripts.map((script) => ({
        in: path.join(input.templatesDir, script),
        out: `assets/${withoutExtension(script)}`,
      })),
    ],
    plugins: [
      virtualModules(input.templatesDir, (name) => {
        const island = byName.get(name);
        if (!island) return undefined;
        return { contents: hydrationEntry(island.file), loader: 'tsx' };
      }),
    ],
    outdir,
    splitting: true,
    format: 'esm',
    chunkNames: 'assets/chunks/[name]-[hash]',
    jsx: 'automatic',
    target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
    define: { 'process.env.NODE_ENV': '"production"' },
    ...common(input),
  });
}

function common(input: AssetInput): esbuild.BuildOptions {
  return {
    bundle: true,
    write: false,
    metafile: true,
    minify: true,
    sourcemap: input.debug ? 'linked' : false,
    entryNames: '[dir]/[name]-[hash]',
    assetNames: 'assets/[name]-[hash]',
    publicPath: '/',
    logLevel: 'silent',
    absWorkingDir: input.templatesDir,
  };
}

function virtualModules(
  resolveDir: string,
  load: (name: string) => { contents: string; loader: esbuild.Loader } | undefined,
): esbuild.Plugin {
  return {
    name: 'site-virtual-modules',
    setup(build) {
      build.onResolve({ filter: new RegExp(`^${VIRTUAL}:`) }, (args) => ({
        path: args.path.slice(VIRTUAL.length + 1),
        namespace: VIRTUAL,
      }));
      build.onLoad({ filter: /.*/, namespace: VIRTUAL }, (args) => {
        const module = load(args.path);
        return module && { ...module, resolveDir };
      });
    },
  };
}

async function run(label: string, options: esbuild.BuildOptions) {
  const outdir = options.outdir ?? '';
  let result: esbuild.BuildResult & { outputFiles: esbuild.OutputFile[]; metafile: esbuild.Metafile };
  try {
    // Loaded only when a bundle is not in the cache: loading esbuild costs about 30 ms.
    const { build } = await import('esbuild');
    result = (await build(options)) as typeof result;
  } catch (error) {
    const first = (error as esbuild.BuildFailure).errors?.[0];
    const where = first?.location
      ? `${first.location.file}:${first.location.line}:${first.location.column}`
      : undefined;
    throw new SiteError('BUNDLE_FAILED', `Bundling ${label} failed: ${first?.text ?? String(error)}`, {
      file: where,
      cause: error,
    });
  }
  const relative = (file: string) => path.relative(outdir, file).split(path.sep).join('/');
  const outputs: esbuild.Metafile['outputs'] = {};
  for (const [file, meta] of Object.entries(result.metafile.outputs)) {
    outputs[relative(path.resolve(options.absWorkingDir ?? '', file))] = {
      ...meta,
      imports: meta.imports.map((i) => ({
        ...i,
        path: i.external ? i.path : relative(path.resolve(options.absWorkingDir ?? '', i.path)),
      })),
    };
  }
  const files: BundledFile[] = result.outputFiles.map((file) => ({
    path: relative(file.path),
    contents: file.contents,
  }));
  // The files read, for the cache; virtual modules (island entries) are made from the island list, in its key.
  const inputs = Object.keys(result.metafile.inputs)
    .filter((file) => !file.startsWith(`${VIRTUAL}:`))
    .map((file) => path.resolve(options.absWorkingDir ?? '', file));
  return { files, outputs, inputs };
}

/**
 * Each entry point's output file, read from the metafile. Matching by the entry point itself (not by a file
 * name prefix) keeps islands such as `form` and `form-popup` apart.
 */
function outputsByEntryPoint(outputs: esbuild.Metafile['outputs']): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [file, meta] of Object.entries(outputs)) {
    if (meta.entryPoint && file.endsWith('.js')) entries.set(meta.entryPoint, file);
  }
  return entries;
}

function findEntry(entries: ReadonlyMap<string, string>, entryPoint: string): string {
  const file = entries.get(entryPoint);
  if (!file) throw new SiteError('BUNDLE_FAILED', `esbuild produced no output for ${entryPoint}.`);
  return file;
}

/** How esbuild names a file entry point in its metafile: relative to the working folder, with forward slashes. */
const entryPointOf = (workingDir: string, file: string): string =>
  path.relative(workingDir, file).split(path.sep).join('/');

/** `scripts/not-found.ts` → `scripts/not-found`: the folder is kept so two scripts of one name cannot collide. */
const withoutExtension = (script: string): string =>
  script
    .split(path.sep)
    .join('/')
    .replace(/\.[jt]sx?$/, '');
