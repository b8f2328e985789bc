import { describe, expect, it } from 'vitest';
import type { KeptScan } from '../../src/check/shared-scans.ts';
import type { Sha256 } from '../../src/output/sha256.ts';
import { documentDigest } from '../../src/output/document-figures.ts';
import type { Route } from '../../src/routes/discover-routes.ts';
import { FinishedPages } from '../../src/render/finished-pages.ts';
import type { EmittedMeta } from '../../src/render/render-page.ts';

const routes = ['/', '/a', '/b'].map((path) => ({ path, outputFile: `${path.slice(1) || 'index'}.html` }) as Route);
const meta: EmittedMeta = { robots: undefined, sitemap: undefined, headers: undefined, scripts: undefined };
const scan: KeptScan = { ids: new Set(['x']), renderBlockingScripts: [], blockedInline: [] };
const digestOf = (text: string): Sha256 => documentDigest(new TextEncoder().encode(text));

describe('FinishedPages', () => {
  it('gives back each page as it was kept, by route index, whatever order they were finished in', () => {
    const pages = new FinishedPages(routes);
    const contents = new Uint8Array([1, 2, 3]);
    pages.keep(2, { islands: [], meta, scan, size: 4_000_000_000, htmlGzipBytes: undefined, digest: undefined, contents });
    pages.keep(0, { islands: [], meta, scan, size: 120, htmlGzipBytes: 0, digest: digestOf('home'), leaksSecret: true });
    expect(pages.at(1)).toBeUndefined();
    pages.keep(1, { islands: [], meta, scan, size: 30_000, htmlGzipBytes: 9_000, digest: digestOf('a') });

    const [home, a, b] = [...pages];
    expect(pages.length).toBe(3);
    expect([home!.route, home!.size, home!.htmlGzipBytes, home!.digest, home!.leaksSecret, home!.contents]).toEqual([routes[0], 120, 0, digestOf('home'), true, undefined]);
    expect([a!.route.path, a!.meta, a!.scan, a!.size, a!.htmlGzipBytes, a!.digest, a!.leaksSecret]).toEqual(['/a', meta, scan, 30_000, 9_000, digestOf('a'), undefined]);
    expect([b!.size, b!.htmlGzipBytes, b!.digest, b!.contents]).toEqual([4_000_000_000, undefined, undefined, contents]);
    expect(pages.at(3)).toBeUndefined();
  });

  it('refuses to list its pages while one is not finished', () => {
    const pages = new FinishedPages(routes);
    pages.keep(0, { islands: [], meta, scan, size: 1, htmlGzipBytes: undefined, digest: undefined });
    expect(() => [...pages]).toThrow('The page at /a was never finished.');
  });
});
