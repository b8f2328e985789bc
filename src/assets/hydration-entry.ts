// The module esbuild bundles for each island: the island's component and the call that hydrates it in the browser.
// It is written out as text because it imports the site's own component file, and resolves React from the site's
// templates, so that the component and its root share one React.

/**
 * Each island's entry: the component plus the hydrateRoot call, with the island's own identifierPrefix. `hydrate`
 * resolves once the island's effects have run: `Hydrated`'s effect runs after those of the tree inside it, and
 * renders no element of its own, so the markup and `useId` match the server's.
 */
export function hydrationEntry(file: string): string {
  return [
    `import { createElement, useEffect } from 'react';`,
    `import { hydrateRoot } from 'react-dom/client';`,
    `import Component from ${JSON.stringify(file)};`,
    `function Hydrated({ done, children }) {`,
    `  useEffect(() => done(), []);`,
    `  return children;`,
    `}`,
    `export function hydrate(element, props, identifierPrefix) {`,
    `  return new Promise((done) => {`,
    `    hydrateRoot(element, createElement(Hydrated, { done }, createElement(Component, props)), { identifierPrefix });`,
    `  });`,
    `}`,
  ].join('\n');
}
