// Module resolve hooks (node:module register(), registered by eleventy.config.mjs after tsx's, so they run first):
// `@site-templates/...` is BENCH_REPO/templates/... (the Astro bench's Vite alias), and every import that resolves to
// the engine's `src/index.ts` loads engine-shim.mjs instead (the Astro bench's Vite plugin). The templates import the
// engine by relative paths (`../src/index.ts`, `../../src/index.ts`).
let engineIndex;
let shim;
let templates;

/** `data` from register(): the file URLs of the engine's index, of the shim and of the templates folder. */
export function initialize(data) {
  ({ engineIndex, shim, templates } = data);
}

export async function resolve(specifier, context, nextResolve) {
  if (specifier.startsWith('@site-templates/')) {
    return nextResolve(new URL(specifier.slice('@site-templates/'.length), templates).href, context);
  }
  if (
    specifier.startsWith('.') &&
    specifier.endsWith('src/index.ts') &&
    context.parentURL?.startsWith('file:') &&
    new URL(specifier, context.parentURL).href === engineIndex
  ) {
    return { url: shim, format: 'module', shortCircuit: true };
  }
  return nextResolve(specifier, context);
}
