import { beforeAll, describe, expect, it } from 'vitest';
import { buildInMemory, type MemoryBuild } from '../helpers/build-in-memory.ts';
import { PROJECT_ROOT } from '../helpers/fixture.ts';
import { hrefs, jsonLd, texts } from '../helpers/html-queries.ts';
import { loadVocabulary } from '../helpers/schema-vocabulary.ts';
import { BUSINESS, SITE_URL, TEL_HREF } from '../helpers/site-facts.ts';

let site: MemoryBuild;
const html = () => site.pages();

beforeAll(async () => {
  site = await buildInMemory(PROJECT_ROOT);
});

describe('every page', () => {
  it('builds every route of the spec in file format', () => {
    const expected = [
      'index.html',
      'about.html',
      'services.html',
      'services/custom-homes.html',
      'services/design-build.html',
      'services/additions.html',
      'services/remodeling.html',
      'services/architecture.html',
      'gallery.html',
      'contact.html',
      'landing.html',
      'blog.html',
      '404.html',
      ...[1, 2, 3, 4, 5, 6].map((id) => `gallery/${id}.html`),
      ...[
        'home-addition-considerations',
        'kitchen-design-tips',
        'sustainable-building-practices',
        'building-permit-process',
        'small-space-design',
        'adu-planning-guide',
      ].map((s) => `blog/${s}.html`),
    ];
    for (const file of expected) expect(site.has(file), file).toBe(true);
  });

  it('has the head metadata: viewport, light green theme colour, no phone detection, no cache meta tags, title, description, canonical, Open Graph', () => {
    const titles = new Set<string>();
    for (const file of html()) {
      const $ = site.$(file);
      expect($('html').attr('lang'), file).toBe('en-US');
      expect($('meta[name=viewport]').attr('content'), file).toBe('width=device-width, initial-scale=1');
      expect($('meta[name=theme-color]').attr('content'), file).toBe('#dcefe0');
      expect($('meta[name=format-detection]').attr('content'), file).toBe('telephone=no');
      // The spec's cache hints are headers in _headers (landing-pages.test.ts): HTML allows no cache http-equiv.
      expect($('meta[http-equiv]').length, file).toBe(0);
      const title = $('title').text();
      expect(title.length, file).toBeGreaterThan(10);
      titles.add(title);
      const description = $('meta[name=description]').attr('content') ?? '';
      expect(description.length, file).toBeGreaterThan(50);
      expect(description.length, file).toBeLessThanOrEqual(160);
      expect($('meta[property="og:title"]').attr('content'), file).toBe(title);
      expect($('link[rel=alternate][type="application/rss+xml"]').attr('href'), file).toBe('/blog/feed.xml');
      if (file !== '404.html') {
        const path = file === 'index.html' ? '/' : `/${file.replace(/\.html$/, '')}`;
        expect($('link[rel=canonical]').attr('href'), file).toBe(`${SITE_URL}${path}`);
        expect($('meta[property="og:url"]').attr('content'), file).toBe(`${SITE_URL}${path}`);
      }
    }
    expect(titles.size).toBe(html().length);
  });

  it('carries the GeneralContractor JSON-LD with the spec fields', () => {
    for (const file of html()) {
      const business = jsonLd(site.$(file)).find((block) => block['@type'] === 'GeneralContractor') as Record<
        string,
        any
      >;
      expect(business, file).toBeDefined();
      expect(business.name).toBe(BUSINESS.name);
      expect(business.telephone).toBe(BUSINESS.phone);
      expect(business.url).toBe(`${SITE_URL}/`);
      expect(business.priceRange).toBe('$$$');
      expect(business.address).toMatchObject({
        '@type': 'PostalAddress',
        addressLocality: BUSINESS.address.city,
        addressRegion: BUSINESS.address.region,
      });
      expect(business.openingHoursSpecification).toEqual([
        {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
          opens: '08:00',
          closes: '18:00',
        },
      ]);
      expect(business.areaServed.map((c: { name: string }) => c.name)).toEqual([
        'Santa Clara',
        'Sunnyvale',
        'San Jose',
        'Palo Alto',
        'Mountain View',
        'Los Altos',
        'Menlo Park',
        'Los Gatos',
      ]);
      expect(business.hasOfferCatalog.itemListElement.map((o: any) => o.itemOffered.name)).toEqual([
        'Room additions',
        'Second-story additions',
        'ADU construction',
        'Kitchen renovation',
        'Bathroom renovation',
        'Full home renovation',
      ]);
    }
  });

  it('uses only schema.org types and properties, each allowed on its type', () => {
    const vocabulary = loadVocabulary();
    for (const file of html()) {
      for (const block of jsonLd(site.$(file))) expect(vocabulary.problems(block, file), file).toEqual([]);
    }
  });

  it('has the header: five links, the Services group, the consultation button, the active link by path prefix', () => {
    const $ = site.$('services/additions.html');
    const nav = $('nav.nav-desktop');
    expect(texts($, 'nav.nav-desktop > ul > li > a')).toEqual(['Home', 'About', 'Gallery', 'Blog', 'Contact']);
    expect(hrefs($, 'nav.nav-desktop > ul > li > a')).toEqual(['/', '/about', '/gallery', '/blog', '/contact']);
    expect(texts($, 'nav.nav-desktop .nav-submenu a')).toEqual([
      'Our Process',
      'Custom Homes',
      'Design + Build',
      'Additions & ADUs',
      'Full Home Remodeling',
      'Architecture & Engineering',
    ]);
    expect(hrefs($, 'nav.nav-desktop .nav-submenu a')).toEqual([
      '/services',
      '/services/custom-homes',
      '/services/design-build',
      '/services/additions',
      '/services/remodeling',
      '/services/architecture',
    ]);
    expect(nav.find('button.nav-trigger').hasClass('is-active')).toBe(true);
    expect(nav.find('button.nav-trigger').attr('aria-expanded')).toBe('false');
    expect(nav.find('button.nav-trigger').attr('aria-controls')).toBe(nav.find('.nav-submenu').attr('id'));
    expect(nav.find('a[href="/services/additions"]').attr('aria-current')).toBe('page');
    // One button, two wordings: the long one from 1024 px, 'Book' below (the stylesheet shows one).
    expect(texts($, 'header a.header-cta span')).toEqual(['Get a Consultation', 'Book']);
    expect($('header a.header-call').attr('href')).toBe(TEL_HREF);
    expect($('header a.header-call').attr('aria-label')).toBe(`Call ${BUSINESS.phone}`);
    expect($('header a.header-cta').attr('href')).toBe('/contact');
    expect($('.site-header').length).toBe(1);
    // The small-screen menu is a native <details>, so it opens without JavaScript.
    expect($('details.nav-mobile nav a[href="/contact"]').length).toBeGreaterThan(0);
    const post = site.$('blog/kitchen-design-tips.html');
    expect(post('nav.nav-desktop a[href="/blog"]').attr('aria-current')).toBe('true');
    expect(post('nav.nav-desktop a[href="/"]').attr('aria-current')).toBeUndefined();
  });

  it('has the footer: tagline, address, phone, e-mail, quick links, service areas, social links, back to top, copyright, license', () => {
    const $ = site.$('about.html');
    const footer = $('footer.site-footer');
    expect(footer.find('.tagline').text()).toBe('Where beautiful homes begin with peace of mind');
    expect(footer.find('address').text()).toContain(`${BUSINESS.address.city}, ${BUSINESS.address.region}`);
    expect(footer.find('a[href^="tel:"]').text()).toBe(BUSINESS.phone);
    expect(footer.find(`a[href="mailto:${BUSINESS.email}"]`).length).toBeGreaterThanOrEqual(2);
    expect(texts($, 'footer nav li a')).toEqual(['Home', 'About Us', 'Our Services', 'Project Gallery', 'Contact Us']);
    expect(footer.text()).toContain(
      'Sunnyvale, San Jose, Palo Alto, Mountain View, Atherton, Menlo Park, Los Gatos and more',
    );
    expect(footer.find('a[aria-label$="on Facebook"]').attr('href')).toMatch(/^https:\/\/www\.facebook\.com\//);
    expect(footer.find('a[aria-label$="on Instagram"]').attr('href')).toMatch(/^https:\/\/www\.instagram\.com\//);
    expect(footer.find('a.back-to-top').attr('href')).toBe('#top');
    expect($('#top').length).toBe(1);
    expect(footer.text()).toContain(`© ${new Date(1767225600 * 1000).getFullYear()} ${BUSINESS.name}`);
    expect(footer.text()).toContain(BUSINESS.licenseLine);
  });

  it('sizes every image and loads below-the-fold ones lazily', () => {
    for (const file of html()) {
      const $ = site.$(file);
      $('img').each((index, el) => {
        const img = $(el);
        expect(img.attr('width'), file).toMatch(/^\d+$/);
        expect(img.attr('height'), file).toMatch(/^\d+$/);
        expect(img.attr('alt'), file).toBeDefined();
        expect(img.attr('decoding'), file).toBe('async');
        if (img.attr('fetchpriority') === 'high') expect(img.attr('loading')).toBe('eager');
        else expect(img.attr('loading'), `${file} img ${index}`).toBe('lazy');
        expect(img.attr('srcset'), file).toContain('800w');
      });
      expect($('img[fetchpriority=high]').length, file).toBeLessThanOrEqual(1);
    }
    expect(site.$('blog/adu-planning-guide.html')('img.post-cover').attr('fetchpriority')).toBe('high');
    // The blog's first cover is a phone's largest paint: fetched at once, the others as they scroll near.
    const covers = site.$('blog.html')('.post-card img');
    expect(covers.first().attr('fetchpriority')).toBe('high');
    expect(
      covers
        .slice(1)
        .toArray()
        .every((img) => img.attribs.loading === 'lazy'),
    ).toBe(true);
  });
});

describe('scripts and offline support', () => {
  it('loads the site script (header, back to top, service worker) as a module on every page, and links the icons and the manifest', () => {
    for (const file of html()) {
      const $ = site.$(file);
      const modules = $('script[type=module]')
        .map((_, el) => $(el).attr('src'))
        .get();
      expect(
        modules.filter((src) => /^\/assets\/scripts\/site-[A-Z0-9]+\.js$/.test(src)),
        file,
      ).toHaveLength(1);
      // Executable scripts are files only: every inline script is data (JSON or JSON-LD).
      $('script:not([src])').each((_, el) =>
        expect(['application/json', 'application/ld+json'], file).toContain($(el).attr('type')),
      );
      expect(
        $('link[rel=icon]')
          .map((_, el) => `${$(el).attr('href')} ${$(el).attr('sizes') ?? $(el).attr('type')}`)
          .get(),
        file,
      ).toEqual(['/favicon.ico 32x32', '/favicon.svg image/svg+xml']);
      expect($('link[rel=apple-touch-icon]').attr('href'), file).toBe('/apple-touch-icon.png');
      expect($('link[rel=manifest]').attr('href'), file).toBe('/site.webmanifest');
    }
    for (const icon of ['favicon.ico', 'favicon.svg', 'apple-touch-icon.png']) expect(site.has(icon), icon).toBe(true);
  });

  it('serves the web font from /assets/ and preloads it on every page, with a metric-matched fallback in the stylesheet', () => {
    const fonts = site.files.filter((f) => f.path.endsWith('.woff2')).map((f) => `/${f.path}`);
    expect(fonts).toEqual([expect.stringMatching(/^\/assets\/inter-latin-wght-400-800-\w+\.woff2$/)]);
    for (const file of html()) {
      const $ = site.$(file);
      const preload = $('link[rel=preload][as=font]');
      expect(preload.attr('href'), file).toBe(fonts[0]);
      expect(preload.attr('crossorigin'), file).toBe('anonymous');
      expect(preload.attr('type'), file).toBe('font/woff2');
    }
    const css = site.text(site.$('index.html')('link[rel=stylesheet]').attr('href')!.slice(1));
    expect(css).toContain(`url("${fonts[0]}")`);
    expect(css).toMatch(/font-display:\s*swap/);
    // One scaled local face per weight range, covering every weight the stylesheet uses (100 to 900).
    const fallbacks = [
      ...css.matchAll(
        /@font-face\{font-family:Inter Fallback;font-weight:(\d+) (\d+);[^}]*size-adjust:([\d.]+)%;ascent-override:[\d.]+%;descent-override:[\d.]+%/g,
      ),
    ];
    expect(fallbacks.map((m) => [Number(m[1]), Number(m[2])])).toEqual([
      [100, 549],
      [550, 640],
      [641, 720],
      [721, 900],
    ]);
    for (const m of fallbacks) expect(Number(m[3])).not.toBe(100);
  });

  it('builds a web app manifest with the name, short name, colours and icons that exist', () => {
    const manifest = JSON.parse(site.text('site.webmanifest')) as {
      name: string;
      short_name: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string }[];
    };
    expect(manifest).toMatchObject({
      name: BUSINESS.name,
      short_name: BUSINESS.shortName,
      theme_color: '#dcefe0',
      background_color: '#ffffff',
      start_url: '/',
    });
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(['any', '192x192', '512x512', '180x180']);
    for (const icon of manifest.icons) expect(site.has(icon.src.slice(1)), icon.src).toBe(true);
  });

  it('emits the service worker with a revalidate rule, and an offline page kept out of the index', () => {
    expect(site.text('service-worker.js')).toContain('"/offline"');
    expect(site.text('_headers')).toContain(
      '/service-worker.js\n  Cache-Control: public, max-age=0, must-revalidate\n',
    );
    const $ = site.$('offline.html');
    expect($('h1').text()).toBe("You're offline");
    expect($('meta[name=robots]').attr('content')).toBe('noindex');
    expect(site.text('sitemap.xml')).not.toContain('/offline');
  });

  it('loads a page script only where its widgets are', () => {
    const scriptsOf = (file: string) =>
      site
        .$(file)('script[type=module]')
        .map((_, el) => site.$(file)(el).attr('src'))
        .get()
        .join(' ');
    expect(scriptsOf('index.html')).toMatch(/\/assets\/scripts\/home-/);
    expect(scriptsOf('gallery.html')).toMatch(/\/assets\/scripts\/gallery-/);
    expect(scriptsOf('about.html')).not.toMatch(/home-|gallery-|island-runtime/);
    expect(site.report.jsBytesOf('/about')).toBeLessThan(6000);
  });
});

describe('a text with an aside', () => {
  it('breaks for the aside where the two parts come nearest in length, after one paragraph at least', async () => {
    const { middleBreak } = await import('../../templates/components/sections.tsx');
    expect(middleBreak([333, 384, 256])).toBe(1);
    expect(middleBreak([100, 100, 100, 100])).toBe(2);
    expect(middleBreak([60, 60, 300])).toBe(2);
    expect(middleBreak([500])).toBe(1);
    expect(middleBreak([])).toBe(1);
  });
});
