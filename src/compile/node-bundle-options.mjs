// How the engine (bin/engine-bundle.mjs) and the templates (compile-templates.ts) are compiled for Node, in plain
// JavaScript so the bin can read it before anything is compiled: ES modules with shared chunks, so a module two
// entries import is one instance; packages left as imports, so one copy of React serves engine and templates.
/** @type {import('esbuild').BuildOptions} */
export const NODE_BUNDLE_OPTIONS = {
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  jsx: 'automatic',
  chunkNames: 'chunks/[name]-[hash]',
  logLevel: 'silent',
};
