import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

type ServerRenderer = Pick<typeof import('react-dom/server'), 'renderToString' | 'renderToStaticMarkup'>;

/**
 * React DOM's string renderer, loaded alone. `react-dom/server` loads both of React DOM's server renderers, the
 * streaming one too, which the build never calls: 18 ms against 7 ms on every thread that renders. The file is
 * the one `react-dom/server` itself picks for Node (by NODE_ENV, as it does); a React DOM laid out otherwise
 * gets the package's own entry.
 */
function loadServerRenderer(): ServerRenderer {
  const require = createRequire(import.meta.url);
  const build = process.env.NODE_ENV === 'production' ? 'production' : 'development';
  const file = path.join(path.dirname(require.resolve('react-dom/package.json')), 'cjs', `react-dom-server-legacy.node.${build}.js`);
  return (existsSync(file) ? require(file) : require('react-dom/server')) as ServerRenderer;
}

export const { renderToString, renderToStaticMarkup } = loadServerRenderer();
