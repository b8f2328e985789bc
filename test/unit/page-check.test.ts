import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { linkTarget, sourceOf } from '../../src/check/link-targets.ts';
import { type CheckSetup, gzipFigure, pageChecker } from '../../src/check/page-check.ts';
import { sha256 } from '../../src/core/cache.ts';
import { scanHtml } from '../../src/check/scan-html.ts';
import { mediaOriginsOf } from '../../src/emit/security-headers.ts';

const ORIGIN = 'https://site.example';

describe('linkTarget', () => {
  it.each([
    // [url, on the page at, target]
    ['/about', '/', { path: '/about', fragment: '' }],
    ['https://site.example/about', '/blog', { path: '/about', fragment: '' }],
    ['https://site.example', '/blog', { path: '/', fragment: '' }],
    ['#faq', '/guide', { path: '/guide', fragment: 'faq' }],
    ['#', '/guide', { path: '/guide', fragment: '' }],
    ['', '/guide', { path: '/guide', fragment: '' }],
    ['?tab=2', '/about', { path: '/about', fragment: '' }],
    ['/about?x=1&y=2#team', '/', { path: '/about', fragment: 'team' }],
    // Relative to the page as a browser reads it: on /blog (no trailing slash), "first" is /first.
    ['first', '/blog', { path: '/first', fragment: '' }],
    ['../about#x', '/blog/first', { path: '/about', fragment: 'x' }],
    ['/x/../about/./', '/', { path: '/about/', fragment: '' }],
    // Decoded, as the host reads the path and the page its ids.
    ['/caf%C3%A9#a%20b', '/', { path: '/café', fragment: 'a b' }],
    ['HTTPS://SITE.EXAMPLE/About', '/', { path: '/About', fragment: '' }],
  ])('%s on %s leads to a path on the site', (url, page, target) => {
    expect(linkTarget(url, page, ORIGIN)).toEqual(target);
  });

  it.each([
    'https://elsewhere.example/about',
    'http://site.example/about',
    '//cdn.example/a.js',
    'mailto:hello@site.example',
    'tel:+15555550100',
    'javascript:void(0)',
    'data:image/png;base64,AA==',
  ])('%s leaves the site', (url) => {
    expect(linkTarget(url, '/', ORIGIN)).toEqual({ external: true });
  });

  it('says what is wrong with a URL broken as written', () => {
    expect(linkTarget('http://[bad', '/', ORIGIN)).toEqual({ problem: 'not a valid URL' });
    expect(linkTarget('/%E0%A4%A', '/', ORIGIN)).toEqual({ problem: 'its percent-encoding is malformed' });
    expect(linkTarget('#%E0', '/', ORIGIN)).toEqual({ problem: 'its percent-encoding is malformed' });
  });
});

describe('sourceOf', () => {
  it('gives the CSP source that allows a URL: its origin, data:, or none for the site’s own paths', () => {
    expect(
      [
        'https://img.example/a/b.jpg?w=2',
        'HTTP://Img.Example:8080/x',
        'data:image/png;base64,AA==',
        'DATA:image/gif,x',
        '/a.jpg',
        'a.jpg',
        '//cdn.example/x.jpg',
        'https://',
      ].map(sourceOf),
    ).toEqual([
      'https://img.example',
      'http://img.example:8080',
      'data:',
      'data:',
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});

const setup: CheckSetup = {
  origin: ORIGIN,
  pagePaths: ['/', '/about', '/blog', '/blog/first'],
  knownFiles: [],
  secrets: [],
  budgets: {},
  figures: {},
};
/** What checking `html` at `pagePath` finds: its facts, with the links it deferred and the media hosts it named. */
const check = (html: string, pagePath = '/blog', options: Partial<CheckSetup> = {}) => {
  const { facts, links, media } = pageChecker({ ...setup, ...options })(
    { path: pagePath, pageFile: 'blog.tsx' },
    html,
    Buffer.from(html),
  );
  return { ...facts, deferred: links, media };
};

describe('pageChecker', () => {
  it('counts the links known to arrive: a page of the build, the top of a page, a place on its own page', () => {
    const html =
      '<h2 id="faq"></h2><a href="/about">a</a><a href="https://site.example/about">b</a><a href="/">c</a><a href="#faq">d</a><a href="#">e</a><a href="#top">f</a>' +
      // The page itself, as its canonical URL, its bare path, with a query and with a fragment on it.
      '<link rel="canonical" href="https://site.example/blog"><a href="/blog">g</a><a href="/blog?tab=2">h</a><a href="/blog#faq">i</a><a href="?page=2">j</a>';
    const findings = check(html);
    expect(findings.arrived).toBe(11);
    expect(findings.deferred).toEqual([]);
    expect(findings.ids).toEqual(['faq']);
  });

  it('defers what the page alone cannot tell, each with its place among the page’s links and its target', () => {
    const html =
      '<h2 id="faq"></h2><a href="https://elsewhere.example/">out</a><img src="/a.jpg" alt=""><a href="#nowhere">x</a><a href="/about#team">t</a>' +
      '<a href="first">relative</a><a href="/gone">g</a><a href="http://[bad">bad</a><a href="mailto:x@site.example">m</a><a href="/about/">slash</a>';
    const findings = check(html);
    expect(findings.deferred.map(({ link, place, target }) => [link.url, place, target])).toEqual([
      ['/a.jpg', 1, { path: '/a.jpg', fragment: '' }],
      ['#nowhere', 2, { path: '/blog', fragment: 'nowhere' }],
      ['/about#team', 3, { path: '/about', fragment: 'team' }],
      ['first', 4, { path: '/first', fragment: '' }],
      ['/gone', 5, { path: '/gone', fragment: '' }],
      ['http://[bad', 6, { problem: 'not a valid URL' }],
      ['/about/', 8, { path: '/about/', fragment: '' }],
    ]);
    expect(findings.deferred[0]!.link).toEqual({ tag: 'img', attr: 'src', url: '/a.jpg', fetch: 'image' });
    expect(findings.arrived).toBe(0);
  });

  it('defers even `#` on a page whose own path is no page of the build', () => {
    expect(check('<a href="#">top</a>', '/folder/').deferred.map((link) => link.target)).toEqual([
      { path: '/folder/', fragment: '' },
    ]);
  });

  it('finds the other hosts the page loads images and media from, never the site itself nor a plain link', () => {
    const html =
      '<picture><source srcset="https://img.example/a.avif 1x, https://img.example/a,b.avif 2x"><img src="/a.jpg" alt=""></picture>' +
      '<video poster="https://stills.example/p.jpg"><source src="https://video.example/v.mp4"></video>' +
      '<img src="https://site.example/own.png" alt=""><img src="data:image/png;base64,AA==" alt=""><a href="https://links.example/">not loaded</a>';
    const findings = check(html);
    expect(findings.media).toEqual([
      'image https://img.example',
      'image https://stills.example',
      'media https://video.example',
      'image data:',
    ]);
    expect(mediaOriginsOf(findings.media)).toEqual({
      image: ['data:', 'https://img.example', 'https://stills.example'],
      media: ['https://video.example'],
    });
  });

  it('hands on the scan’s ids, blocked inline code and render-blocking scripts', () => {
    const html =
      '<html><head><script src="/blocking.js"></script></head><body><h1 id="a">x</h1><p id="b" style="color:red">y</p><script>go()</script></body></html>';
    const scan = scanHtml(html);
    const findings = check(html);
    expect([findings.ids, findings.blockedInline, findings.renderBlockingScripts]).toEqual([
      [...scan.ids],
      scan.blockedInline,
      scan.renderBlockingScripts,
    ]);
    expect(findings.blockedInline).toEqual(['<p style>', '<script>go()</script>']);
    expect(findings.renderBlockingScripts).toEqual(['/blocking.js']);
  });

  it('counts a link to a file known before rendering as arrived, whatever its fragment, by any spelling of its path', () => {
    const knownFiles = ['brochure.pdf', 'assets/site-1.css', 'feed.xml', 'docs/café.txt'];
    const html =
      '<link rel="stylesheet" href="/assets/site-1.css"><a href="/brochure.pdf#page=2">a</a><a href="https://site.example/feed.xml">b</a><a href="../brochure.pdf">c</a>' +
      '<a href="/docs/caf%C3%A9.txt#x">d</a><a href="/brochure.pdf?v=2">e</a>' +
      // Not known: another file, a known file's name with a slash, in another case or in another folder.
      '<a href="/other.pdf">f</a><a href="/brochure.pdf/">g</a><a href="/Brochure.pdf">h</a><a href="/blog/brochure.pdf">i</a>';
    const findings = check(html, '/blog/first', { knownFiles });
    expect(findings.arrived).toBe(6);
    expect(findings.deferred.map(({ link, place }) => [link.url, place])).toEqual([
      ['/other.pdf', 6],
      ['/brochure.pdf/', 7],
      ['/Brochure.pdf', 8],
      ['/blog/brochure.pdf', 9],
    ]);
    // Without the known files, the same links are deferred, to be followed over the whole output.
    const unknown = check(html, '/blog/first');
    expect([unknown.arrived, unknown.deferred.length]).toEqual([0, 10]);
  });

  it('measures the gzipped size of a page with an HTML budget, or takes the last build’s figure for the same document', () => {
    const html = `<main>${'<p>Kitchen remodels in Palo Alto.</p>'.repeat(200)}</main>`;
    const budgets = { html: [{ pageFile: 'blog.tsx', maxBytes: 10 }] };
    expect(check(html).htmlGzip).toBeUndefined();
    expect(
      check(html, '/blog', { budgets: { html: [{ pageFile: 'other.tsx', maxBytes: 10 }] } }).htmlGzip,
    ).toBeUndefined();
    // Over its budget, the figure is gzip level 9's, as a host sends it.
    expect(check(html, '/blog', { budgets }).htmlGzip).toBe(gzipSync(html, { level: 9 }).byteLength);
    const digest = sha256(Buffer.from(html));
    const roomy = { html: [{ pageFile: 'blog.tsx', maxBytes: 10_000 }] };
    expect(check(html, '/blog', { budgets: roomy, figures: { [digest]: 77 } }).htmlGzip).toBe(77);
    expect(check(html, '/blog', { budgets: roomy, figures: { other: 77 } }).htmlGzip).not.toBe(77);
    expect(check(html).digest).toBe(digest);
    expect(check(html).size).toBe(Buffer.byteLength(html));
  });

  it('tells whether the page holds the value of a secret, one of four characters or more', () => {
    // The page's bytes as UTF-8: the secret is found after text outside ASCII too.
    const html = '<p>Café — contact: key-4f9a or abc</p>';
    expect(check(html, '/blog', { secrets: ['key-4f9a'] }).leaksSecret).toBe(true);
    expect(check(html, '/blog', { secrets: ['abc', 'other-value'] }).leaksSecret).toBe(false);
    expect(check(html).leaksSecret).toBe(false);
  });
});

/** A page-like document of varied markup and words, the same for the same seed. */
function documentOf(seed: number, paragraphs: number): Uint8Array {
  let state = seed;
  const next = (n: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % n;
  };
  const words = [
    'kitchen',
    'remodel',
    'Palo Alto',
    'permit',
    'Eichler',
    'foundation',
    'design-build',
    'ADU',
    'San Jose',
    'schedule',
    'budget',
    'contractor',
    'bathroom',
    'tile',
    'inspection',
  ];
  const body = Array.from({ length: paragraphs }, (_, i) => {
    const text = Array.from({ length: 20 + next(40) }, () => words[next(words.length)]).join(' ');
    return `<section id="s${i}" class="section${next(3) ? ' section-alt' : ''}"><h2>${
      words[next(words.length)]
    } ${i}</h2><p>${text}.</p><a href="/${words[next(words.length)]!.replace(/\W/g, '-')}-${next(
      999,
    )}">More</a></section>`;
  });
  return new Uint8Array(
    Buffer.from(
      `<!DOCTYPE html><html lang="en"><head><title>Page ${seed} – café</title></head><body><main>${body.join(
        '',
      )}</main></body></html>`,
    ),
  );
}

const level = (bytes: Uint8Array, n: number) => gzipSync(bytes, { level: n }).byteLength;

describe('gzipFigure', () => {
  it('gives the level-9 gzip size of a page over its budget, and the verdict level 9 gives on every budget', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const page = documentOf(seed, 5 + (seed % 30));
      const exact = level(page, 9);
      const quick = level(page, 1);
      expect(exact).toBeLessThan(quick);
      // Budgets from well under the level-9 size to well over the level-1 size, the edges included.
      for (const budget of [1, exact - 100, exact - 1, exact, exact + 1, quick - 1, quick, quick + 1, quick * 2]) {
        const figure = gzipFigure(page, budget);
        expect(figure > budget, `seed ${seed}, budget ${budget}`).toBe(exact > budget);
        if (figure > budget) expect(figure).toBe(exact);
      }
    }
  });

  it('passes a page well within its budget on its quicker level-1 size, and measures one near it at level 9', () => {
    const page = documentOf(7, 20);
    expect(gzipFigure(page, level(page, 1) * 2)).toBe(level(page, 1));
    expect(gzipFigure(page, level(page, 9))).toBe(level(page, 9));
  });

  it('passes on the last build’s figure for the same document when it is well within the budget, and measures again otherwise', () => {
    const page = documentOf(7, 20);
    const [quick, exact] = [level(page, 1), level(page, 9)];
    const budget = quick * 2;
    // Within 98% of the budget (the edge included): the known figure, as it is, whatever it is.
    expect(gzipFigure(page, budget, exact)).toBe(exact);
    expect(gzipFigure(page, budget, 17)).toBe(17);
    expect(gzipFigure(page, budget, budget * 0.98)).toBe(budget * 0.98);
    expect(gzipFigure(page, budget, 0)).toBe(0);
    // Near the budget or over it: measured again, at level 1 when that is well within, else at level 9.
    expect(gzipFigure(page, budget, budget * 0.98 + 1)).toBe(quick);
    expect(gzipFigure(page, budget, budget + 500)).toBe(quick);
    expect(gzipFigure(page, exact, exact)).toBe(exact);
    expect(gzipFigure(page, exact - 1, exact - 10)).toBe(exact);
    expect(gzipFigure(page, 1, 1)).toBe(exact);
    // No figure known: measured.
    expect(gzipFigure(page, budget, undefined)).toBe(quick);
  });
});
