import { describe, expect, it } from 'vitest';
import { checkLinks, DeferredLinks } from '../../src/check/link-check.ts';
import { type DeferredLink, type PageFacts, pageChecker } from '../../src/check/page-check.ts';
import { byCodeUnits } from '../../src/core/text.ts';
import { parseRedirectsFile } from '../../src/host/redirects-file.ts';
import { outputFileFor } from '../../src/routes/output-files.ts';

const ORIGIN = 'https://site.example';

interface TestPage {
  path: string;
  html: string;
  /** The page module named in errors; by default pages<path>.tsx. */
  source?: string;
}

/**
 * Checks pages as a build does: each page on its own as it is finished (in `order`, by default path order), its
 * deferred links gathered, then every link followed over the whole output. `checked` counts every internal link, as
 * the build reports it: those known to arrive and those followed. `files` are the other output files, `known` those
 * of them known before the pages render (by default none).
 */
function checkPages(
  listed: readonly TestPage[],
  options: { files?: string[]; known?: string[]; redirects?: string; order?: number[] } = {},
) {
  const pages = [...listed]
    .sort((a, b) => byCodeUnits(a.path, b.path))
    .map((page) => ({ ...page, source: page.source ?? `pages${page.path}.tsx`, outputFile: outputFileFor(page.path) }));
  const check = pageChecker({
    origin: ORIGIN,
    pagePaths: pages.map((page) => page.path),
    knownFiles: options.known ?? [],
    secrets: [],
    budgets: {},
    figures: {},
  });
  const findings: PageFacts[] = [];
  const links = new DeferredLinks();
  for (const index of options.order ?? pages.map((_, i) => i)) {
    const page = pages[index]!;
    const checked = check({ path: page.path, pageFile: 'x.tsx' }, page.html, Buffer.from(page.html));
    findings[index] = checked.facts;
    links.add(index, checked.links);
  }
  const idsByFile = new Map(pages.map((page, index) => [page.outputFile, new Set(findings[index]!.ids)]));
  const result = checkLinks({
    links,
    pages,
    idsOf: (file) => idsByFile.get(file),
    files: new Set([...pages.map((page) => page.outputFile), ...(options.files ?? [])]),
    redirects: parseRedirectsFile(options.redirects ?? '').rules,
    origin: ORIGIN,
  });
  const arrived = findings.reduce((sum, page) => sum + page.arrived, 0);
  return { errors: result.errors, checked: result.checked + arrived };
}

const NOWHERE = 'no page, file or redirect of this build answers that path';

describe('DeferredLinks', () => {
  const deferred = (url: string, place: number, target: DeferredLink['target']): DeferredLink => ({
    link: { tag: 'a', attr: 'href', url, fetch: 'other' },
    place,
    target,
  });

  it('counts every use of a target and keeps the first three pages in path order, whatever order pages arrive in', () => {
    const links = new DeferredLinks();
    for (const page of [4, 2, 5, 0, 3, 1]) links.add(page, [deferred('/gone', 1, { path: '/gone', fragment: '' })]);
    const [gone] = [...links.values()];
    expect([gone!.uses, gone!.firsts, gone!.first]).toEqual([6, [0, 1, 2], [0, 1]]);
  });

  it('counts a target written several ways once, reporting the spelling of its first use on the page that comes first', () => {
    const links = new DeferredLinks();
    const target = { path: '/gone', fragment: 'x' };
    links.add(3, [deferred('/gone#x', 0, target)]);
    links.add(1, [deferred('https://site.example/gone#x', 5, target), deferred('../gone#x', 2, target)]);
    links.add(2, [deferred('/gone#y', 0, { path: '/gone', fragment: 'y' })]);
    const [first, other] = [...links.values()];
    expect([first!.link.url, first!.uses, first!.firsts, first!.first]).toEqual(['../gone#x', 3, [1, 1, 3], [1, 2]]);
    expect([other!.link.url, other!.uses]).toEqual(['/gone#y', 1]);
  });

  it('keeps a URL broken as written apart by its spelling', () => {
    const links = new DeferredLinks();
    links.add(0, [
      deferred('http://[a', 0, { problem: 'not a valid URL' }),
      deferred('http://[b', 1, { problem: 'not a valid URL' }),
      deferred('http://[a', 2, { problem: 'not a valid URL' }),
    ]);
    expect([...links.values()].map((uses) => [uses.link.url, uses.uses])).toEqual([
      ['http://[a', 2],
      ['http://[b', 1],
    ]);
  });
});

describe('checkLinks', () => {
  const pages: TestPage[] = [
    {
      path: '/',
      html: '<a href="/blog#intro">a</a><a href="blog/first">b</a><a href="https://site.example/about">c</a><a href="/Old">d</a><a href="/moved">e</a><a href="/gone">f</a><a href="/about/">g</a>',
      source: 'pages/index.tsx',
    },
    {
      path: '/blog',
      html: '<h2 id="intro"></h2><a href="first">relative</a><a href="../about#nowhere">up</a>',
      source: 'pages/blog/index.tsx',
    },
    { path: '/blog/first', html: '<a href="/">home</a>', source: 'pages/blog/[slug].tsx' },
    { path: '/about', html: '<a href="#">top</a><a href="#top">top</a>', source: 'pages/about.tsx' },
  ];
  const redirects = '/moved /blog/first 301\n/gone /nowhere 301\n/away https://elsewhere.example/ 302\n';
  const { errors, checked } = checkPages(pages, { redirects });

  it('resolves relative URLs against the page, absolute ones on the site origin, redirects by the host’s rules', () => {
    expect(errors.map((e) => e.message)).toEqual([
      `/ links to /Old in <a href>: ${NOWHERE}.`,
      `/ links to /gone in <a href>: ${NOWHERE}.`,
      `/ links to /about/ in <a href>: ${NOWHERE}.`,
      // A browser on /blog (no trailing slash) resolves "first" to /first.
      `/blog links to first in <a href>: ${NOWHERE}.`,
      '/blog links to ../about#nowhere in <a href>: no element on /about has id="nowhere".',
    ]);
    expect(errors.map((e) => [e.code, e.file])).toEqual([
      ['LINK_BROKEN', 'pages/index.tsx'],
      ['LINK_BROKEN', 'pages/index.tsx'],
      ['LINK_BROKEN', 'pages/index.tsx'],
      ['LINK_BROKEN', 'pages/blog/index.tsx'],
      ['LINK_BROKEN', 'pages/blog/index.tsx'],
    ]);
    expect(errors[2]?.hint).toMatch(/^Did you mean \/about\? Fix the link/);
    expect(checked).toBe(12);
  });

  it('names the pages that use a broken target, the first three in path order, whatever order they were finished in', () => {
    const paths = ['/a', '/b', '/c', '/d', '/e'];
    const some = paths.map((path) => ({ path, html: '<a href="/gone">x</a><a href="#nowhere">y</a>' }));
    const backwards = checkPages(some, { order: [4, 2, 0, 3, 1] });
    expect(backwards.errors.map((error) => [error.message, error.file])).toEqual([
      [`5 pages (/a, /b, /c and 2 more) link to /gone in <a href>: ${NOWHERE}.`, 'pages/a.tsx'],
      ['/a links to #nowhere in <a href>: no element on /a has id="nowhere".', 'pages/a.tsx'],
      ['/b links to #nowhere in <a href>: no element on /b has id="nowhere".', 'pages/b.tsx'],
      ['/c links to #nowhere in <a href>: no element on /c has id="nowhere".', 'pages/c.tsx'],
      ['/d links to #nowhere in <a href>: no element on /d has id="nowhere".', 'pages/d.tsx'],
      ['/e links to #nowhere in <a href>: no element on /e has id="nowhere".', 'pages/e.tsx'],
    ]);
    expect(backwards).toEqual(checkPages(some));
    expect(backwards.checked).toBe(10);
    const three = checkPages(paths.slice(0, 3).map((path) => ({ path, html: '<a href="/gone">x</a>' })));
    expect(three.errors.map((error) => error.message)).toEqual([
      `3 pages (/a, /b, /c) link to /gone in <a href>: ${NOWHERE}.`,
    ]);
  });

  it('gives a plain path the verdict the URL parser gives its other spellings, one error a target', () => {
    const spellings = (path: string) => [
      path,
      `https://site.example${path}`,
      `https://site.example/.${path}`,
      `/x/..${path}`,
      path.replace(/a/, '%61'),
    ];
    const targets = [
      '/about',
      '/about/',
      '/About',
      '/blog/first',
      '/blog/first/',
      '/gone',
      '/moved',
      '/away',
      '/site.webmanifest',
      '/',
    ];
    const links = targets.flatMap((target) => spellings(target).map((url) => `<a href="${url}">x</a>`)).join('');
    const some = [
      { path: '/', html: links },
      { path: '/about', html: '' },
      { path: '/blog/first', html: '' },
    ];
    const result = checkPages(some, { files: ['site.webmanifest'], redirects });
    expect(result.errors.map((e) => e.message)).toEqual(
      ['/about/', '/About', '/blog/first/', '/gone'].map(
        (target) => `5 pages (/, /, / and 2 more) link to ${target} in <a href>: ${NOWHERE}.`,
      ),
    );
    // The file known before the pages render: each spelling arrives as the page is made, with the same verdicts and count.
    expect(checkPages(some, { files: ['site.webmanifest'], known: ['site.webmanifest'], redirects })).toEqual(result);
  });

  it('follows a chain of redirects, and fails one that ends nowhere, in a 4xx or in a loop', () => {
    const result = checkPages(
      [
        {
          path: '/',
          html: '<a href="/one">a</a><a href="/old/post">c</a><a href="/shown">b</a><a href="/teapot">d</a><a href="/loop">e</a><a href="/off">f</a>',
        },
        { path: '/blog', html: '' },
        { path: '/news/post', html: '' },
      ],
      {
        redirects:
          '/one /two 301\n/two /three 302\n/three /blog 301\n/shown /blog 200\n/old/* /news/:splat 301\n/teapot /blog 404\n/loop /loop2 301\n/loop2 /loop 301\n/off https://elsewhere.example/x 301\n',
      },
    );
    expect(result.errors.map((e) => e.message)).toEqual([
      `/ links to /teapot in <a href>: ${NOWHERE}.`,
      `/ links to /loop in <a href>: ${NOWHERE}.`,
    ]);
  });

  it('counts a link that a redirect takes off the site as checked', () => {
    // It is an internal link, followed as far as the site answers it (the old engine counted it too).
    const result = checkPages(
      [
        { path: '/', html: '<a href="/away">a</a><a href="/blog">b</a>' },
        { path: '/blog', html: '' },
      ],
      { redirects: '/away https://elsewhere.example/ 302\n' },
    );
    expect(result.errors).toEqual([]);
    expect(result.checked).toBe(2);
  });

  it('finds files and pages the host serves, but never _headers or _redirects, and follows a fragment only on a page', () => {
    const html =
      '<a href="/doc.pdf#page=2">a</a><img src="/img/a.jpg" alt=""><a href="/_headers">h</a><a href="/_redirects">r</a><a href="/blog/">slash</a><a href="/blog#top">t</a><a href="/blog#">e</a>';
    const result = checkPages(
      [
        { path: '/', html },
        { path: '/blog', html: '<h2 id="x"></h2>' },
      ],
      {
        files: ['doc.pdf', 'img/a.jpg', '_headers', '_redirects'],
      },
    );
    expect(result.errors.map((e) => e.message)).toEqual([
      `/ links to /_headers in <a href>: ${NOWHERE}.`,
      `/ links to /_redirects in <a href>: ${NOWHERE}.`,
      `/ links to /blog/ in <a href>: ${NOWHERE}.`,
    ]);
    // The same when the files are known before the pages render (as public/ files are; _headers and _redirects never are).
    expect(
      checkPages(
        [
          { path: '/', html },
          { path: '/blog', html: '<h2 id="x"></h2>' },
        ],
        {
          files: ['doc.pdf', 'img/a.jpg', '_headers', '_redirects'],
          known: ['doc.pdf', 'img/a.jpg'],
        },
      ),
    ).toEqual(result);
  });

  it('finds the id on the page itself, or says which is missing and what is near, whatever the path', () => {
    const some = [
      {
        path: '/guide',
        html: '<h2 id="permits"></h2><a href="#permits">p</a><a href="#permit">typo</a><a href="#">top</a><a href="#top">top</a>',
      },
      // An id a URL percent-encodes: followed as the browser would.
      {
        path: '/cafe',
        html: '<h2 id="a b"></h2><a href="#a%20b">ok</a><a href="#a b">ok</a><a href="#ab">missing</a>',
      },
    ];
    const result = checkPages(some);
    // In the pages' path order.
    expect(result.errors.map((e) => `${e.message} ${e.hint?.split('Fix')[0] ?? ''}`.trim())).toEqual([
      '/cafe links to #ab in <a href>: no element on /cafe has id="ab". Did you mean #a b?',
      '/guide links to #permit in <a href>: no element on /guide has id="permit". Did you mean #permits?',
    ]);
    expect(result.checked).toBe(7);
  });

  it('reports the first 25 broken links in reader order, then how many more there are', () => {
    const html = Array.from({ length: 30 }, (_, i) => `<a href="/gone-${i}">x</a>`).join('');
    const result = checkPages([{ path: '/', html }]);
    expect(result.errors).toHaveLength(26);
    expect(result.errors.slice(0, 25).map((e) => e.message)).toEqual(
      Array.from({ length: 25 }, (_, i) => `/ links to /gone-${i} in <a href>: ${NOWHERE}.`),
    );
    expect([result.errors[25]!.code, result.errors[25]!.message]).toEqual([
      'LINK_BROKEN',
      '5 more broken links not shown.',
    ]);
    expect(result.checked).toBe(30);
    expect(checkPages([{ path: '/', html: html.split('<a href="/gone-25">')[0]! }]).errors).toHaveLength(25);
  });

  it('reports a URL broken as written, naming what is wrong', () => {
    const result = checkPages([{ path: '/', html: '<a href="http://[bad">a</a><a href="/%E0%A4%A">b</a>' }]);
    expect(result.errors.map((e) => e.message)).toEqual([
      '/ links to http://[bad in <a href>: not a valid URL.',
      '/ links to /%E0%A4%A in <a href>: its percent-encoding is malformed.',
    ]);
  });
});
