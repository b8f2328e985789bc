import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import type { PageMeta } from '../../src/core/page-types.ts';
import { type DocumentShell, type PageAssets, renderDocument } from '../../src/render/document.tsx';
import type { PageBody } from '../../src/render/render-body.ts';

const shell: DocumentShell = {
  lang: 'en',
  siteName: 'Acme "Design" & Build',
  siteUrl: 'https://www.example.com',
  headMeta: [
    { name: 'theme-color', content: '#dcefe0' },
    { name: 'format-detection', content: 'telephone=no' },
  ],
  fontPreloads: ['/assets/inter-ABC.woff2'],
};

const plainAssets: PageAssets = {
  styles: ['/assets/styles-1.css'],
  islands: {},
  preload: [],
  scripts: ['/assets/scripts/site-1.js'],
};
const islandAssets: PageAssets = {
  styles: ['/assets/styles-1.css', '/assets/print-2.css'],
  runtime: '/assets/runtime-3.js',
  islands: { ConsultationForm: '/assets/islands/form-4.js' },
  preload: ['/assets/chunks/react-5.js', '/assets/chunks/form-6.js'],
  scripts: ['/assets/scripts/site-1.js', '/assets/scripts/home-7.js'],
};

function page(meta: PageMeta, { isNotFound = false, path = '/services' } = {}): PageBody {
  const route = {
    path,
    outputFile: 'x.html',
    source: 'templates/pages/x.tsx',
    pageFile: 'x.tsx',
    module: { default: () => null, meta: () => meta },
    params: {},
    props: undefined,
    isNotFound,
  };
  return {
    route,
    url: `https://www.example.com${path}`,
    meta,
    html: '<header><a href="/">Home</a></header><main><h1>Hi</h1></main>',
    islands: [],
  };
}

const cases: Array<[string, PageBody, PageAssets]> = [
  ['a plain page', page({ title: 'Services | Acme', description: 'What we build.' }), plainAssets],
  [
    'a page with everything in its head',
    page({
      title: `Kitchens & Baths in "Palo Alto" <CA> it's`,
      description: 'Permits & plans, <quoted> "text" and é ’ characters.',
      robots: 'noindex, follow',
      image: '/images/og.jpg',
      ogType: 'article',
      meta: [
        { httpEquiv: 'Cache-Control', content: 'public, max-age=86400' },
        { property: 'article:published_time', content: '2026-01-02' },
        { name: 'viewport', content: 'width=device-width, viewport-fit=cover' },
      ],
      links: [
        { rel: 'icon', href: '/favicon.ico', sizes: '32x32' },
        { rel: 'alternate', href: '/blog/feed.xml', type: 'application/rss+xml', title: 'Acme & Co blog' },
        { rel: 'stylesheet', href: '/print.css' },
        { rel: 'preload', href: '/hero.avif', as: 'image', type: 'image/avif', crossOrigin: 'anonymous' },
        { rel: 'help', href: 'javascript:alert(1)' },
        { rel: 'author', href: '' },
      ],
      jsonLd: [{ '@type': 'Thing', name: '</script><b>&' }, { '@type': 'BreadcrumbList' }],
    }),
    islandAssets,
  ],
  [
    'the not-found page',
    page(
      { title: 'Not found', description: 'Nothing here.', image: 'https://cdn.example.com/og.png' },
      {
        isNotFound: true,
        path: '/404',
      },
    ),
    plainAssets,
  ],
];

describe('renderDocument', () => {
  const head = (name: string) => {
    const [, rendered, assets] = cases.find(([title]) => title === name)!;
    return load(renderDocument(rendered, assets, shell));
  };

  it('writes a whole HTML5 document: charset and viewport first, then the title, description, robots and canonical URL', () => {
    const html = renderDocument(cases[0]![1], plainAssets, shell);
    expect(
      html.startsWith(
        '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/><title>Services | Acme</title>',
      ),
    ).toBe(true);
    const $ = head('a plain page');
    expect($('meta[name="description"]').attr('content')).toBe('What we build.');
    expect($('meta[name="robots"]').attr('content')).toBe('index, follow');
    expect($('link[rel="canonical"]').attr('href')).toBe('https://www.example.com/services');
    expect($('meta[property="og:url"]').attr('content')).toBe('https://www.example.com/services');
    expect($('meta[property="og:site_name"]').attr('content')).toBe('Acme "Design" & Build');
    expect($('meta[name="twitter:card"]').attr('content')).toBe('summary');
    expect($('link[rel="preload"][as="font"]').attr('href')).toBe('/assets/inter-ABC.woff2');
    expect($('link[rel="stylesheet"]').attr('href')).toBe('/assets/styles-1.css');
    expect(
      $('script[type="module"]')
        .map((_, script) => $(script).attr('src'))
        .get(),
    ).toEqual(['/assets/scripts/site-1.js']);
    // No islands: no runtime and no island map.
    expect($('#site-islands')).toHaveLength(0);
  });

  it('keeps the page body as it was rendered, inside <body>', () => {
    const [, rendered, assets] = cases[0]!;
    expect(renderDocument(rendered, assets, shell)).toContain(`<body>${rendered.html}</body></html>`);
  });

  it('escapes text, makes a site image absolute, and keeps JSON-LD from closing its script', () => {
    const [, rendered, assets] = cases[1]!;
    const html = renderDocument(rendered, assets, shell);
    expect(html).toContain('<title>Kitchens &amp; Baths in &quot;Palo Alto&quot; &lt;CA&gt; it&#x27;s</title>');
    const $ = head('a page with everything in its head');
    expect($('meta[name="robots"]').attr('content')).toBe('noindex, follow');
    expect($('meta[property="og:type"]').attr('content')).toBe('article');
    expect($('meta[property="og:image"]').attr('content')).toBe('https://www.example.com/images/og.jpg');
    expect($('meta[name="twitter:card"]').attr('content')).toBe('summary_large_image');
    expect(
      $('meta[name="viewport"]')
        .map((_, tag) => $(tag).attr('content'))
        .get(),
    ).toEqual(['width=device-width, initial-scale=1', 'width=device-width, viewport-fit=cover']);
    expect($('link[rel="preload"][as="image"]').attr('crossorigin')).toBe('anonymous');
    // React's own guards: a javascript: URL never reaches the page, and an empty href is left out.
    expect($('link[rel="help"]').attr('href')).not.toContain('alert(1)');
    expect($('link[rel="author"]').attr('href')).toBeUndefined();
    const blocks = $('script[type="application/ld+json"]')
      .map((_, script) => $(script).html())
      .get();
    expect(blocks[0]).toBe('{"@type":"Thing","name":"\\u003c/script\\u003e\\u003cb\\u003e\\u0026"}');
    expect(blocks.map((block) => JSON.parse(block))).toEqual(rendered.meta.jsonLd);
    // Islands: the runtime, the page's scripts, the island map and the preloads of what runs at load.
    expect(
      $('script[type="module"]')
        .map((_, script) => $(script).attr('src'))
        .get(),
    ).toEqual(['/assets/runtime-3.js', '/assets/scripts/site-1.js', '/assets/scripts/home-7.js']);
    expect(JSON.parse($('#site-islands').html()!)).toEqual({ ConsultationForm: '/assets/islands/form-4.js' });
    expect(
      $('link[rel="modulepreload"]')
        .map((_, link) => $(link).attr('href'))
        .get(),
    ).toEqual(['/assets/chunks/react-5.js', '/assets/chunks/form-6.js']);
  });

  it('keeps the not-found page out of search: noindex, no canonical URL, no og:url', () => {
    const $ = head('the not-found page');
    expect($('meta[name="robots"]').attr('content')).toBe('noindex, follow');
    expect($('link[rel="canonical"]')).toHaveLength(0);
    expect($('meta[property="og:url"]')).toHaveLength(0);
    expect($('meta[property="og:image"]').attr('content')).toBe('https://cdn.example.com/og.png');
  });
});
