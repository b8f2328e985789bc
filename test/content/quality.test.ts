import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildInMemory, type MemoryBuild } from '../helpers/build-in-memory.ts';
import { PROJECT_ROOT } from '../helpers/fixture.ts';
import { htmlProblems } from '../helpers/quality/html-validity.ts';
import { nuHtmlErrors } from '../helpers/quality/nu-html.ts';
import { sitemapSchemaErrors } from '../helpers/quality/sitemap-schema.ts';
import { structuredDataProblems, topLevelTypes } from '../helpers/quality/structured-data.ts';

let site: MemoryBuild;
const pages = () => site.pages();
/** The site's own address, as the owner sets it in data/business.json: the checks hold for any content. */
const SITE = (
  JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'data/business.json'), 'utf8')) as { url: string }
).url.replace(/\/$/, '');

beforeAll(async () => {
  site = await buildInMemory(PROJECT_ROOT);
});

describe('HTML validity (html-validate, recommended preset, .htmlvalidate.mjs)', () => {
  it('finds no error on any built page', async () => {
    const problems = (await Promise.all(pages().map((file) => htmlProblems(site.text(file), file)))).flat();
    expect(problems).toEqual([]);
    expect(pages().length).toBeGreaterThan(120);
  });

  it('fails an <img> without alt (proof the gate can fail)', async () => {
    const broken = site
      .text('about.html')
      .replace('</main>', '<img src="/favicon.svg" width="10" height="10"/></main>');
    expect(await htmlProblems(broken, 'about.html')).toEqual([
      expect.stringMatching(/^about\.html:\d+:\d+ wcag\/h37 <img> is missing required "alt" attribute$/),
    ]);
  });
});

describe('HTML validity (the W3C Nu HTML Checker)', () => {
  // One run of the checker for every page and a page with a planted error, which must be the one error it names.
  let errors: Promise<string[]>;
  const planted = 'planted/about.html';
  const run = () =>
    (errors ??= nuHtmlErrors([
      ...pages().map((file) => [file, site.text(file)] as const),
      [planted, site.text('about.html').replace('<head>', '<head><meta http-equiv="Pragma" content="no-cache"/>')],
    ]));

  it('finds no error on any built page', async () => {
    expect((await run()).filter((error) => !error.startsWith(`${planted}:`))).toEqual([]);
  }, 180_000);

  it('names a page with a <meta http-equiv> HTML does not allow (proof the gate can fail)', async () => {
    expect((await run()).filter((error) => error.startsWith(`${planted}:`))).toEqual([
      expect.stringMatching(
        /^planted\/about\.html:1:\d+ Bad value .Pragma. for attribute .http-equiv. on element .meta./,
      ),
    ]);
  }, 180_000);
});

describe('structured data', () => {
  it('parses on every page, uses only schema.org terms allowed on their types, and has what Google requires', () => {
    const problems = pages().flatMap((file) => structuredDataProblems(site.$(file), file));
    expect(problems).toEqual([]);
  });

  it('describes the business on every page, the service and its breadcrumb on city-service pages, the article on posts', () => {
    for (const file of pages()) {
      const types = topLevelTypes(site.$(file));
      expect(types[0], file).toBe('GeneralContractor');
      if (/^[a-z-]+-(contractor|builder|remodeling)-[a-z-]+\.html$/.test(file)) {
        expect(types, file).toEqual(['GeneralContractor', 'Service', 'BreadcrumbList']);
      }
      if (/^blog\/[a-z-]+\.html$/.test(file)) expect(types, file).toEqual(['GeneralContractor', 'BlogPosting']);
    }
    expect(topLevelTypes(site.$('services/additions.html'))).toContain('BreadcrumbList');
  });

  it('fails a GeneralContractor without its name (proof the gate can fail)', () => {
    const broken = site
      .text('index.html')
      .replace(/("@type":"GeneralContractor","@id":"[^"]*"),"name":"(?:[^"\\]|\\.)*"/, '$1');
    expect(broken).not.toBe(site.text('index.html'));
    const $ = site.$('index.html');
    $('head').html(broken.slice(broken.indexOf('<head>') + 6, broken.indexOf('</head>')));
    expect(structuredDataProblems($, 'index.html')).toEqual(['index.html JSON-LD #1: GeneralContractor lacks name']);
  });

  it('fails a block that does not parse, or a property schema.org does not have', () => {
    const $ = site.$('about.html');
    $('head').append('<script type="application/ld+json">{"@context":"https://schema.org",</script>');
    $('head').append(
      '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Service","name":"x","provider":"y","areaServed":"z","rating":5}</script>',
    );
    expect(structuredDataProblems($, 'about.html')).toEqual([
      expect.stringMatching(/^about\.html JSON-LD #\d: does not parse/),
      expect.stringMatching(/^about\.html JSON-LD #\d\.rating: unknown property$/),
    ]);
  });
});

describe('sitemap', () => {
  it('is valid against the sitemaps.org XSD', async () => {
    expect(await sitemapSchemaErrors(site.text('sitemap.xml'))).toEqual([]);
    expect(
      (
        await sitemapSchemaErrors(
          site.text('sitemap.xml').replace('<lastmod>', '<modified>').replace('</lastmod>', '</modified>'),
        )
      ).length,
    ).toBeGreaterThan(0);
  });

  it('lists every indexable page exactly once at its canonical URL, and nothing else', () => {
    const listed = [...site.text('sitemap.xml').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    const indexable = pages()
      .map((file) => site.$(file))
      .filter(($) => !/noindex/.test($('meta[name=robots]').attr('content') ?? ''))
      .map(($) => $('link[rel=canonical]').attr('href'));
    expect(indexable.every(Boolean)).toBe(true);
    expect([...listed].sort()).toEqual([...indexable].sort());
    expect(new Set(listed).size).toBe(listed.length);
    const redirectSources = site
      .text('_redirects')
      .split('\n')
      .filter((l) => l.startsWith('/'))
      .map((l) => `${SITE}${l.split(/\s+/)[0]}`);
    expect(redirectSources.length).toBeGreaterThan(0);
    for (const source of redirectSources) expect(listed).not.toContain(source);
    for (const hidden of ['/404', '/offline', '/admin-seo-pages']) expect(listed).not.toContain(`${SITE}${hidden}`);
  });
});

describe('security headers (_headers)', () => {
  const policy = () => {
    const block = site
      .text('_headers')
      .split('\n\n')
      .find((b) => b.startsWith('/*\n'))!;
    const headers = Object.fromEntries(
      block
        .split('\n')
        .slice(1)
        .map(
          (line) =>
            line
              .trim()
              .split(/:\s(.*)/s)
              .slice(0, 2) as [string, string],
        ),
    );
    const csp = Object.fromEntries(
      headers['Content-Security-Policy']!.split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name!, values]),
    );
    return { headers, csp };
  };

  it('gives every page a strict CSP: own scripts only, no plugins, no framing, no base or form hijack', () => {
    const { csp } = policy();
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['form-action']).toEqual(["'self'"]);
    expect(JSON.stringify(csp)).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
  });

  it('lets the page talk only to itself and the EmailJS origin, and load media only from the hosts the pages use', () => {
    const { csp } = policy();
    expect(csp['connect-src']).toEqual(["'self'", 'https://api.emailjs.com']);
    const hosts = { image: new Set<string>(), media: new Set<string>() };
    const add = (kind: 'image' | 'media', url: string | undefined): void => {
      if (url?.startsWith('https://')) hosts[kind].add(new URL(url.split(/\s/)[0]!).origin);
    };
    // Read from the pages here too, independently of the build's own derivation.
    for (const file of pages()) {
      const $ = site.$(file);
      $('img').each((_, el) => {
        for (const url of [$(el).attr('src'), ...($(el).attr('srcset') ?? '').split(', ')]) add('image', url);
      });
      $('picture source').each((_, el) => {
        for (const url of ($(el).attr('srcset') ?? '').split(', ')) add('image', url);
      });
      $('video[poster]').each((_, el) => add('image', $(el).attr('poster')));
      $('video[src], video source[src], audio[src], audio source[src]').each((_, el) =>
        add('media', $(el).attr('src')),
      );
    }
    expect(csp['img-src']).toEqual(["'self'", ...[...hosts.image].sort()]);
    expect(csp['media-src']).toEqual(["'self'", ...[...hosts.media].sort()]);
    expect(csp['img-src']).toContain('https://images.unsplash.com');
    expect(csp['media-src']).toContain('https://videos.pexels.com');
  });

  it('sends HSTS, nosniff, a referrer policy and a permissions policy', () => {
    const { headers } = policy();
    expect(headers['Strict-Transport-Security']).toBe('max-age=63072000; includeSubDomains');
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['Permissions-Policy']).toMatch(/camera=\(\).*microphone=\(\).*geolocation=\(\)/);
  });

  it('ships no secret: no environment file, no source map, no private key, no admin password', async () => {
    const password = 'Teal-Ladder-Orchard-91';
    const built = await buildInMemory(PROJECT_ROOT, { SITE_ADMIN_PASSWORD: password });
    for (const file of built.files) {
      expect(file.path, file.path).not.toMatch(/(^|\/)\.env|\.map$|\.pem$/);
      if ('source' in file) continue;
      const text = built.text(file.path);
      expect(text.includes(password), file.path).toBe(false);
      expect(text, file.path).not.toMatch(/PRIVATE KEY|SITE_ADMIN_PASSWORD/);
    }
  });
});
