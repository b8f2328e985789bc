// Import rules for the engine (src/) and the site (templates/), checked by dependency-cruiser.
// Run: npx depcruise src templates     (test/unit/dependency-rules.test.ts runs the same through the JS API)
//
// Parsing: TypeScript 7 has no compiler API, so dependency-cruiser parses every file with swc (@swc/core) instead,
// and never with `tsc`. swc reads TypeScript syntax as written, before any type erasure, so `import type` and
// `export type ... from` count like any other import.
'use strict';

// dependency-cruiser 17 (the last line that runs on Node 20) never sets swc's `tsx` flag, so the first .tsx file with
// JSX in it aborts the whole run. 18.x fixes it the same way (sverweij/dependency-cruiser#1081) but needs Node 22; until
// the project moves to Node 22 and dependency-cruiser 18, turn the flag on for .tsx/.jsx files here (once, however
// often this file is loaded).
const swc = require('@swc/core');
if (!swc.parseFileSync.tsxForJsxFiles) {
  const parseFileSync = swc.parseFileSync;
  swc.parseFileSync = Object.assign(
    (file, options) => parseFileSync(file, /\.[jt]sx$/.test(String(file)) ? { ...options, tsx: true } : options),
    { tsxForJsxFiles: true },
  );
}

// The engine's layers, lowest first. A folder may import its own folder and the folders of LOWER layers only.
const LAYERS = [
  ['core'],
  ['collections', 'host', 'images'],
  ['load'],
  ['routes', 'assets', 'editor'],
  ['check', 'output'],
  ['render'],
  ['pages'],
  ['emit'],
  ['large'],
];
// Folders outside the layers, with what each may import besides itself.
const SEPARATE = {
  serve: ['core', 'host'],
  edit: ['core'],
  client: [],
};
const KNOWN_FOLDERS = [...LAYERS.flat(), ...Object.keys(SEPARATE)];

const anyOf = (folders) => `^src/(${folders.join('|')})/`;
const ROOT_FILE = '^src/[^/]+$';
const IN_A_FOLDER = '^src/[^/]+/';
// Each import breaks at most one of the rules below (cycles and unresolvable imports aside): the folder rules look
// only at known folders, an unknown folder is reported by no-unknown-folder, a root file by no-root-import.
const IN_A_KNOWN_FOLDER = anyOf(KNOWN_FOLDERS);

const layerRules = LAYERS.flatMap((folders, layer) =>
  folders.map((folder) => {
    // client/ is the browser code the build bundles: any folder may read its types (a manifest the build writes).
    const allowed = [folder, 'client', ...LAYERS.slice(0, layer).flat()];
    return {
      name: 'no-higher-layer',
      comment: `src/${folder}/ is layer ${layer}: it may import only ${allowed
        .map((f) => `${f}/`)
        .join(', ')}, so each layer builds on the ones below and can be read and tested without those above.`,
      severity: 'error',
      from: { path: `^src/${folder}/` },
      to: { path: IN_A_KNOWN_FOLDER, pathNot: anyOf(allowed) },
    };
  }),
);

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'A cycle (type-only imports included) makes load order fragile and means no file in it can be understood or tested on its own.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    ...layerRules,
    {
      name: 'serve-only-core-host',
      comment:
        'serve/ is the dev server, apart from the build pipeline: besides itself it may import only core/ and host/.',
      severity: 'error',
      from: { path: '^src/serve/' },
      to: { path: IN_A_KNOWN_FOLDER, pathNot: anyOf(['serve', ...SEPARATE.serve]) },
    },
    {
      name: 'edit-only-core',
      comment:
        'edit/ is the local editing backend of `site edit`, apart from the build pipeline: besides itself it may import only core/.',
      severity: 'error',
      from: { path: '^src/edit/' },
      to: { path: IN_A_KNOWN_FOLDER, pathNot: anyOf(['edit', ...SEPARATE.edit]) },
    },
    {
      name: 'client-only-client',
      comment: 'client/ is browser code: the rest of src/ is Node-side, so it may import nothing else in src/.',
      severity: 'error',
      from: { path: '^src/client/' },
      to: { path: IN_A_KNOWN_FOLDER, pathNot: anyOf(['client', ...SEPARATE.client]) },
    },
    {
      name: 'no-root-import',
      comment:
        'Root files (build.ts, cli.ts, index.ts, ...) sit on top of every folder; a folder importing one inverts the layering.',
      severity: 'error',
      from: { path: IN_A_FOLDER },
      to: { path: ROOT_FILE },
    },
    {
      name: 'src-not-to-site',
      comment:
        'The engine must work for any site: it reaches a site only through what it is handed, never by importing templates/ or data/.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(templates|data)/' },
    },
    {
      name: 'no-unknown-folder',
      comment:
        'A src/ folder missing from LAYERS in .dependency-cruiser.cjs would escape the layer rules: add it there.',
      severity: 'error',
      from: { path: IN_A_FOLDER, pathNot: IN_A_KNOWN_FOLDER },
      to: { path: IN_A_KNOWN_FOLDER },
    },
    {
      name: 'no-unknown-folder',
      comment:
        'A src/ folder missing from LAYERS in .dependency-cruiser.cjs would escape the layer rules: add it there.',
      severity: 'error',
      from: {},
      to: { path: IN_A_FOLDER, pathNot: IN_A_KNOWN_FOLDER },
    },
    {
      name: 'not-to-unresolvable',
      comment:
        'An import that cannot be resolved cannot be checked against the rules above (and would fail at run time).',
      severity: 'error',
      from: { path: '^(src|templates)/' },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    // swc, not tsc: TypeScript 7 has no compiler API (see the top of this file).
    parser: 'swc',
    // npm packages are leaves: their own imports are not ours to check.
    doNotFollow: { path: ['node_modules'] },
    // Decap's prebuilt bundle, copied into the engine (src/editor/decap/README.md): not our code, and never imported.
    exclude: { path: '^src/editor/decap/' },
    moduleSystems: ['es6', 'cjs'],
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
    cache: false,
  },
};
