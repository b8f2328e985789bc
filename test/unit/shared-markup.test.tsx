import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { scanHtml, scanHtmlFast } from '../../src/check/scan-html.ts';
import { scanSharedMarkup, type MarkupSkip } from '../../src/check/scan-fast.ts';
import type { PageScan } from '../../src/check/scan-tag.ts';
import { decodedScan, scanLists } from '../helpers/scan-lists.ts';
import { markupPlaces, skipsAt } from '../../src/check/shared-markup.ts';
import { WriteThread } from '../../src/output/write-thread.ts';
import { MarkupCache, MarkupCacheContext, RenderOnce, type SharedMarkup } from '../../src/render/render-once.tsx';
import { emptyFoldersPerTest } from '../helpers/temp-dirs.ts';

// A header and a footer as <RenderOnce> would place them: links (one a media source, whose kind depends on its
// parent), ids, an inline style and an event handler the CSP check reports.
const headerMarkup = '<nav id="menu"><a href="/">Home</a><a href="/about#team" style="color:red">About</a><button onclick="go()">Go</button></nav>';
const footerMarkup = '<p id="legal">© <a href="/contact">Contact</a></p><video><source src="/clip.mp4"/></video><svg><use href="#i"/></svg>';
const header: SharedMarkup = { id: 0, html: headerMarkup, tag: 'header' };
const footer: SharedMarkup = { id: 1, html: footerMarkup, tag: 'footer' };

// Where the page holds the markup whose scan can be taken, as finishPage and the write thread find it.
const skipsOf = (html: string, placed: readonly SharedMarkup[]) => skipsAt(markupPlaces(html, placed));

const page = (main: string) =>
  `<!DOCTYPE html><html lang="en"><head><title>T</title><link rel="stylesheet" href="/s.css"/></head><body><header class="site-header">${headerMarkup}</header><main id="main">${main}</main><footer class="site-footer">${footerMarkup}</footer></body></html>`;

const comparable = scanLists;

describe('scanning shared markup once', () => {
  it('gives every page the scan it had when its header and footer were read, in the same order', () => {
    for (const main of ['<h1 id="top">Hi</h1><a href="/services">Services</a>', '', '<div id="menu"><img src="/a.png" onload="x()"/></div>']) {
      const html = page(main);
      const skips = skipsOf(html, [header, footer]);
      expect(skips.map((skip) => html.slice(skip.start, skip.end))).toEqual([headerMarkup, footerMarkup]);
      expect(comparable(scanHtml(html, skips))).toEqual(comparable(scanHtml(html)));
    }
  });

  it('takes the known scan in place of reading the markup', () => {
    const html = page('<a href="/services">Services</a>');
    const [headerSkip] = skipsOf(html, [header]);
    const known: PageScan = { ids: new Set(['known']), links: [{ tag: 'a', attr: 'href', url: '/known', fetch: 'other' }], renderBlockingScripts: [], blockedInline: [] };
    const scan = scanHtmlFast(html, [{ ...headerSkip!, scan: known }])!;
    expect(scan.links.map((link) => link.url)).toEqual(['/s.css', '/known', '/services', '/contact', '/clip.mp4']);
    expect([...scan.ids]).toEqual(['known', 'main', 'legal']);
  });

  it('reads the markup itself where the page does not hold it just inside its element', () => {
    const html = page('<p>x</p>');
    const headerStart = html.indexOf(headerMarkup);
    const known: PageScan = { ids: new Set(['known']), links: [], renderBlockingScripts: [], blockedInline: [] };
    const wrong: MarkupSkip[] = [
      { start: headerStart, end: headerStart + headerMarkup.length, parent: 'footer', scan: known },
      { start: headerStart + 1, end: headerStart + headerMarkup.length, parent: 'header', scan: known },
    ];
    for (const skip of wrong) expect(comparable(scanHtmlFast(html, [skip])!)).toEqual(comparable(scanHtml(html)));
    // Inside svg the markup could read otherwise (self-closing tags close there): it is read.
    const inSvg = `<body><svg>${headerMarkup}</svg></body>`;
    const start = inSvg.indexOf(headerMarkup);
    expect(scanHtmlFast(inSvg, [{ start, end: start + headerMarkup.length, parent: 'svg', scan: known }])!.ids.has('known')).toBe(false);
  });

  it('refuses markup whose scan could depend on the page around it', () => {
    expect(scanSharedMarkup(headerMarkup, 'header')).toBeDefined();
    for (const markup of ['<a href="/x">x</header><p>', '<div><a href="/x">x</a>', '<head><title>x</title></head>', '<body>x</body>', '<div x="1>']) {
      expect(scanSharedMarkup(markup, 'header'), markup).toBeUndefined();
    }
    const html = '<body><header><a href="/x">x</a></header><div>x</div></body>';
    const skips = skipsOf(html, [{ id: 2, html: '<a href="/x">x</a></header><div>', tag: 'header' }, { id: 3, html: '<a href="/x">x</a>', tag: undefined }]);
    expect(skips).toEqual([]);
  });
});

describe('RenderOnce placing shared markup', () => {
  it('records, for the page being rendered, the markup it placed in order, the same object on every page', () => {
    const cache = new MarkupCache();
    const render = () => {
      cache.placed = [];
      renderToStaticMarkup(
        <MarkupCacheContext.Provider value={cache}>
          <RenderOnce as="header" cacheKey="header">
            <a href="/">Home</a>
          </RenderOnce>
          <main>x</main>
          <RenderOnce as="footer" cacheKey="footer">
            <p>©</p>
          </RenderOnce>
        </MarkupCacheContext.Provider>,
      );
      return cache.placed;
    };
    const first = render();
    expect(first.map((markup) => [markup.tag, markup.html])).toEqual([
      ['header', '<a href="/">Home</a>'],
      ['footer', '<p>©</p>'],
    ]);
    const second = render();
    expect(second[0]).toBe(first[0]);
    expect(second[1]).toBe(first[1]);
  });
});

describe('the write thread and shared markup', () => {
  const folder = emptyFoldersPerTest('shared-markup');
  let thread: WriteThread | undefined;
  afterEach(async () => thread?.close());

  it('scans each document as scanHtml does, finding the shared markup the page placed, or taking where the renderer found it', async () => {
    const dir = await folder();
    thread = new WriteThread(undefined);
    const pages = ['<a href="/one">One</a>', '<a href="/two" id="two">Two</a>', '<a href="/three">Three</a>', '<a href="/four">Four</a>'].map(page);
    // The renderer finds the places itself while the write thread is behind: every other page here.
    const written = await Promise.all(
      pages.map((html, index) =>
        thread!.write({ target: path.join(dir, `${index}.html`), bytes: new Uint8Array(Buffer.from(html)), writeOver: false, budget: undefined, self: ['https://site.example/page', '/page'], digest: false, shared: index % 2 ? markupPlaces(html, [header, footer]) : [header, footer] }),
      ),
    );
    written.forEach((document, index) => expect(comparable(decodedScan(document.scan, thread!.entries))).toEqual(comparable(scanHtml(pages[index]!))));
    expect(await readFile(path.join(dir, '1.html'), 'utf8')).toBe(pages[1]);
  });
});
