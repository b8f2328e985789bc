import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminDigest } from '../../templates/site-env.ts';
import { buildInMemory, type MemoryBuild } from '../helpers/build-in-memory.ts';
import { siteErrorsOf } from '../helpers/engine.ts';
import { copyFixture, FIXTURES } from '../helpers/fixture.ts';
import { sitemapSchemaErrors } from '../helpers/quality/sitemap-schema.ts';

const ROOT = path.join(FIXTURES, 'basic');
let site: MemoryBuild;

beforeAll(async () => {
  site = await buildInMemory(ROOT, { SITE_ADMIN_PASSWORD: 'correct horse battery staple' });
});

describe('pages in file format', () => {
  it('writes every route as its own .html file', () => {
    for (const file of [
      'index.html',
      'islands.html',
      'toggle.html',
      'prefixes.html',
      'private.html',
      'scripted.html',
      'blog/first-post.html',
      'blog/second-post.html',
      '404.html',
    ]) {
      expect(site.has(file), file).toBe(true);
    }
    expect(site.report.pages).toBe(9);
  });

  it('renders a complete HTML5 document with its head', () => {
    const html = site.text('index.html');
    expect(html.startsWith('<!DOCTYPE html><html lang="en">')).toBe(true);
    const $ = site.$('index.html');
    expect($('meta[charset], meta[charSet]').attr('charset') ?? $('meta[charSet]').attr('charSet')).toBe('utf-8');
    expect($('meta[name=viewport]').attr('content')).toBe('width=device-width, initial-scale=1');
    expect($('title').text()).toBe('Home | Fixture Site');
    expect($('meta[name=description]').attr('content')).toBe('The fixture home page.');
    expect($('link[rel=canonical]').attr('href')).toBe('https://fixture.example/');
    expect($('meta[name=robots]').attr('content')).toBe('index, follow');
    expect($('meta[property="og:title"]').attr('content')).toBe('Home | Fixture Site');
    expect($('meta[property="og:url"]').attr('content')).toBe('https://fixture.example/');
    expect($('meta[property="og:site_name"]').attr('content')).toBe('Fixture Site');
    expect($('meta[name=theme-color]').attr('content')).toBe('#c8e6c9');
  });

  it('gives data-driven pages their params, props and absolute canonical URL', () => {
    const $ = site.$('blog/second-post.html');
    expect($('h1').text()).toBe('Second post');
    expect($('article p').text()).toBe("The second post's body.");
    expect($('link[rel=canonical]').attr('href')).toBe('https://fixture.example/blog/second-post');
    expect($('meta[property="og:type"]').attr('content')).toBe('article');
  });

  it('escapes < in JSON-LD so no string can close the script element', () => {
    const html = site.text('index.html');
    const blocks = site.$('index.html')('script[type="application/ld+json"]');
    expect(blocks).toHaveLength(1);
    expect(html).not.toContain('</script><script>alert(1)');
    expect(JSON.parse(blocks.text()).name).toBe('</script><script>alert(1)</script>');
  });

  it('marks the 404 page noindex without a canonical URL', () => {
    const $ = site.$('404.html');
    expect($('meta[name=robots]').attr('content')).toContain('noindex');
    expect($('link[rel=canonical]')).toHaveLength(0);
    expect($('h1').text()).toBe('Not found in the fixture');
  });
});

describe('islands and assets', () => {
  it('emits no service worker for a site that does not ask for one', () => {
    expect(site.has('service-worker.js')).toBe(false);
    expect(site.text('_headers')).not.toContain('service-worker');
  });

  it('loads no JavaScript at all on a page without islands', () => {
    for (const file of ['index.html', 'blog/first-post.html', '404.html', 'private.html']) {
      const $ = site.$(file);
      expect($('script[src]'), file).toHaveLength(0);
      expect($('script:not([type="application/ld+json"])'), file).toHaveLength(0);
      expect($('link[rel=modulepreload]'), file).toHaveLength(0);
    }
    expect(site.report.jsBytesOf('/')).toBe(0);
    expect(site.report.jsBytesOf('/no-such-page')).toBeUndefined();
  });

  it('loads the runtime and only the islands a page contains', () => {
    const $ = site.$('toggle.html');
    const runtime = $('script[type=module]').attr('src');
    expect(runtime).toMatch(/^\/assets\/island-runtime-[A-Z0-9]+\.js$/);
    const urls = JSON.parse($('#site-islands').text()) as Record<string, string>;
    expect(Object.keys(urls)).toEqual(['toggle']);
    expect(urls.toggle).toMatch(/^\/assets\/islands\/toggle-[A-Z0-9]+\.js$/);
    expect(site.has(urls.toggle!.slice(1))).toBe(true);
  });

  it('maps islands whose names share a prefix (toggle, toggle-list) each to its own file', () => {
    const urls = JSON.parse(site.$('prefixes.html')('#site-islands').text()) as Record<string, string>;
    expect(Object.keys(urls).sort()).toEqual(['toggle', 'toggle-list']);
    expect(urls.toggle).toMatch(/^\/assets\/islands\/toggle-[A-Z0-9]+\.js$/);
    expect(urls['toggle-list']).toMatch(/^\/assets\/islands\/toggle-list-[A-Z0-9]+\.js$/);
    expect(site.text(urls['toggle-list']!.slice(1))).toContain('Reverse the list');
    expect(site.text(urls.toggle!.slice(1))).not.toContain('Reverse the list');
    // The page of toggle alone links the same toggle file.
    expect(JSON.parse(site.$('toggle.html')('#site-islands').text())).toEqual({ toggle: urls.toggle });
  });

  it('leaves out an island no page uses, and its scripts, with every page as it was', async () => {
    const copy = await copyFixture('basic');
    try {
      await writeFile(
        path.join(copy.root, 'templates/islands/unused.tsx'),
        "import { useState } from 'react';\nexport default function Unused() {\n  const [n] = useState(1);\n  return <p>{n}</p>;\n}\n",
      );
      const withUnused = await buildInMemory(copy.root, { SITE_ADMIN_PASSWORD: 'correct horse battery staple' });
      expect(withUnused.files.map((file) => file.path).filter((file) => file.includes('unused'))).toEqual([]);
      const scripts = (build: MemoryBuild) =>
        build.files
          .map((file) => file.path)
          .filter((file) => file.endsWith('.js'))
          .sort();
      expect(scripts(withUnused)).toEqual(scripts(site));
      for (const file of site.files.filter((f) => f.path.endsWith('.html'))) {
        expect(withUnused.text(file.path), file.path).toBe(site.text(file.path));
      }
    } finally {
      await copy.remove();
    }
  });

  it('puts React in one shared chunk that every island imports', () => {
    const chunks = site.files.filter((f) => f.path.startsWith('assets/chunks/'));
    expect(chunks).toHaveLength(1);
    const chunkName = path.basename(chunks[0]!.path);
    for (const island of site.files.filter((f) => f.path.startsWith('assets/islands/'))) {
      expect(site.text(island.path)).toContain(chunkName);
      expect(site.text(island.path).length).toBeLessThan(2000);
    }
    expect(site.text(chunks[0]!.path)).toContain('hydrateRoot');
  });

  it('renders each island with its own marker, moment, props block and identifierPrefix', () => {
    const $ = site.$('islands.html');
    const markers = $('site-island');
    expect(markers.map((_, el) => $(el).attr('data-when')).get()).toEqual([
      'load',
      'idle',
      'interaction',
      'media',
      'visible',
    ]);
    expect(markers.eq(3).attr('data-media')).toBe('(max-width: 600px)');
    markers.each((i, el) => {
      const uid = $(el).attr('data-uid');
      expect(uid).toBe(`s${i}`);
      expect(JSON.parse($(`#site-island-props-${uid}`).text())).toHaveProperty('label');
      expect($(el).find('button').attr('id')).toMatch(new RegExp(`^_?s${i}-`));
    });
    // The load-moment island is preloaded with the React chunk it imports, so neither waits for another round
    // trip; islands that hydrate later are not fetched before they are needed.
    const urls = JSON.parse($('#site-islands').text()) as Record<string, string>;
    const loadIsland = markers.filter('[data-when=load]').attr('data-island')!;
    const chunk = site.files.find((f) => f.path.startsWith('assets/chunks/'))!;
    const preloads = $('link[rel=modulepreload]')
      .map((_, el) => $(el).attr('href'))
      .get();
    expect(preloads.sort()).toEqual([urls[loadIsland], `/${chunk.path}`].sort());
  });

  it('loads a page script as a module, without the island runtime', () => {
    const $ = site.$('scripted.html');
    const src = $('script[type=module]').attr('src') ?? '';
    expect(src).toMatch(/^\/assets\/scripts\/mark-page-[A-Z0-9]+\.js$/);
    expect($('script[src]')).toHaveLength(1);
    expect($('#site-islands')).toHaveLength(0);
    expect(site.text(src.slice(1))).toContain('scripted');
    expect(site.report.jsBytesOf('/scripted')).toBe(site.text(src.slice(1)).length);
  });

  it('hashes and minifies CSS under assets/ and adds the island marker rule', () => {
    const href = site.$('index.html')('link[rel=stylesheet]').attr('href') ?? '';
    expect(href).toMatch(/^\/assets\/styles-[A-Z0-9]+\.css$/);
    const css = site.text(href.slice(1));
    expect(css).toContain('site-island{display:contents}');
    expect(css).not.toContain('\n  ');
  });

  it('reports JS bytes for island pages from the bundle metafile', () => {
    const islands = site.report.jsBytesOf('/islands')!;
    expect(islands).toBeGreaterThan(100_000);
    const sum = site.files
      .filter((f) => /^assets\/(chunks|island-runtime|islands\/counter)/.test(f.path))
      .reduce((n, f) => n + site.text(f.path).length, 0);
    expect(islands).toBe(sum);
  });
});

describe('site files', () => {
  it('writes a sitemap with absolute URLs and per-page lastmod, without noindex pages or the 404', () => {
    const xml = site.text('sitemap.xml');
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      'https://fixture.example/',
      'https://fixture.example/blog/first-post',
      'https://fixture.example/blog/second-post',
      'https://fixture.example/islands',
      'https://fixture.example/prefixes',
      'https://fixture.example/scripted',
      'https://fixture.example/toggle',
    ]);
    expect(xml).toContain('<loc>https://fixture.example/</loc><lastmod>2025-01-02</lastmod>');
    expect(xml).toContain('<loc>https://fixture.example/blog/first-post</loc><lastmod>2025-03-04</lastmod>');
    // Pages that declare no lastmod get the build date (SOURCE_DATE_EPOCH in tests).
    expect(xml).toContain('<loc>https://fixture.example/islands</loc><lastmod>2026-01-01</lastmod>');
  });

  it('validates sitemap.xml against the sitemaps.org XSD', async () => {
    expect(await sitemapSchemaErrors(site.text('sitemap.xml'))).toEqual([]);
  });

  it('writes robots.txt naming the sitemap and the disallowed paths', () => {
    expect(site.text('robots.txt')).toBe(
      'User-agent: *\nAllow: /\nDisallow: /private\n\nSitemap: https://fixture.example/sitemap.xml\n',
    );
  });

  it('writes _headers: immutable assets, revalidated HTML, per-page overrides and security headers', () => {
    const headers = site.text('_headers');
    expect(headers).toContain('/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n');
    expect(headers).toContain('/\n  Cache-Control: public, max-age=0, must-revalidate\n');
    expect(headers).toContain('/islands\n  Cache-Control: public, max-age=86400\n');
    expect(headers).toMatch(/\/\*\n(  .+\n)*  Content-Security-Policy: [^\n]*script-src 'self';/);
    // Derived from the pages' img, srcset and poster, then the site's own addition; media from <video><source>.
    expect(headers).toContain(
      "img-src 'self' https://cdn.example.org https://photos.example.net https://images.example.com;",
    );
    expect(headers).toContain("media-src 'self' https://media.example.org;");
    // The engine adds no form service of its own: a site that posts somewhere says so in its csp.
    expect(headers).toContain("connect-src 'self';");
    expect(headers).toContain('X-Content-Type-Options: nosniff');
    expect(headers).toContain('Strict-Transport-Security:');
    // One Cache-Control per page path, or hosts would join the values.
    const blocks = headers.split('\n\n').map((b) => b.split('\n')[0]);
    expect(new Set(blocks).size).toBe(blocks.length);
  });

  it('writes _redirects from the site definition', () => {
    expect(site.text('_redirects')).toContain('/old-post /blog/first-post 301\n');
  });

  it('copies public/ as it is', () => {
    const hello = site.files.find((f) => f.path === 'hello.txt');
    expect(hello && 'source' in hello && hello.source).toBe(path.join(ROOT, 'public/hello.txt'));
  });

  it('puts no inline executable script anywhere, so script-src self holds', () => {
    for (const file of site.files.filter((f) => f.path.endsWith('.html'))) {
      const $ = site.$(file.path);
      $('script').each((_, el) => {
        const type = $(el).attr('type');
        if ($(el).attr('src')) expect(type).toBe('module');
        else expect(['application/json', 'application/ld+json']).toContain(type);
      });
    }
  });
});

describe('environment', () => {
  it('publishes nothing of the environment the site does not declare: no EmailJS origin, no admin digest or password', () => {
    const password = 'correct horse battery staple';
    const { digest } = adminDigest(password, 'https://fixture.example');
    for (const file of site.files) {
      if (!('contents' in file)) continue;
      const text = typeof file.contents === 'string' ? file.contents : Buffer.from(file.contents).toString('utf8');
      expect(text.includes(password), file.path).toBe(false);
      expect(text.includes(digest), file.path).toBe(false);
      expect(text.toLowerCase().includes('emailjs'), file.path).toBe(false);
    }
    expect(site.report.warnings.filter((warning) => warning.includes('SITE_'))).toEqual([]);
  });

  it('fails with a named error when a variable the site declares as required is missing', async () => {
    const errors = await buildInMemory(ROOT, { FIXTURE_GREETING: '' }).then(
      () => [],
      (error: unknown) => siteErrorsOf(error) ?? [],
    );
    expect(errors.map((error) => [error.code, error.message])).toEqual([
      ['ENV_MISSING', 'FIXTURE_GREETING is required by this site and is not set.'],
    ]);
  });

  it('passes a declared public variable to the pages', () => {
    expect(site.$('index.html')('.greeting').text()).toBe('Hello from the environment');
  });

  it('takes the canonical origin from SITE_URL over the site data', async () => {
    const other = await buildInMemory(ROOT, { SITE_URL: 'https://staging.example.org/' });
    expect(other.$('index.html')('link[rel=canonical]').attr('href')).toBe('https://staging.example.org/');
    expect(other.text('robots.txt')).toContain('Sitemap: https://staging.example.org/sitemap.xml');
  });
});

describe('endpoints', () => {
  it('writes a text endpoint such as feed.xml from the data, outside the sitemap', () => {
    const feed = site.text('feed.xml');
    expect(feed).toContain(
      '<item><title>First post</title><link>https://fixture.example/blog/first-post</link></item>',
    );
    expect(site.text('sitemap.xml')).not.toContain('feed.xml');
  });
});
