import path from 'node:path';
import { cachedStep, cacheFolder, esbuildVersion } from './cache.ts';
import { ENGINE_SOURCE, engineFile } from './engine-files.ts';
import { SiteError } from './errors.ts';

/** One of the engine's browser scripts (src/client/), as one file for the output. */
export interface ClientScript {
  /** Its path under src/, such as `client/service-worker.ts`. */
  source: string;
  /** What it is, for the cache folder's name and the error: "the service worker". */
  name: string;
  /** Globals replaced as esbuild bundles it. */
  define?: Readonly<Record<string, string>>;
}

/** Stands for a build's manifest in the bundled service worker, which each build writes in its place (see emit/service-worker.ts). */
export const SERVICE_WORKER_MANIFEST = '__SITE_SW_MANIFEST__';

/** The engine's browser scripts: the same for every site, so `npm install` bundles them (see bundleClientScripts). */
export const CLIENT_SCRIPTS = {
  serviceWorker: {
    source: 'client/service-worker.ts',
    name: 'the service worker',
    define: { __SITE_SW__: SERVICE_WORKER_MANIFEST },
  },
  editorInit: { source: 'client/editor-init.ts', name: "the editor's script" },
} as const satisfies Record<string, ClientScript>;

/**
 * Bundles every engine script as a build without --debug uses it, into the build cache: bin/compile-engine.mjs calls
 * this at install, after compiling the engine, so a project's first build does not wait for esbuild to bundle them.
 */
export async function bundleClientScripts(): Promise<void> {
  for (const script of Object.values(CLIENT_SCRIPTS)) await bundledClientScript(script, false);
}

/**
 * Bundles an engine script for the browser, once per engine, esbuild version and mode: the result is kept in the build
 * cache, since it never depends on the site.
 */
export async function bundledClientScript(script: ClientScript, debug: boolean): Promise<string> {
  const source = engineFile(script.source);
  const key = JSON.stringify({ source, debug, define: script.define ?? {}, esbuild: esbuildVersion() });
  return cachedStep(cacheFolder(ENGINE_SOURCE, path.basename(script.source, '.ts')), key, async () => {
    try {
      const { build } = await import('esbuild');
      const result = await build({
        entryPoints: [source],
        absWorkingDir: ENGINE_SOURCE,
        bundle: true,
        write: false,
        metafile: true,
        format: 'iife',
        minify: !debug,
        target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
        ...(script.define ? { define: script.define } : {}),
        logLevel: 'silent',
      });
      return {
        value: result.outputFiles[0]!.text,
        inputs: Object.keys(result.metafile.inputs).map((file) => path.resolve(ENGINE_SOURCE, file)),
      };
    } catch (error) {
      throw new SiteError(
        'BUNDLE_FAILED',
        `Bundling ${script.name} failed: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
  });
}
