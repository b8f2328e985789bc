// Where the compiled engine lives in its package, in plain JavaScript so that bin/compile-engine.mjs, which runs
// before anything is compiled, and the engine itself (engine-files.ts) name the same folder.

/** The compiled engine's folder, relative to the package's root: one fixed place, inside the ignored node_modules. */
export const COMPILED_ENGINE = 'node_modules/.cache/site/engine';
