// How the engine (bin/compile-engine.mjs) and the templates (compile-templates.ts) are compiled for Node, in plain
// JavaScript so the bin can read it before anything is compiled: ES modules with shared chunks, so a module two
// entries import is one instance. Which packages go into the bundle and which stay imports, each caller says
// through `packageImports`.
/** @type {import('esbuild').BuildOptions} */
export const NODE_BUNDLE_OPTIONS = {
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  jsx: 'automatic',
  chunkNames: 'chunks/[name]-[hash]',
  logLevel: 'silent',
  // An ES module has no `require`: bundled CommonJS code (such as yaml's) gets one, for Node's own modules and
  // for the packages left as imports.
  banner: {
    js: "import { createRequire as __siteCreateRequire } from 'node:module'; const require = __siteCreateRequire(import.meta.url);",
  },
};

/**
 * The package a bare import names (`zod` of `zod/mini`, `@emailjs/browser` of itself); undefined for a relative
 * or absolute path and for Node's own modules.
 * @type {(specifier: string) => string | undefined}
 */
export function packageOf(specifier) {
  if (/^[./]/.test(specifier) || specifier.startsWith('node:')) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * The package a file belongs to, by the last node_modules folder in its path; undefined outside any.
 * @type {(file: string) => string | undefined}
 */
export function packageOfFile(file) {
  const parts = file.split(/[\\/]/);
  const at = parts.lastIndexOf('node_modules');
  if (at < 0 || at + 1 >= parts.length) return undefined;
  return packageOf(parts.slice(at + 1, parts[at + 1].startsWith('@') ? at + 3 : at + 2).join('/'));
}

/**
 * An esbuild plugin: an import of a package is compiled into the bundle when `bundled(name)` holds, and left as
 * an import for Node to load otherwise. Node's own modules always stay imports.
 * @type {(bundled: (name: string) => boolean) => import('esbuild').Plugin}
 */
export function packageImports(bundled) {
  return {
    name: 'package-imports',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        const name = packageOf(args.path);
        return name === undefined || bundled(name) ? undefined : { external: true };
      });
    },
  };
}
