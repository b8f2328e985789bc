import { beforeAll, describe, expect, it } from 'vitest';
import { headersForPath, parseHeadersFile } from '../../src/host/headers-file.ts';
import { buildInMemory, type MemoryBuild } from '../helpers/build-in-memory.ts';
import { PROJECT_ROOT } from '../helpers/fixture.ts';
import { BUSINESS, SITE_URL } from '../helpers/site-facts.ts';

let site: MemoryBuild;
let landing: string[];
const SLUG =
  /^([a-z-]+)-(sunnyvale|san-jose|santa-clara|palo-alto|menlo-park|atherton|fremont|milpitas|saratoga|los-altos|los-gatos)\.html$/;

beforeAll(async () => {
  site = await buildInMemory(PROJECT_ROOT);
  landing = site.files.map((f) => f.path).filter((p) => !p.includes('/') && SLUG.test(p));
});

describe('the 99 city-service landing pages', () => {
  it('writes one file per record', () => {
    expect(landing).toHaveLength(99);
  });

  it('has the eight sections in order, with the spec wording', () => {
    for (const file of landing) {
      const $ = site.$(file);
      const city = $('h1')
        .text()
        .replace(/^Top-Rated .+ in /, '');
      expect(
        $('.breadcrumb li')
          .map((_, el) => $(el).text())
          .get(),
        file,
      ).toEqual([
        'Home',
        'Services',
        `${$('h1')
          .text()
          .replace(/^Top-Rated /, '')}`,
      ]);
      expect($('h1'), file).toHaveLength(1);
      expect($('h1').text(), file).toMatch(/^Top-Rated .+ in .+$/);
      const ids = $('main > section')
        .map((_, el) => $(el).attr('id'))
        .get();
      // The spec's sections, with issue 10's '{service} in {city}' section of its own right after the heading.
      expect(ids, file).toEqual([
        'local-guide',
        'why-choose',
        'our-services',
        'local-expertise',
        'faqs',
        'other-services',
        'landing-cta',
      ]);
      expect($('#local-guide h2').text(), file).toBe(
        $('h1')
          .text()
          .replace(/^Top-Rated /, ''),
      );
      expect($('main > .page-hero').index(), file).toBe(0);
      expect($('#why-choose h2').text(), file).toMatch(
        new RegExp(`^Why Choose ${BUSINESS.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} as Your .+ in ${city}$`),
      );
      expect($('#why-choose li'), file).toHaveLength(6);
      expect($('#our-services h2').text(), file).toMatch(new RegExp(`^Our .+ Services in ${city}$`));
      expect($('#our-services .check-list li'), file).toHaveLength(5);
      expect($('#local-expertise .neighborhoods li').length, file).toBeGreaterThanOrEqual(1);
      expect($('#local-expertise .neighborhoods li').length, file).toBeLessThanOrEqual(5);
      expect($('#faqs .faq'), file).toHaveLength(4);
      expect($('#faqs .faq').last().text(), file).toContain(city);
      expect($('#other-services h2').text(), file).toBe(`Other Services We Offer in ${city}`);
      expect($('#landing-cta h2').text(), file).toBe(`Ready to Start Your ${city} Project?`);
      expect($('#landing-cta a').text(), file).toBe('Get a Free Consultation');
      expect($('#landing-cta a').attr('href'), file).toBe('/contact');
    }
  });

  it('gives every page its own h1, title and description', () => {
    for (const selector of ['h1', 'title']) {
      const values = landing.map((file) => site.$(file)(selector).text());
      expect(new Set(values).size, selector).toBe(99);
    }
    const descriptions = landing.map((file) => site.$(file)('meta[name=description]').attr('content'));
    expect(new Set(descriptions).size).toBe(99);
  });

  it('links exactly three other services of the same city, each a built page', () => {
    for (const file of landing) {
      const city = SLUG.exec(file)?.[2];
      const links = site
        .$(file)('#other-services a')
        .map((_, el) => site.$(file)(el).attr('href'))
        .get();
      expect(links, file).toHaveLength(3);
      for (const href of links) {
        expect(href, file).toMatch(new RegExp(`-${city}$`));
        expect(`${href.slice(1)}.html`, file).not.toBe(file);
        expect(site.has(`${href.slice(1)}.html`), href).toBe(true);
      }
    }
  });

  it('describes the service with JSON-LD serving its city plus Santa Clara, Sunnyvale and San Jose, without duplicates', () => {
    const areas = (file: string) => {
      const $ = site.$(file);
      const blocks = $('script[type="application/ld+json"]')
        .map((_, el) => JSON.parse($(el).text()))
        .get() as Record<string, any>[];
      const service = blocks.find((b) => b['@type'] === 'Service');
      expect(service?.provider).toEqual({ '@id': `${SITE_URL}/#business` });
      expect(blocks.find((b) => b['@type'] === 'BreadcrumbList')?.itemListElement).toHaveLength(3);
      return service?.areaServed.map((a: { name: string }) => a.name);
    };
    expect(areas('adu-contractor-palo-alto.html')).toEqual(['Palo Alto', 'Santa Clara', 'Sunnyvale', 'San Jose']);
    expect(areas('adu-contractor-san-jose.html')).toEqual(['San Jose', 'Santa Clara', 'Sunnyvale']);
  });

  it('caches the pages for a day in _headers, within the 100 rules Cloudflare Pages reads; the sitemap lists every indexable one and no thin one', () => {
    const headers = parseHeadersFile(site.text('_headers'));
    expect(headers.warnings).toEqual([]);
    expect(headers.rules.length).toBeLessThanOrEqual(100);
    // Read as a host reads the file: a header that two blocks set would come out joined.
    const cacheControl = (path: string) =>
      headersForPath(headers.rules, path)
        .filter(([name]) => name === 'Cache-Control')
        .map(([, value]) => value);
    for (const file of site.pages().filter((p) => p !== '404.html')) {
      const path = file === 'index.html' ? '/' : `/${file.replace(/\.html$/, '')}`;
      expect(cacheControl(path), path).toEqual([
        landing.includes(file) ? 'public, max-age=86400' : 'public, max-age=0, must-revalidate',
      ]);
    }
    // No page's block reaches another file: the hashed assets keep their year, the rest the host's default.
    for (const file of site.files.map((f) => f.path).filter((p) => !p.endsWith('.html'))) {
      // The editor's files (not content-hashed) are revalidated, like the service worker.
      const expected = file.startsWith('assets/')
        ? ['public, max-age=31536000, immutable']
        : file === 'service-worker.js' || file.startsWith('admin/')
          ? ['public, max-age=0, must-revalidate']
          : [];
      expect(cacheControl(`/${file}`), file).toEqual(expected);
    }
    const sitemap = site.text('sitemap.xml');
    let thin = 0;
    for (const file of landing) {
      const path = `/${file.replace(/\.html$/, '')}`;
      const noindex = site.$(file)('meta[name=robots]').attr('content')?.includes('noindex') ?? false;
      if (noindex) thin++;
      expect(sitemap.includes(`<loc>${SITE_URL}${path}</loc>`), path).toBe(!noindex);
    }
    expect(thin).toBeGreaterThan(0);
    expect(thin).toBeLessThanOrEqual(12);
  });

  it('shows a permit time only where the spec gives one, and only on the pages of the work it describes', () => {
    expect(site.$('addition-contractor-santa-clara.html')('#local-expertise').text()).toContain('4-6 weeks');
    expect(site.$('bathroom-remodel-contractor-milpitas.html')('#local-expertise').text()).toContain('3-4 weeks');
    for (const file of [
      'new-construction-home-contractor-santa-clara.html',
      'adu-contractor-milpitas.html',
      'adu-contractor-palo-alto.html',
      'addition-contractor-palo-alto.html',
    ]) {
      expect(site.$(file)('#local-expertise').text(), file).not.toMatch(/\d+-\d+ weeks/);
    }
    // The local question answers for the service: no decks, sheds and fences on a bathroom page.
    expect(site.$('bathroom-remodel-contractor-santa-clara.html')('#faqs .faq').last().text()).not.toMatch(
      /deck|shed|fence/i,
    );
    expect(site.$('adu-contractor-palo-alto.html')('#faqs .faq').last().text()).not.toMatch(
      /Individual Review applies/,
    );
  });

  it('keeps a thin Eichler page honest and out of search, and a real one in', () => {
    const fremont = site.$('eichler-home-contractor-fremont.html');
    expect(fremont('meta[name=robots]').attr('content')).toBe('noindex, follow');
    expect(fremont('#local-guide').text()).toMatch(/no Eichler tract/i);
    expect(fremont('#other-services a')).toHaveLength(3);
    expect(site.$('eichler-home-contractor-palo-alto.html')('meta[name=robots]').attr('content') ?? '').not.toContain(
      'noindex',
    );
  });
});
