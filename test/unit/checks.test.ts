import { describe, expect, it } from 'vitest';
import { byCodeUnits } from '../../src/code-unit-order.ts';
import { didYouMean, editDistance } from '../../src/check/did-you-mean.ts';
import { checkLinks, pageLinkTest } from '../../src/check/link-check.ts';
import { LinkTally } from '../../src/check/link-tally.ts';
import { scanHtml, scanHtmlFast, scanHtmlFull, srcsetUrls, type PageScan } from '../../src/check/scan-html.ts';
import { keptScan, ScanMirror, ScanTable } from '../../src/check/shared-scans.ts';
import { selfUrls, setAsideSelfLinks } from '../../src/check/self-links.ts';
import type { RedirectRule } from '../../src/serve/redirects-file.ts';
import { decodedScan, scanLists } from '../helpers/scan-lists.ts';
import { mediaOriginsOf } from '../../src/emit/media-origins.ts';
import { parseRedirectsFile } from '../../src/serve/redirects-file.ts';

describe('scanHtml', () => {
  const page = `<!DOCTYPE html><html><head>
    <script src="/blocking.js"></script><script type="module" src="/ok.js"></script><script defer src="/deferred.js"></script>
    <script type="application/ld+json">{"@type":"Thing"}</script>
  </head><body>
    <h1 id="top-heading">Hi</h1><a name="old-anchor"></a>
    <a href="/about?x=1&amp;y=2#team">About</a>
    <picture><source srcset="https://img.example/a.avif 1x, https://img.example/a,b.avif 2x"><img src="/a.jpg" alt=""></picture>
    <video poster="https://stills.example/p.jpg"><source src="https://video.example/v.mp4"></video>
    <form action="/send"></form>
    <button onclick="go()" style="color:red">Go</button>
    <script>window.inline = true</script>
  </body></html>`;
  const scan = scanHtml(page);

  it('collects ids and named anchors', () => {
    expect([...scan.ids]).toEqual(['top-heading', 'old-anchor']);
  });

  it('collects every URL with the directive that fetches it, entities decoded', () => {
    expect(scan.links.map((l) => `${l.tag}[${l.attr}] ${l.url} ${l.fetch}`)).toEqual([
      'script[src] /blocking.js other',
      'script[src] /ok.js other',
      'script[src] /deferred.js other',
      'a[href] /about?x=1&y=2#team other',
      'source[srcset] https://img.example/a.avif image',
      'source[srcset] https://img.example/a,b.avif image',
      'img[src] /a.jpg image',
      'video[poster] https://stills.example/p.jpg image',
      'source[src] https://video.example/v.mp4 media',
      'form[action] /send other',
    ]);
  });

  it('finds the render-blocking head script and the inline code a strict CSP blocks, not data blocks', () => {
    expect(scan.renderBlockingScripts).toEqual(['/blocking.js']);
    expect(scan.blockedInline).toEqual(['<button onclick>', '<button style>', '<script>window.inline = true</script>']);
  });

  it('reads srcset candidates whose URLs hold commas', () => {
    expect(srcsetUrls('a.jpg 1x,b.jpg 2x')).toEqual(['a.jpg', 'b.jpg']);
    expect(srcsetUrls('https://x.example/i?w=1,2 400w, /c.jpg')).toEqual(['https://x.example/i?w=1,2', '/c.jpg']);
    expect(srcsetUrls('  /only.jpg  ')).toEqual(['/only.jpg']);
  });

  it('derives the CSP hosts from the markup, never the site itself', () => {
    const own = scanHtml('<img src="https://site.example/a.png"><img src="data:image/png;base64,AA==">');
    expect(mediaOriginsOf([...scan.links, ...own.links], 'https://site.example')).toEqual({ image: ['data:', 'https://img.example', 'https://stills.example'], media: ['https://video.example'] });
  });
});

describe('the fast scan', () => {
  it('finds what the full tokenizer finds in the sample page', () => {
    const page = '<!DOCTYPE html><html><head><title>A &amp; B</title><script src="/b.js"></script></head><body><svg><path d="M0"/></svg>' +
      '<p id="x">1 < 2</p><a href="/q?a=1&amp;b=&#50;&#x33;">q</a><img src=/bare.png alt><textarea><a href="/not-a-link"></a></textarea></body></html>';
    expect(scanHtmlFast(page)).toEqual(scanHtmlFull(page));
    expect(scanHtmlFast(page)!.links.map((l) => l.url)).toEqual(['/b.js', '/q?a=1&b=23', '/bare.png']);
  });

  it('leaves to the full tokenizer what it does not know for certain', () => {
    for (const html of ['<a href="/x?a=1&copy=2">x</a>', '<a href="/x?a&b">x</a>', '<![CDATA[x]]>', '<div/>', '<p id="x"', '<!-- open', '<script>x', '<iframe src="/f"></iframe>']) {
      expect(scanHtmlFast(html), html).toBeUndefined();
      expect(scanHtml(html), html).toEqual(scanHtmlFull(html));
    }
  });

  it('reads only the attributes the checks use, so an odd entity elsewhere keeps the fast path and the same result', () => {
    const html = '<p class="a &copy b" data-x="&bogus;"><a HREF="/y?a=1&amp;b=2" onClick="go()" Style="x" href="/second">y</a></p>';
    expect(scanHtmlFast(html)).toEqual(scanHtmlFull(html));
    expect(scanHtmlFast(html)!.links.map((l) => l.url)).toEqual(['/y?a=1&b=2']);
    expect(scanHtmlFast(html)!.blockedInline).toEqual(['<a onclick>', '<a style>']);
  });

  it('follows open elements as the full tokenizer does: stray end tags, self-closing tags inside svg and math only', () => {
    const html = '<!DOCTYPE html><html><head><script SRC="/h.js" Async></script><script src="/blocking.js" data-defer></script></head><body></p></div>' +
      '<div id="d"><svg><g><path d="M0"/><circle r="1"/></g><a href="/in-svg">s</a></svg><math><mi/></math>' +
      '<video poster="/p.jpg"><source src="/v.mp4"></video><img Src="/a.jpg" SRC="/b.jpg" alt="" sizes="1px" title="t"><a hreflang="en" HREF="/x" ONCLICK="y()">x</a></div></body></html>';
    expect(scanHtmlFast(html)).toEqual(scanHtmlFull(html));
    const scan = scanHtmlFast(html)!;
    expect(scan.links.map((l) => `${l.tag}[${l.attr}] ${l.url} ${l.fetch}`)).toEqual([
      'script[src] /h.js other',
      'script[src] /blocking.js other',
      'a[href] /in-svg other',
      'video[poster] /p.jpg image',
      'source[src] /v.mp4 media',
      'img[src] /a.jpg image',
      'a[href] /x other',
    ]);
    expect(scan.renderBlockingScripts).toEqual(['/blocking.js']);
    expect(scan.blockedInline).toEqual(['<a onclick>']);
    // Outside svg and math, a self-closing tag is not known for certain.
    expect(scanHtmlFast('<svg><path/></svg><div/>')).toBeUndefined();
  });

  it('reads any tag name the same way: upper case, unknown, or the name of an object property', () => {
    const html = '<HTML><Head><SCRIPT src="/h.js"></script></Head><BODY><Math><mi/></Math><aside><svg><path/></svg></aside>' +
      '<constructor id="c"><a href="/in-custom">c</a></constructor><toString href="/not-a-link"></toString><x-card id="x"></x-card>' +
      '<TEXTAREA><a href="/in-textarea"></a></textarea><IMG SRC="/i.png"><Source srcset="/s.png 2x"></BODY></HTML>';
    expect(scanHtmlFast(html)).toEqual(scanHtmlFull(html));
    const scan = scanHtmlFast(html)!;
    expect(scan.links.map((l) => `${l.tag}[${l.attr}] ${l.url}`)).toEqual(['script[src] /h.js', 'a[href] /in-custom', 'img[src] /i.png', 'source[srcset] /s.png']);
    expect([...scan.ids]).toEqual(['c', 'x']);
    expect(scan.renderBlockingScripts).toEqual(['/h.js']);
    // An element only the full rules read, in capitals; a raw-text element whose end tag is in capitals (the fast
    // path looks for it in lower case).
    for (const other of ['<IFRAME src="/f"></IFRAME>', '<TITLE>x</TITLE><a href="/a">a</a>']) {
      expect(scanHtmlFast(other), other).toBeUndefined();
      expect(scanHtml(other), other).toEqual(scanHtmlFull(other));
    }
  });
});

describe('did you mean', () => {
  it('suggests the closest path within a typo’s distance, and nothing when none is close', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(didYouMean('/servics/additions', ['/services', '/services/additions', '/about'])).toBe('/services/additions');
    expect(didYouMean('/zzzzzz', ['/services', '/about'])).toBeUndefined();
  });
});

interface CheckedPages {
  pages: Array<{ route: { path: string; outputFile: string; source: string }; scan: PageScan }>;
  files: ReadonlySet<string>;
  redirects: readonly RedirectRule[];
  siteUrl: string;
}

/**
 * Counts the pages' links as a build does as it finishes each, in `order` (by default in path order, as a build
 * holds its pages), then checks them.
 */
function checkPages({ pages: listed, files, redirects, siteUrl }: CheckedPages, order = listed.map((_, index) => index)) {
  const pages = [...listed].sort((a, b) => byCodeUnits(a.route.path, b.route.path));
  const paths = new Set(pages.map((page) => page.route.path));
  const tally = new LinkTally(siteUrl, pages.map((page) => page.route), paths);
  const kept = new Array<{ route: CheckedPages['pages'][number]['route']; scan: ReturnType<LinkTally['own']> }>(pages.length);
  for (const index of order) kept[index] = { route: pages[index]!.route, scan: tally.own(index, pages[index]!.scan) };
  return checkLinks({ uses: tally.uses(), pages: kept, files, redirects, siteUrl });
}

describe('checkLinks', () => {
  const pages = [
    { route: { path: '/', outputFile: 'index.html', source: 'pages/index.tsx' }, scan: scanHtml('<a href="/blog#intro">a</a><a href="blog/first">b</a><a href="https://site.example/about">c</a><a href="/Old">d</a><a href="/moved">e</a><a href="/gone">f</a><a href="/about/">g</a>') },
    { route: { path: '/blog', outputFile: 'blog/index.html', source: 'pages/blog/index.tsx' }, scan: scanHtml('<h2 id="intro"></h2><a href="first">relative</a><a href="../about#nowhere">up</a>') },
    { route: { path: '/blog/first', outputFile: 'blog/first.html', source: 'pages/blog/[slug].tsx' }, scan: scanHtml('<a href="/">home</a>') },
    { route: { path: '/about', outputFile: 'about.html', source: 'pages/about.tsx' }, scan: scanHtml('<a href="#">top</a><a href="#top">top</a>') },
  ];
  const redirects = parseRedirectsFile('/moved /blog/first 301\n/gone /nowhere 301\n/away https://elsewhere.example/ 302\n').rules;
  const { errors, checked } = checkPages({ pages, files: new Set(pages.map((p) => p.route.outputFile)), redirects, siteUrl: 'https://site.example' });

  it('resolves relative URLs against the page, absolute ones on the site origin, redirects by the host’s rules', () => {
    expect(errors.map((e) => e.message)).toEqual([
      '/ links to /Old in <a href>: no page, file or redirect of this build answers that path.',
      '/ links to /gone in <a href>: no page, file or redirect of this build answers that path.',
      '/ links to /about/ in <a href>: no page, file or redirect of this build answers that path.',
      // A browser on /blog (no trailing slash) resolves "first" to /first.
      '/blog links to first in <a href>: no page, file or redirect of this build answers that path.',
      '/blog links to ../about#nowhere in <a href>: no element on /about has id="nowhere".',
    ]);
    expect(errors.map((e) => e.file)).toEqual(['pages/index.tsx', 'pages/index.tsx', 'pages/index.tsx', 'pages/blog/index.tsx', 'pages/blog/index.tsx']);
    expect(errors[2]?.hint).toMatch(/^Did you mean \/about\?/);
    expect(checked).toBe(12);
  });

  it('judges a path from the root once for every page that has it, and a relative one on each page', () => {
    const page = (path: string, outputFile: string, html: string) => ({ route: { path, outputFile, source: `pages${path}.tsx` }, scan: scanHtml(html) });
    const some = [
      page('/a/b', 'a/b.html', '<a href="/missing">m</a><a href="x">x</a><a href="/a/x#here">h</a>'),
      page('/a/x', 'a/x.html', '<p id="here"></p><a href="/missing">m</a><a href="x">x</a>'),
      page('/c', 'c.html', '<a href="/missing">m</a><a href="x">x</a><a href="/a/x#here">h</a>'),
    ];
    const result = checkPages({ pages: some, files: new Set(some.map((p) => p.route.outputFile)), redirects: [], siteUrl: 'https://site.example' });
    expect(result.errors.map((e) => e.message)).toEqual([
      '3 pages (/a/b, /a/x, /c) link to /missing in <a href>: no page, file or redirect of this build answers that path.',
      '/c links to x in <a href>: no page, file or redirect of this build answers that path.',
    ]);
    expect(result.checked).toBe(8);
  });
});

describe('checkLinks on one path written several ways', () => {
  it('gives a plain path the verdict the URL parser gives its other spellings', () => {
    const spellings = (path: string) => [path, `https://site.example${path}`, `https://site.example/.${path}`, `/x/..${path}`, path.replace(/a/, '%61')];
    const targets = ['/about', '/about/', '/About', '/blog/first', '/blog/first/', '/gone', '/moved', '/away', '/site.webmanifest', '/'];
    const links = targets.flatMap((target) => spellings(target).map((url) => `<a href="${url}">x</a>`)).join('');
    const pages = [
      { route: { path: '/', outputFile: 'index.html', source: 'pages/index.tsx' }, scan: scanHtml(links) },
      { route: { path: '/about', outputFile: 'about.html', source: 'pages/about.tsx' }, scan: scanHtml('') },
      { route: { path: '/blog/first', outputFile: 'blog/first.html', source: 'pages/blog/first.tsx' }, scan: scanHtml('') },
    ];
    const redirects = parseRedirectsFile('/moved /blog/first 301\n/gone /nowhere 301\n/away https://elsewhere.example/ 302\n').rules;
    const files = new Set([...pages.map((p) => p.route.outputFile), 'site.webmanifest']);
    const { errors } = checkPages({ pages, files, redirects, siteUrl: 'https://site.example' });
    // Each broken target is one error, its five spellings counted together: every spelling resolves to the same
    // path, and the others to pages, files and redirects that answer.
    const nowhere = 'no page, file or redirect of this build answers that path.';
    expect(errors.map((e) => e.message)).toEqual(['/about/', '/About', '/blog/first/', '/gone'].map((target) => `5 pages (/, /, / and 2 more) link to ${target} in <a href>: ${nowhere}`));
  });
});

describe('checkLinks on links to a place on the same page', () => {
  it('finds the id on the page itself, or says which is missing and what is near, whatever the path', () => {
    const page = (path: string, outputFile: string, html: string) => ({ route: { path, outputFile, source: `pages/${outputFile}` }, scan: scanHtml(html) });
    const pages = [
      page('/guide', 'guide.html', '<h2 id="permits"></h2><a href="#permits">p</a><a href="#permit">typo</a><a href="#">top</a><a href="#top">top</a>'),
      // A path and fragments a URL percent-encodes: followed as the browser would.
      page('/café', 'café.html', '<h2 id="a b"></h2><a href="#a%20b">ok</a><a href="#a b">ok</a><a href="#ab">missing</a>'),
      // A page whose own path nothing answers (the host serves no /folder/ here).
      page('/folder/', 'folder.html', '<a href="#">top</a>'),
    ];
    const result = checkPages({ pages, files: new Set(pages.map((p) => p.route.outputFile)), redirects: [], siteUrl: 'https://site.example' });
    // In the pages' path order.
    expect(result.errors.map((e) => `${e.message} ${e.hint?.split('Fix')[0] ?? ''}`.trim())).toEqual([
      '/café links to #ab in <a href>: no element on /café has id="ab". Did you mean #a b?',
      '/folder/ links to # in <a href>: no page, file or redirect of this build answers that path. Did you mean /folder?',
      '/guide links to #permit in <a href>: no element on /guide has id="permit". Did you mean #permits?',
    ]);
    expect(result.checked).toBe(8);
  });

  it('counts a page\'s links to itself, set aside as it was scanned, as checked, and still judges its links to a place on it', () => {
    const html = (path: string) =>
      `<link rel="canonical" href="https://site.example${path}"><h2 id="faq"></h2><a href="${path}">again</a><a href="${path}#faq">faq</a><a href="${path}#nope">x</a><a href="${path}?tab=2">tab</a>`;
    const scanned = (path: string, outputFile: string) => ({ route: { path, outputFile, source: `pages${path}.tsx` }, scan: setAsideSelfLinks(scanHtml(html(path)), selfUrls('https://site.example', path)) });
    const some = [scanned('/', 'index.html'), scanned('/about', 'about.html')];
    // Its canonical URL and its bare path, on each page; the links with a fragment or a query stay.
    expect(some.map((page) => page.scan.selfLinks)).toEqual([2, 2]);
    expect(some.map((page) => page.scan.links.map((link) => link.url))).toEqual([
      ['/#faq', '/#nope', '/?tab=2'],
      ['/about#faq', '/about#nope', '/about?tab=2'],
    ]);
    const result = checkPages({ pages: some, files: new Set(some.map((p) => p.route.outputFile)), redirects: [], siteUrl: 'https://site.example' });
    expect(result.errors.map((e) => e.message)).toEqual([
      '/ links to /#nope in <a href>: no element on / has id="nope".',
      '/about links to /about#nope in <a href>: no element on /about has id="nope".',
    ]);
    expect(result.checked).toBe(10);
    // Across threads, the count comes with the scan's numbers.
    const table = new ScanTable();
    expect(table.encode(some[1]!.scan).selfLinks).toBe(2);
  });
});

describe('LinkTally', () => {
  const siteUrl = 'https://site.example';
  const tallyOf = (paths: string[]) => {
    const routes = paths.map((path) => ({ path, source: `pages${path}.tsx` }));
    return { routes, tally: new LinkTally(siteUrl, routes, new Set(paths)) };
  };

  it('keeps no page its links: it counts them, keeping each distinct link once and pages with the same ids one set', () => {
    const { tally } = tallyOf(['/a', '/b']);
    const html = ['<a id="top" href="/about">a</a><img src="/a.jpg" alt="">', '<h2 id="top"></h2><a href="/about">b</a><link rel="preload" href="/a.jpg"><a href="/blog">c</a>'];
    const [first, second] = html.map((page, index) => tally.own(index, scanHtml(page)));
    expect(first).not.toHaveProperty('links');
    expect(second!.ids).toBe(first!.ids);
    // /a.jpg twice: as an img[src] (image) and as a link[href] (other).
    expect([...tally.distinctLinks()].map(({ tag, attr, url }) => `${tag}[${attr}] ${url}`)).toEqual(['a[href] /about', 'img[src] /a.jpg', 'link[href] /a.jpg', 'a[href] /blog']);
    const later = [...tally.uses().later];
    expect(later.map(({ link, uses, firsts }) => [link.url, uses, firsts])).toEqual([
      ['/about', 2, [0, 1]],
      ['/a.jpg', 1, [0]],
      ['/a.jpg', 1, [1]],
      ['/blog', 1, [1]],
    ]);
  });

  it('counts a link to a page of the build, a place on its own page and the page itself as arriving, judging none later', () => {
    const { tally } = tallyOf(['/', '/about']);
    const scan = setAsideSelfLinks(scanHtml('<h2 id="faq"></h2><a href="/about">a</a><a href="https://site.example/about">b</a><a href="#faq">c</a><a href="#">d</a><a href="/">e</a>'), selfUrls(siteUrl, '/'));
    tally.own(0, scan);
    const uses = tally.uses();
    expect(uses.fine).toBe(5);
    expect([...uses.later]).toEqual([]);
    expect([...uses.pageDependent]).toEqual([]);
  });

  it('names the first pages in path order and counts every use, whatever order the pages were finished in', () => {
    const paths = ['/a', '/b', '/c', '/d', '/e'];
    const pages = paths.map((path) => ({ route: { path, outputFile: `${path.slice(1)}.html`, source: `pages${path}.tsx` }, scan: scanHtml('<a href="/gone">x</a><a href="#nowhere">y</a>') }));
    const input = { pages, files: new Set(pages.map((page) => page.route.outputFile)), redirects: [], siteUrl };
    const backwards = checkPages(input, [4, 2, 0, 3, 1]);
    expect(backwards.errors.map((error) => [error.message, error.file])).toEqual([
      ['5 pages (/a, /b, /c and 2 more) link to /gone in <a href>: no page, file or redirect of this build answers that path.', 'pages/a.tsx'],
      ['/a links to #nowhere in <a href>: no element on /a has id="nowhere".', 'pages/a.tsx'],
      ['/b links to #nowhere in <a href>: no element on /b has id="nowhere".', 'pages/b.tsx'],
      ['/c links to #nowhere in <a href>: no element on /c has id="nowhere".', 'pages/c.tsx'],
      ['/d links to #nowhere in <a href>: no element on /d has id="nowhere".', 'pages/d.tsx'],
      ['/e links to #nowhere in <a href>: no element on /e has id="nowhere".', 'pages/e.tsx'],
    ]);
    expect(backwards).toEqual(checkPages(input));
    expect(backwards.checked).toBe(10);
  });

  it('counts the scans of a write thread, as numbers into its entries, with those made on the main thread', () => {
    const { routes, tally } = tallyOf(['/a', '/b', '/c']);
    const table = new ScanTable();
    const mirror = new ScanMirror();
    const encoded = table.encode(scanHtml('<a href="/gone">x</a><a href="/b">b</a>'));
    mirror.learn(table.takeAdded());
    tally.encoded(1, encoded, mirror);
    tally.own(0, scanHtml('<a href="/gone">x</a><img src="https://img.example/p.jpg" alt="">'));
    tally.encoded(2, table.encode(scanHtml('<a href="/gone">x</a>')), mirror);
    const result = checkLinks({ uses: tally.uses(), pages: routes.map((route) => ({ route, scan: { ids: new Set() } })), files: new Set(['a.html', 'b.html', 'c.html']), redirects: [], siteUrl });
    expect(result.errors.map((error) => error.message)).toEqual(['3 pages (/a, /b, /c) link to /gone in <a href>: no page, file or redirect of this build answers that path.']);
    expect(result.checked).toBe(4);
    expect(mediaOriginsOf(tally.distinctLinks(), siteUrl).image).toEqual(['https://img.example']);
  });
});

describe('ScanTable and ScanMirror', () => {
  it('number scans on one thread and read them back on another, the new entries sent once each', () => {
    const table = new ScanTable();
    const mirror = new ScanMirror();
    const pages = [
      '<a id="top" href="/about">a</a><img src="/a.jpg" alt="">',
      '<h2 id="top"></h2><a href="/about">b</a><a href="/blog" style="color:red">c</a>',
      '<a href="/blog">c</a><link rel="preload" href="/a.jpg">',
    ];
    const scans = pages.map((page) => scanHtml(page));
    const encoded = scans.map((scan) => table.encode(scan));
    expect(encoded.map((scan) => scan.links)).toEqual([[0, 1], [0, 2], [2, 3]]);
    expect(encoded.map((scan) => scan.ids)).toEqual([[0], [0], []]);
    // As a write thread does: a batch's new entries, then its scans.
    mirror.learn(table.takeAdded());
    const first = scanLists(decodedScan(encoded[0]!, mirror));
    expect(first).toEqual(scanLists(scans[0]!));
    expect(table.takeAdded()).toEqual({ links: [], ids: [] });
    const later = table.encode(scanHtml('<a href="/contact">d</a><a href="/about">e</a>'));
    const added = table.takeAdded();
    expect(added.links.map((link) => link.url)).toEqual(['/contact']);
    mirror.learn(added);
    const laterLinks = [...decodedScan(later, mirror).links];
    expect(laterLinks.map((link) => link.url)).toEqual(['/contact', '/about']);
    expect(laterLinks[1]).toBe(first.links[0]);
    expect(encoded.slice(1).map((scan) => scanLists(decodedScan(scan, mirror)))).toEqual(scans.slice(1).map(scanLists));
  });

  it('counts the links that name a page of the build, numbering none of them, and numbers the others', () => {
    const table = new ScanTable(pageLinkTest('https://site.example', new Set(['/', '/about'])));
    const pages = ['<a href="/about">a</a><a href="/about/">b</a><img src="/a.jpg" alt="">', '<a href="https://site.example/about">a</a><a href="/">h</a><a href="/about#team">t</a>'];
    const encoded = pages.map((page) => table.encode(scanHtml(page)));
    expect(encoded.map(({ links, pageLinks }) => ({ links, pageLinks }))).toEqual([
      { links: [0, 1], pageLinks: 1 },
      { links: [2], pageLinks: 2 },
    ]);
    expect(table.takeAdded().links.map((link) => link.url)).toEqual(['/about/', '/a.jpg', '/about#team']);
  });

  it('numbers a URL once in each kind it comes in, however many kinds and in whatever order', () => {
    const table = new ScanTable();
    const pages = ['<img src="/a.jpg" alt="">', '<link rel="preload" href="/a.jpg">', '<a href="/a.jpg">a</a>', '<a href="/a.jpg">a</a><link rel="preload" href="/a.jpg"><img src="/a.jpg" alt="">'];
    expect(pages.map((page) => table.encode(scanHtml(page)).links)).toEqual([[0], [1], [2], [2, 1, 0]]);
    expect(table.takeAdded().links.map(({ tag, attr, url }) => `${tag}[${attr}] ${url}`)).toEqual(['img[src] /a.jpg', 'link[href] /a.jpg', 'a[href] /a.jpg']);
  });

  it('gives pages with the same ids one set, and pages with other ids their own', () => {
    const table = new ScanTable();
    const mirror = new ScanMirror();
    const pages = ['<h2 id="a"></h2><p id="b"></p>', '<h2 id="a"></h2><p id="b"></p><a href="/x">x</a>', '<h2 id="a"></h2>', '<p id="b"></p><h2 id="a"></h2>'];
    const encoded = pages.map((page) => table.encode(scanHtml(page)));
    mirror.learn(table.takeAdded());
    const [first, second, fewer, reordered] = encoded.map((scan) => keptScan(scan, mirror).ids);
    expect(second).toBe(first);
    expect([...first!]).toEqual(['a', 'b']);
    expect([...fewer!]).toEqual(['a']);
    expect([...reordered!].sort()).toEqual(['a', 'b']);
  });
});
