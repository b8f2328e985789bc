import type { OutputFile } from '../core/output-file.ts';

/** The bundled assets and what a page needs to link them. */
export interface AssetBundle {
  files: OutputFile[];
  styles: string[];
  /** The web fonts (woff2) the stylesheets reference, as URLs. */
  fonts: string[];
  runtime: string | undefined;
  islandUrls: ReadonlyMap<string, string>;
  /** Page script (as the page named it) to its bundled URL. */
  scriptUrls: ReadonlyMap<string, string>;
  /** Bytes of JavaScript a page loads: runtime and island modules (when it has islands), its scripts, their chunks. */
  jsBytesFor(islandNames: readonly string[], scripts: readonly string[]): number;
  /** The JavaScript files (output paths) these entries load, with every chunk they import statically. */
  scriptFilesFor(entries: ScriptEntries): readonly string[];
  /** The source modules esbuild bundled into an output file, relative to the templates folder. */
  inputsOf(file: string): string[];
  /** The same as plain data, for a render thread to link its pages the same way (see linkAssets). */
  manifest: AssetManifest;
}

/** What a page needs to link the bundle, as plain data: output paths, and each script's imports, size and inputs. */
export interface AssetManifest {
  styles: string[];
  fonts: string[];
  runtime: string | undefined;
  islands: Record<string, string>;
  scripts: Record<string, string>;
  outputs: Record<string, { bytes: number; imports: Array<{ path: string; kind: string }>; inputs: string[] }>;
}

/** What a page loads: the island runtime or not, island modules by name, page scripts as the page named them. */
export interface ScriptEntries {
  runtime: boolean;
  islands: readonly string[];
  scripts: readonly string[];
}

/** The bundle's links for pages, from its manifest: on the main thread and on every render thread alike. */
export function linkAssets(manifest: AssetManifest, files: OutputFile[] = []): AssetBundle {
  const { outputs } = manifest;
  // By entries: a site's pages load one of a few combinations, and the checks and the report ask for every page.
  const filesByEntries = new Map<string, readonly string[]>();
  function scriptFilesFor(entries: ScriptEntries): readonly string[] {
    // NUL, which no module name or path holds, between the parts.
    const key = `${entries.runtime ? 1 : 0}\0${entries.islands.join('\0')}\0\0${entries.scripts.join('\0')}`;
    let files = filesByEntries.get(key);
    if (!files) filesByEntries.set(key, (files = Object.freeze(walkScriptFiles(entries))));
    return files;
  }
  function walkScriptFiles(entries: ScriptEntries): string[] {
    const seen = new Set<string>();
    const visit = (file: string | undefined) => {
      if (file === undefined || seen.has(file)) return;
      seen.add(file);
      for (const imported of outputs[file]?.imports ?? []) {
        if (imported.kind === 'import-statement') visit(imported.path);
      }
    };
    if (entries.runtime) visit(manifest.runtime);
    for (const name of entries.islands) visit(manifest.islands[name]);
    for (const script of entries.scripts) visit(manifest.scripts[script]);
    return [...seen];
  }

  return {
    files,
    styles: manifest.styles,
    fonts: manifest.fonts,
    runtime: manifest.runtime && urlOf(manifest.runtime),
    islandUrls: new Map(Object.entries(manifest.islands).map(([name, file]) => [name, urlOf(file)])),
    scriptUrls: new Map(Object.entries(manifest.scripts).map(([script, file]) => [script, urlOf(file)])),
    jsBytesFor(names, scripts) {
      return scriptFilesFor({ runtime: names.length > 0, islands: names, scripts }).reduce(
        (sum, file) => sum + (outputs[file]?.bytes ?? 0),
        0,
      );
    },
    scriptFilesFor,
    inputsOf(file) {
      return outputs[file]?.inputs ?? [];
    },
    manifest,
  };
}

/**
 * The bundle less the islands no page used: every island is bundled before the pages render (so each render
 * thread can finish its documents), and the scripts only they load, with their source maps, are left out here.
 * The island runtime goes too when no page has an island.
 */
export function withoutUnusedIslands(bundle: AssetBundle, usedIslands: ReadonlySet<string>): AssetBundle {
  const { manifest } = bundle;
  const islands = Object.fromEntries(Object.entries(manifest.islands).filter(([name]) => usedIslands.has(name)));
  const kept: AssetManifest = { ...manifest, islands, runtime: usedIslands.size ? manifest.runtime : undefined };
  const reachable = new Set<string>();
  const visit = (file: string | undefined) => {
    if (file === undefined || reachable.has(file)) return;
    reachable.add(file);
    for (const imported of manifest.outputs[file]?.imports ?? []) {
      if (imported.kind === 'import-statement' || imported.kind === 'dynamic-import') visit(imported.path);
    }
  };
  visit(kept.runtime);
  for (const file of [...Object.values(islands), ...Object.values(manifest.scripts)]) visit(file);
  const isScript = (file: string) => file in manifest.outputs;
  const files = bundle.files.filter((file) => {
    const script = file.path.endsWith('.map') ? file.path.slice(0, -'.map'.length) : file.path;
    return !isScript(script) || reachable.has(script);
  });
  kept.outputs = Object.fromEntries(Object.entries(manifest.outputs).filter(([file]) => reachable.has(file)));
  return linkAssets(kept, files);
}

/** An output file's URL on the site. */
export const urlOf = (file: string): string => `/${file}`;
