import { existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { bundledClientScript, CLIENT_SCRIPTS } from '../core/client-script.ts';
import type { EditorOptions } from '../core/editor-options.ts';
import { cacheFolder, keepFile, sha256 } from '../core/cache.ts';
import { ENGINE_SOURCE, engineFile } from '../core/engine-files.ts';
import { SiteError } from '../core/errors.ts';
import { LIVE_RELOAD_OFF } from '../core/live-reload-off.ts';
import { type OutputFile, sizeOf } from '../core/output-file.ts';
import type { Collections } from '../core/site-definition.ts';
import type { SiteFeature } from '../core/site-feature.ts';
import { policyText, REVALIDATE } from '../host/host-files.ts';
import type { LoadedSite } from '../load/load-site.ts';
import { decapConfig } from './decap-config.ts';
import type { BuildOnlyRule } from './decap-fields.ts';

export interface EditorInput {
  editor: EditorOptions;
  collections: Collections;
  data: Readonly<Record<string, unknown>>;
  root: string;
  dataDir: string;
  siteName: string;
  /** The site's language, for the editor's page. */
  lang: string;
  siteUrl: string;
  env: Readonly<Record<string, unknown>>;
  localBackend: string | undefined;
  /** The other origins the pages load images from, so the editor previews today's photos too. */
  imageOrigins: readonly string[];
  debug: boolean;
}

/**
 * What the editor adds to the output, as any feature of the site does (its files, the header rules of its paths,
 * its own paths, warnings), and the rules only the build holds.
 */
export interface EditorOutput extends SiteFeature {
  buildOnly: BuildOnlyRule[];
}

/** The site's editor, when its definition has one; `site edit` points it at its local backend (SITE_EDITOR_LOCAL_BACKEND). */
export async function siteEditor(site: LoadedSite, imageOrigins: readonly string[]): Promise<EditorOutput | undefined> {
  const { definition, config, info } = site;
  if (!definition.editor) return undefined;
  const local = config.env.SITE_EDITOR_LOCAL_BACKEND;
  return editorFiles({
    editor: definition.editor as EditorOptions,
    collections: definition.collections,
    data: site.data as Readonly<Record<string, unknown>>,
    root: config.root,
    dataDir: config.dataDir,
    siteName: definition.siteName(site.data),
    lang: definition.lang,
    siteUrl: info.url,
    env: info.env,
    localBackend: local ? localBackend(local) : undefined,
    imageOrigins,
    debug: config.debug,
  });
}

/** The local backend must be an http address on this machine: the editor sends it every edit. */
function localBackend(value: string): string {
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (!url || url.protocol !== 'http:' || !['127.0.0.1', 'localhost'].includes(url.hostname)) {
    throw new SiteError(
      'CONFIG_INVALID',
      `SITE_EDITOR_LOCAL_BACKEND is "${value}", which is not an http:// address on 127.0.0.1.`,
      {
        hint: 'site edit sets it; unset it for any other build.',
      },
    );
  }
  return url.href.replace(/\/$/, '');
}

/**
 * The editor at `editor.path`: a page that loads Decap CMS's own bundle (kept in the engine, no CDN), a stylesheet
 * that fits it to a phone, the engine's script that keeps saved files as they were laid out, and the configuration generated from the
 * schemas. Its paths get a policy of their own, the only one on the site that allows eval (Decap compiles its
 * config schema with `new Function`) and inline styles (its UI styles itself).
 */
export async function editorFiles(input: EditorInput): Promise<EditorOutput> {
  const base = input.editor.path.replace(/^\/+|\/+$/g, '');
  const dataFolder = path.relative(input.root, input.dataDir).split(path.sep).join('/');
  const { config, buildOnly, backendMissing } = decapConfig({
    editor: input.editor,
    collections: input.collections,
    data: input.data,
    dataFolder,
    siteUrl: input.siteUrl,
    env: input.env,
    localBackend: input.localBackend,
  });
  const decap = await decapFiles(base);
  const init = await initScript(input.debug);
  const files: OutputFile[] = [
    { path: `${base}.html`, contents: editorPage(input, base) },
    { path: `${base}/config.yml`, contents: `${JSON.stringify(config, null, 2)}\n` },
    { path: `${base}/editor-init.js`, contents: init },
    ...decap.files,
  ];
  const headers = {
    'Cache-Control': REVALIDATE,
    'X-Robots-Tag': 'noindex',
    'Content-Security-Policy': editorPolicy(input),
    'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
  };
  // The site-wide rule's strict policy and opener policy must not also apply here (a host joins repeated headers).
  const detach = ['Content-Security-Policy', 'Cross-Origin-Opener-Policy'];
  const warnings = backendMissing
    ? [
        `The editor at /${base} has no production backend: the owner cannot sign in on the live site until the site names the repository it saves to${
          input.editor.setupHint ? ` (${input.editor.setupHint})` : ''
        }.`,
      ]
    : [];
  return {
    name: 'editor',
    files,
    ownPaths: [`/${base}`],
    headerRules: [
      { path: `/${base}`, headers, detach },
      { path: `/${base}/*`, headers, detach },
    ],
    summary: {
      name: 'editor',
      path: `/${base}`,
      bytes: decap.bytes + Buffer.byteLength(init),
      gzipBytes: decap.gzipBytes,
    },
    warnings,
    buildOnly,
  };
}

/** The editor's page: Decap reads its configuration from the link, then the engine's script registers its formats and starts it. */
function editorPage({ siteName, lang, editor }: EditorInput, base: string): string {
  const escape = (text: string) => text.replace(/[<&"]/g, (char) => `&#${char.charCodeAt(0)};`);
  const title = escape(`Content Manager · ${siteName}`);
  const { media } = editor;
  return [
    '<!doctype html>',
    `<html lang="${escape(lang)}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex, nofollow">',
    // A rebuild after each Publish must not reload the editor while the owner is writing the next change.
    LIVE_RELOAD_OFF,
    `<title>${title}</title>`,
    `<link rel="cms-config-url" type="text/yaml" href="/${base}/config.yml">`,
    // After Decap's own styles only in specificity: its styles are inserted at run time, after this link.
    `<link rel="stylesheet" href="/${base}/editor.css">`,
    '</head>',
    '<body>',
    `<script src="/${base}/editor-init.js" data-extensions="${escape(media.extensions.join(','))}" data-refusal="${escape(
      media.hint,
    )}"></script>`,
    `<script src="/${base}/decap-cms.js"></script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/**
 * The editor's policy: Decap's needs (eval, inline styles, blob previews, and fetching an uploaded photo's blob to
 * send it), the Git host's API and images, the local backend when `site edit` runs.
 */
function editorPolicy(input: EditorInput): string {
  const local = input.localBackend ? [new URL(input.localBackend).origin] : [];
  const directives: Record<string, readonly string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", "'unsafe-eval'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...input.imageOrigins, ...input.editor.gitHost.images],
    'media-src': ["'self'", 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", 'blob:', ...input.editor.gitHost.api, ...local],
    'frame-src': ["'self'", 'blob:'],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'manifest-src': ["'self'"],
  };
  return policyText(directives);
}

/** Decap's prebuilt files, kept in the engine (src/editor/decap/, see its README), and the engine's stylesheet for them. */
const DECAP_FOLDER = engineFile('editor/decap');
const EDITOR_STYLESHEET = engineFile('client/editor.css');

/**
 * The one change the engine makes to Decap's bundle as it copies it: an image field's media library lists only the
 * photo types Decap knows (Ix, a copy of its list Lx), which leave out an iPhone's HEIC, so an uploaded HEIC photo
 * could not be chosen. Found exactly once in the bundle, or the build says what to update.
 */
export const DECAP_PATCH = { find: 'Ix=[...Lx]', replace: 'Ix=[...Lx,"heic","heif"]' };

/**
 * Decap's self-contained bundle (patched, see DECAP_PATCH) and the chunks and WebAssembly it may load on demand,
 * hard-linked with the engine's stylesheet; Decap's gzipped size is written beside it (decap.json).
 */
async function decapFiles(base: string): Promise<{ files: OutputFile[]; bytes: number; gzipBytes: number }> {
  const names = (await readdir(DECAP_FOLDER)).filter((name) => /\.(js|wasm)$/.test(name) && name !== 'decap-cms.js');
  const sources = [...names.sort().map((name) => path.join(DECAP_FOLDER, name)), EDITOR_STYLESHEET];
  const files: OutputFile[] = [{ path: `${base}/decap-cms.js`, ...(await patchedDecapBundle()) }];
  for (const source of sources) {
    files.push({ path: `${base}/${path.basename(source)}`, source, size: (await stat(source)).size, link: true });
  }
  const bytes = files.reduce((sum, file) => sum + sizeOf(file), 0);
  return { files, bytes, gzipBytes: (await decapNote()).gzipBytes };
}

/** What src/editor/decap/decap.json says of the bundle beside it. */
async function decapNote(): Promise<{ version: string; gzipBytes: number }> {
  return JSON.parse(await readFile(path.join(DECAP_FOLDER, 'decap.json'), 'utf8')) as {
    version: string;
    gzipBytes: number;
  };
}

/**
 * The patched bundle, made once per Decap version and patch into the build cache (by `npm install`, see prepare.ts)
 * and linked from there: held in memory at every build, its 5 MB raised a build's peak memory by a fifth (103 to
 * 124 MB for the real site). Where the cache cannot be written, the bundle itself.
 */
export async function patchedDecapBundle(): Promise<
  { source: string; size: number; link: true } | { contents: Buffer }
> {
  const key = sha256(`${(await decapNote()).version}\0${DECAP_PATCH.find}\0${DECAP_PATCH.replace}`).slice(0, 16);
  const file = path.join(cacheFolder(ENGINE_SOURCE, 'decap'), `decap-cms-${key}.js`);
  if (existsSync(file)) return { source: file, size: (await stat(file)).size, link: true };
  const bundle = patchedBundle(await readFile(path.join(DECAP_FOLDER, 'decap-cms.js')));
  return (await keepFile(file, bundle)) ? { source: file, size: bundle.byteLength, link: true } : { contents: bundle };
}

/** Decap's bundle with DECAP_PATCH applied, as bytes: as a string (two bytes a character) it took three times the memory. */
export function patchedBundle(bundle: Buffer): Buffer {
  const at = bundle.indexOf(DECAP_PATCH.find);
  if (at < 0 || bundle.indexOf(DECAP_PATCH.find, at + 1) >= 0) {
    throw new SiteError('EDITOR_BUNDLE_CHANGED', `Decap's bundle does not hold "${DECAP_PATCH.find}" exactly once.`, {
      file: 'src/editor/decap/decap-cms.js',
      hint: 'A new Decap version: find its list of image types in the media library and update DECAP_PATCH in src/editor/editor-files.ts.',
    });
  }
  const rest = bundle.subarray(at + DECAP_PATCH.find.length);
  return Buffer.concat([bundle.subarray(0, at), Buffer.from(DECAP_PATCH.replace), rest]);
}

/** The engine's editor script (src/client/editor-init.ts). */
function initScript(debug: boolean): Promise<string> {
  return bundledClientScript(CLIENT_SCRIPTS.editorInit, debug);
}
