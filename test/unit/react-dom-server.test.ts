import * as packageEntry from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup, renderToString } from '../../src/render/react-dom-server.ts';

describe("the engine's React DOM server renderer", () => {
  it('is the very renderer react-dom/server gives for this NODE_ENV, loaded without the streaming one', () => {
    // The same module instance, not a copy: the engine renders with the code the package itself picks.
    expect(renderToString).toBe(packageEntry.renderToString);
    expect(renderToStaticMarkup).toBe(packageEntry.renderToStaticMarkup);
  });
});
