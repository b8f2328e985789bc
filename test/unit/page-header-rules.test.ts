import { describe, expect, it } from 'vitest';
import { pageHeaderRules, type PageHeaders } from '../../src/emit/page-header-rules.ts';
import { headersForPath, parseHeadersFile } from '../../src/host/headers-file.ts';
import { buildHeadersFile } from '../../src/host/host-files.ts';

const REVALIDATE = { 'Cache-Control': 'public, max-age=0, must-revalidate' };
const DAY = { 'Cache-Control': 'public, max-age=86400' };

/**
 * The headers a host (as `site serve` reads `_headers`) gives each path, for the rules made of `pages`, with the
 * fixed blocks every build writes beside them; a header set by two blocks comes out joined, as hosts join it.
 */
function served(pages: readonly PageHeaders[], otherPaths: readonly string[]) {
  const rules = pageHeaderRules(pages, otherPaths);
  const text = buildHeadersFile([{ path: '/assets/*', headers: { 'Cache-Control': 'immutable' } }, ...rules]);
  const parsed = parseHeadersFile(text);
  expect(parsed.warnings).toEqual([]);
  return { rules, headersOf: (path: string) => Object.fromEntries(headersForPath(parsed.rules, path)) };
}

/** Every page gets its own headers, once; every other path none of a page's. */
function expectExact(pages: readonly PageHeaders[], otherPaths: readonly string[]) {
  const { rules, headersOf } = served(pages, otherPaths);
  for (const page of pages) expect(headersOf(page.path), page.path).toEqual(page.headers);
  for (const path of otherPaths) {
    expect(headersOf(path), path).toEqual(path.startsWith('/assets/') ? { 'Cache-Control': 'immutable' } : {});
  }
  return rules;
}

const CITIES = [
  'atherton',
  'fremont',
  'los-altos',
  'los-gatos',
  'menlo-park',
  'palo-alto',
  'san-jose',
  'santa-clara',
  'sunnyvale',
];
const KEYWORDS = [
  'addition-contractor',
  'adu-contractor',
  'bathroom-remodel-contractor',
  'room-addition-builder',
  'room-addition-contractor',
];
const landing = KEYWORDS.flatMap((keyword) =>
  CITIES.map((city): PageHeaders => ({ path: `/${keyword}-${city}`, headers: DAY })),
);
const ordinary = [
  '/',
  '/about',
  '/admin-seo-pages',
  '/blog',
  '/blog/adu-rules',
  '/blog/kitchen-tips',
  '/services',
  '/services/additions',
  '/services/remodeling',
].map((path): PageHeaders => ({ path, headers: REVALIDATE }));
const files = [
  '/assets/styles-ABC.css',
  '/assets/chunks/chunk-X1.js',
  '/service-worker.js',
  '/sitemap.xml',
  '/robots.txt',
  '/404',
  '/icon.svg',
];

describe('page header rules', () => {
  it('gathers pages with the same headers under the longest prefix they share, one block per family', () => {
    const rules = expectExact([...ordinary, ...landing], files);
    const day = rules.filter((rule) => rule.headers === DAY).map((rule) => rule.path);
    // The two room-addition keywords share their words up to the last dash before they part.
    expect(day).toEqual([
      '/addition-contractor-*',
      '/adu-contractor-*',
      '/bathroom-remodel-contractor-*',
      '/room-addition-*',
    ]);
    expect(rules.length).toBeLessThan(ordinary.length + day.length + 1);
  });

  it('gives a page its own block where a prefix would also reach a path with other headers or another file', () => {
    const pages: PageHeaders[] = [
      { path: '/adu-contractor-fremont', headers: DAY },
      { path: '/adu-contractor-sunnyvale', headers: DAY },
      { path: '/adu-contractor-faq', headers: REVALIDATE },
      { path: '/guides/a', headers: DAY },
      { path: '/guides/b', headers: DAY },
    ];
    // A public file whose name differs only in case is matched by the host all the same.
    const rules = expectExact(pages, ['/Guides/Checklist.pdf']);
    expect(rules.map((rule) => rule.path).sort()).toEqual([
      '/adu-contractor-faq',
      '/adu-contractor-fremont',
      '/adu-contractor-sunnyvale',
      '/guides/a',
      '/guides/b',
    ]);
  });

  it('takes no `/folder/*` block where the folder is itself a page, which the hosts match differently', () => {
    // Netlify's `/blog/*` matches /blog too, Cloudflare's does not: with /blog a page, its posts are named instead.
    for (const blogHeaders of [REVALIDATE, DAY]) {
      const pages: PageHeaders[] = [
        { path: '/blog', headers: blogHeaders },
        { path: '/blog/one', headers: DAY },
        { path: '/blog/two', headers: DAY },
      ];
      const rules = expectExact(pages, []);
      expect(rules.map((rule) => rule.path)).not.toContain('/blog/*');
    }
    expect(
      pageHeaderRules(
        [
          { path: '/guides/one', headers: DAY },
          { path: '/guides/two', headers: DAY },
        ],
        [],
      ).map((rule) => rule.path),
    ).toEqual(['/guides/*']);
  });

  it('matches each page once on a site of 100,000 pages, in a few blocks', () => {
    const pages: PageHeaders[] = [...ordinary];
    for (let city = 0; city < 11_111; city++) {
      for (const keyword of [...KEYWORDS, 'design-build', 'eichler-home', 'full-home-remodeling', 'new-home']) {
        pages.push({ path: `/${keyword}-town${city}`, headers: DAY });
      }
    }
    const rules = pageHeaderRules(pages, files);
    expect(rules.length).toBeLessThanOrEqual(ordinary.length + 9);
    const sample = [...pages.slice(0, 50), ...pages.slice(-50)];
    expectExact(sample, files);
  });

  it('keeps every page to its own headers over many made-up sites', () => {
    // A seeded generator: the same sites every run, and enough of them to meet sibling names, folders and case.
    let seed = 12345;
    const next = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % below;
    };
    const words = ['a', 'ab', 'abc', 'b', 'blog', 'x'];
    const headerSets = [REVALIDATE, DAY, { ...DAY, 'X-Robots-Tag': 'noindex' }];
    for (let site = 0; site < 300; site++) {
      const paths = new Set<string>();
      const count = 1 + next(25);
      while (paths.size < count) {
        const segments = Array.from({ length: 1 + next(3) }, () =>
          Array.from({ length: 1 + next(3) }, () => words[next(words.length)]).join('-'),
        );
        paths.add(`/${segments.join('/')}`);
      }
      const [others, pagePaths] = [
        [...paths].filter((_, index) => index % 5 === 4),
        [...paths].filter((_, index) => index % 5 !== 4),
      ];
      const pages = pagePaths.map((path) => ({ path, headers: headerSets[next(headerSets.length)]! }));
      expectExact(
        pages,
        others.map((path) => (next(2) ? path.toUpperCase() : path)),
      );
    }
  });
});
