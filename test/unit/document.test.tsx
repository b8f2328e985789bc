import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PageMeta } from '../../src/core/page-types.ts';
import { renderDocument, type DocumentShell, type PageAssets } from '../../src/render/document.ts';
import { attributes, escapeHtml } from '../../src/render/html-markup.ts';
import { jsonForScript } from '../../src/render/json-script.ts';
import type { PageBody } from '../../src/render/render-body.ts';

/**
 * The document shell as React writes it: the engine's earlier renderDocument, kept here as the reference the text
 * shell must match byte for byte (React hoists the title, meta and link tags, and leaves stylesheets without a
 * precedence and scripts in place).
 */
function reactDocument(page: PageBody, assets: PageAssets, shell: DocumentShell): string {
  const { meta, route } = page;
  const robots = route.isNotFound ? 'noindex, follow' : (meta.robots ?? 'index, follow');
  const image = meta.image && (meta.image.startsWith('/') ? shell.siteUrl + meta.image : meta.image);
  const html = renderToStaticMarkup(
    <html lang={shell.lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{meta.title}</title>
        <meta name="description" content={meta.description} />
        <meta name="robots" content={robots} />
        {route.isNotFound ? null : <link rel="canonical" href={page.url} />}
        {[...shell.headMeta, ...(meta.meta ?? [])].map((tag, i) => (
          <meta key={i} name={tag.name} property={tag.property} httpEquiv={tag.httpEquiv} content={tag.content} />
        ))}
        <meta property="og:type" content={meta.ogType ?? 'website'} />
        <meta property="og:site_name" content={shell.siteName} />
        <meta property="og:title" content={meta.title} />
        <meta property="og:description" content={meta.description} />
        {route.isNotFound ? null : <meta property="og:url" content={page.url} />}
        {image ? <meta property="og:image" content={image} /> : null}
        <meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
        {(meta.links ?? []).map((link, i) => (
          <link
            key={i}
            rel={link.rel}
            href={link.href}
            type={link.type}
            title={link.title}
            sizes={link.sizes}
            as={link.as}
            crossOrigin={link.crossOrigin}
          />
        ))}
        {shell.fontPreloads.map((href) => (
          <link key={href} rel="preload" href={href} as="font" type="font/woff2" crossOrigin="anonymous" />
        ))}
        {assets.styles.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {assets.preload.map((href) => (
          <link key={href} rel="modulepreload" href={href} />
        ))}
        {assets.runtime ? <script type="module" src={assets.runtime} /> : null}
        {assets.scripts.map((src) => (
          <script key={src} type="module" src={src} />
        ))}
        {assets.runtime ? (
          <script
            type="application/json"
            id="site-islands"
            dangerouslySetInnerHTML={{ __html: jsonForScript(assets.islands) }}
          />
        ) : null}
        {(meta.jsonLd ?? []).map((block, i) => (
          <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(block) }} />
        ))}
      </head>
      <body dangerouslySetInnerHTML={{ __html: page.html }} />
    </html>,
  );
  return `<!DOCTYPE html>${html}`;
}

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
      { isNotFound: true, path: '/404' },
    ),
    plainAssets,
  ],
];

describe('renderDocument', () => {
  it.each(cases)('writes %s byte for byte as React does', (_name, rendered, assets) => {
    expect(renderDocument(rendered, assets, shell)).toBe(reactDocument(rendered, assets, shell));
  });

  it('keeps the page body as it was rendered, inside <body>', () => {
    const [, rendered, assets] = cases[0]!;
    expect(renderDocument(rendered, assets, shell)).toContain(`<body>${rendered.html}</body></html>`);
  });
});

describe('html markup', () => {
  it('escapes the five characters React escapes, and nothing else', () => {
    expect(escapeHtml(`a"b&c'd<e>f é ’`)).toBe('a&quot;b&amp;c&#x27;d&lt;e&gt;f é ’');
    expect(escapeHtml('plain text')).toBe('plain text');
  });

  it('leaves out undefined attributes and empty URLs, and blocks javascript: URLs', () => {
    expect(
      attributes([
        ['rel', 'icon'],
        ['type', undefined],
        ['href', ''],
      ]),
    ).toBe(' rel="icon"');
    expect(attributes([['src', ' JaVa\tScRiPt:alert(1)']])).toBe(
      ` src="javascript:throw new Error(&#x27;React has blocked a javascript: URL as a security precaution.&#x27;)"`,
    );
  });
});
