import { beforeAll, describe, expect, it } from 'vitest';
import { type AdminListing, listedPages } from '../../templates/lib/admin-filters.ts';
import { buildInMemory, type MemoryBuild } from '../helpers/build-in-memory.ts';
import { PROJECT_ROOT } from '../helpers/fixture.ts';
import { hrefs, jsonLd, texts } from '../helpers/html-queries.ts';
import { BUSINESS, POST_COUNT, PROJECT_COUNT, SITE_URL } from '../helpers/site-facts.ts';

let site: MemoryBuild;
const html = () => site.pages();

beforeAll(async () => {
  site = await buildInMemory(PROJECT_ROOT);
});

describe('home', () => {
  const $ = () => site.$('index.html');

  it('opens with the video hero, headline, sub-headline and the rotating line', () => {
    const video = $()('section.hero video');
    expect(video.attr('muted')).toBeDefined();
    expect(video.attr('loop')).toBeDefined();
    expect(video.attr('playsinline')).toBeDefined();
    // The still under the video is a responsive image fetched first: a phone loads the width it shows.
    const still = $()('section.hero img.hero-still');
    expect(still.attr('src')).toMatch(/^https:\/\/images\.unsplash\.com\//);
    expect(still.attr('srcset')).toContain(' 800w');
    expect(still.attr('sizes')).toBe('100vw');
    expect(still.attr('fetchpriority')).toBe('high');
    expect(still.attr('loading')).toBe('eager');
    expect(still.attr('alt')).toBe('');
    // Before the video in the hero, so the video covers it once it plays.
    expect(still.closest('picture').nextAll('video').length).toBe(1);
    expect(video.find('source').attr('media')).toBe('(prefers-reduced-motion: no-preference)');
    expect($()('h1').text()).toBe('Redefine What Home Feels Like');
    expect($()('h1')).toHaveLength(1);
    expect($()('.hero-subheadline').text()).toBe('Expert Home Additions & ADU Builders | Bay Area Remodeling Pros');
    expect($()('.hero-rotating').text()).toBe('Architectural Design');
    expect($()('.hero-services .sr-only').text()).toBe(
      'Our services: Architectural Design, New Construction Homes, Home Additions, ADU Construction, Full Home Remodeling, Kitchen and Bath Remodeling.',
    );
    expect(texts($(), '.hero .button-row a')).toEqual([
      'Get a Free Consultation',
      'Explore Our Services',
      'View All Projects',
    ]);
    expect(hrefs($(), '.hero .button-row a')).toEqual(['/contact', '/services', '/gallery']);
  });

  it('has every block of spec section 1 in order', () => {
    const order = $()('main > section')
      .map((_, el) => $()(el).attr('id') ?? $()(el).attr('class'))
      .get();
    expect(order).toEqual([
      'hero',
      'features',
      'featured-projects',
      'section stats-band',
      'services',
      'testimonials',
      'our-story',
      'service-areas',
      'seo-text',
      'consultation',
    ]);
    expect($()('#features-title').text()).toBe('Our Approach to Design & Build');
    expect($()('#features .value-card')).toHaveLength(3);
    $()('#features .value-card').each((_, el) => expect($()(el).find('svg').length).toBe(1));
  });

  it('features the four projects of spec section 3, each linking to its gallery page', () => {
    const tiles = $()('#featured-projects .project-card');
    expect(texts($(), '#featured-projects .project-card h3')).toEqual([
      'Modern Family Home',
      'Hillside Retreat',
      'Contemporary Addition',
      'Minimalist Kitchen',
    ]);
    expect(texts($(), '#featured-projects .project-card .muted')).toEqual([
      'Sunnyvale, CA',
      'Los Altos, CA',
      'Palo Alto, CA',
      'Menlo Park, CA',
    ]);
    expect(texts($(), '#featured-projects .project-card .badge')).toEqual([
      'Custom Home',
      'Full Home Remodeling',
      'Home Addition',
      'Kitchen Remodel',
    ]);
    expect(hrefs($(), '#featured-projects .project-card h3 a')).toEqual([
      '/gallery/1',
      '/gallery/2',
      '/gallery/3',
      '/gallery/4',
    ]);
    expect(tiles.closest('ul').hasClass('card-grid-4')).toBe(true);
  });

  it('shows the stats, services, three testimonials, the story teaser and the 14 cities alphabetically with coordinates', () => {
    const stats = $()('.stats .stat')
      .map((_, el) => `${$()(el).find('dd').text()} ${$()(el).find('dt').text()}`)
      .get();
    expect(stats).toEqual([
      '25+ Years of Experience',
      '300+ Projects Completed',
      '98% Client Satisfaction',
      '25+ Design Awards',
    ]);
    expect($()('#services .service-card')).toHaveLength(5);
    expect($()('#testimonials .testimonial')).toHaveLength(3);
    expect($()('#our-story a').attr('href')).toBe('/about');
    const tiles = $()('#service-areas .area-tile');
    const cities = tiles.map((_, el) => $()(el).text().trim()).get();
    expect(cities).toHaveLength(14);
    expect(cities).toEqual([...cities].sort((a, b) => a.localeCompare(b)));
    tiles.each((_, el) => {
      expect(Number($()(el).attr('data-lat'))).toBeGreaterThan(37);
      expect(Number($()(el).attr('data-lng'))).toBeLessThan(-121);
    });
  });

  it('has the search-engine text with its five links, the form with source homepage, and the hidden popup button', () => {
    expect(hrefs($(), '#seo-text a')).toEqual([
      '/services/home-additions',
      '/services/adu-construction',
      '/services/full-home-remodeling',
      '/services/kitchen-bathroom',
      '/services/custom-homes',
    ]);
    expect($()('#consultation form').attr('data-source')).toBe('homepage');
    const popup = $()('button.popup-trigger');
    expect(popup.text()).toBe('Schedule Now');
    expect(popup.attr('hidden')).toBeDefined();
    expect(popup.attr('aria-controls')).toBe('popup-consultation');
  });

  it('has the popup dialog with the short form: no message field, source popup consultation, hydrated on first use', () => {
    const dialog = $()('dialog#popup-consultation');
    expect(dialog.attr('open')).toBeUndefined();
    expect(dialog.find(`#${dialog.attr('aria-labelledby')}`).text()).toBe('Schedule Your Free Consultation');
    const form = dialog.find('form.consultation-form');
    expect(form.attr('data-source')).toBe('popup consultation');
    expect(
      form
        .find('input:not([name=website]), select, textarea')
        .map((_, el) => $()(el).attr('name'))
        .get(),
    ).toEqual(['full_name', 'email', 'phone', 'zip', 'project_type']);
    form.find('input:not([name=website])').each((_, el) => expect($()(el).attr('required')).toBeDefined());
    // The select always holds a project type (the spec's default first): announced as required, not `required`.
    expect(form.find('select').attr('aria-required')).toBe('true');
    expect(dialog.find('site-island').attr('data-when')).toBe('interaction');
    expect(dialog.find('button[data-close-dialog]').attr('aria-label')).toBe('Close');
  });
});

describe('the consultation form', () => {
  it.each([
    ['index.html', 'homepage'],
    ['contact.html', 'contact-page'],
    ['landing.html', 'landing-cta'],
  ])('on %s has the required fields, labels, the project types and source %s', (file, source) => {
    const $ = site.$(file);
    const form = $('main form.consultation-form').first();
    expect(form.attr('data-source')).toBe(source);
    expect(form.attr('novalidate')).toBeDefined();
    // Usable from the first paint (a submit before hydration is held and made again, form-before-hydration.test.ts);
    // method="dialog" makes a submit before any script go nowhere, never into a URL. The phone and e-mail are beside it.
    expect(form.find('button[type=submit]').attr('disabled')).toBeUndefined();
    expect(form.attr('method')).toBe('dialog');
    expect(form.find('.form-alt a[href^="tel:"]').text()).toBe(BUSINESS.phone);
    expect(form.find('.form-alt a[href^="mailto:"]').text()).toBe(BUSINESS.email);
    const island = form.closest('site-island');
    const props = JSON.parse($(`#site-island-props-${island.attr('data-uid')}`).text()) as {
      source: string;
      emailService: Record<string, string>;
    };
    expect(props.source).toBe(source);
    expect(props.emailService).toEqual({
      publicKey: '',
      serviceId: '',
      templateId: '',
      origin: 'https://api.emailjs.com',
    });
    // React loads when the form is first used on the contact and landing pages, where a page script fills it before.
    expect(island.attr('data-when')).toBe(file === 'index.html' ? 'visible' : 'interaction');
    for (const [name, type, label] of [
      ['full_name', 'text', 'Full Name'],
      ['email', 'email', 'Email Address'],
      ['phone', 'tel', 'Phone Number'],
      ['zip', 'text', 'Zip Code'],
    ]) {
      const input = form.find(`input[name=${name}]`);
      expect(input.attr('type')).toBe(type);
      expect(input.attr('required')).toBeDefined();
      expect(form.find(`label[for="${input.attr('id')}"]`).text()).toBe(label);
    }
    expect(form.find('textarea[name=message]').attr('required')).toBeDefined();
    expect(form.find(`label[for="${form.find('textarea').attr('id')}"]`).text()).toBe('Your Message');
    expect(texts($, 'main form.consultation-form select[name=project_type] option').slice(0, 7)).toEqual([
      'New Construction Home',
      'Home Addition',
      'ADU',
      'Full Home Remodeling',
      'Kitchen Remodeling',
      'Bathroom Remodeling',
      'Other',
    ]);
    expect(form.find('option[selected]').text()).toBe('New Construction Home');
  });
});

describe('about, services and service pages', () => {
  it('about: headline, Our Story, the three values, a call to action to /contact', () => {
    const $ = site.$('about.html');
    expect($('h1').text()).toBe("More Than a Builder — We're Your Peace of Mind");
    expect($('#our-story-title').text()).toBe('Our Story');
    expect($('#our-story p').length).toBeGreaterThanOrEqual(2);
    expect(texts($, '#values h3')).toEqual(['Integrity', 'Craftsmanship', 'Satisfaction Guarantee']);
    expect($('.cta-band a').attr('href')).toBe('/contact');
  });

  it('services: the seven steps verbatim, five service cards, 17 chips, Book Your Consultation', () => {
    const $ = site.$('services.html');
    expect(texts($, '#process .step h3')).toEqual([
      'Initial Consultation',
      'Architectural & Engineering Plans',
      'Interior Design & 3D Renderings',
      'Full Permit Process',
      'Site Preparation & Construction',
      'Full Project Supervision',
      'Final Touch-Ups & Complete Job',
    ]);
    expect(texts($, '#process .step-number')).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect(hrefs($, '#service-list .service-card a')).toEqual([
      '/services/custom-homes',
      '/services/design-build',
      '/services/additions',
      '/services/remodeling',
      '/services/architecture',
    ]);
    expect($('#service-areas .chip')).toHaveLength(17);
    expect($('.cta-band a').text()).toBe('Book Your Consultation');
    expect($('.cta-band a').attr('href')).toBe('/contact');
  });

  it('custom homes: hero, the six offerings and six steps verbatim, the closing call to action', () => {
    const $ = site.$('services/custom-homes.html');
    expect($('h1').text()).toBe('Custom Homes');
    expect($('.page-hero-subtitle').text()).toBe('From raw land to turnkey dream home');
    expect($('#what-we-offer-title').text()).toBe('What We Offer');
    expect(texts($, '#what-we-offer h3')).toEqual([
      'Architectural planning and engineering',
      'Complete permit management',
      'Foundation to finishing details',
      'Full-service interior design integration',
      'Site preparation and excavation',
      'High-end finishes and custom details',
    ]);
    expect(texts($, '#process .step h3')).toEqual([
      'Initial Consultation',
      'Architectural & Engineering Plans',
      'Interior Design & 3D Renderings',
      'Full Permit Process',
      'Construction',
      'Final Touches',
    ]);
    expect($('.cta-band h2').text()).toBe('Ready to Build Your Dream Home?');
    expect($('.cta-band a').text()).toBe('Book Your Consultation');
  });

  it('the other four service pages share the family: hero, offer, process, call to action, figures only from the spec', () => {
    const allowed = [
      '$300-600 per sq ft',
      'from $300 per sq ft',
      '10-14 weeks',
      '10-14 months',
      '3-6 weeks',
      '50-70% of cost',
      '4-6 weeks',
      '3-4 weeks',
    ];
    for (const slug of ['design-build', 'additions', 'remodeling', 'architecture']) {
      const $ = site.$(`services/${slug}.html`);
      expect($('h1').length, slug).toBe(1);
      expect($('#what-we-offer li').length, slug).toBeGreaterThanOrEqual(5);
      expect($('#process .step').length, slug).toBeGreaterThanOrEqual(5);
      expect($('.cta-band a').attr('href'), slug).toBe('/contact');
      for (const figure of texts($, '#cost-and-timeline dd')) expect(allowed, slug).toContain(figure);
    }
    expect(texts(site.$('services/additions.html'), '#cost-and-timeline dd')).toContain('$300-600 per sq ft');
  });

  it('redirects the search-engine block paths to the page covering the same service', () => {
    const redirects = site.text('_redirects');
    expect(redirects).toContain('/services/home-additions /services/additions 301');
    expect(redirects).toContain('/services/adu-construction /services/additions 301');
    expect(redirects).toContain('/services/full-home-remodeling /services/remodeling 301');
    expect(redirects).toContain('/services/kitchen-bathroom /services/remodeling 301');
  });
});

describe('gallery, projects, contact, landing', () => {
  it('gallery: every project (six in the sample), seven filter buttons, the hidden empty-result sentence', () => {
    const $ = site.$('gallery.html');
    expect($('.gallery-grid > li')).toHaveLength(PROJECT_COUNT);
    expect(texts($, '.filter-button')).toEqual([
      'All',
      'Custom Home',
      'Home Addition',
      'ADU',
      'Full Home Remodeling',
      'Kitchen Remodel',
      'Bathroom Remodel',
    ]);
    expect($('.filter-button[aria-pressed=true]').text()).toBe('All');
    const empty = $('.gallery-empty');
    expect(empty.text()).toBe('No projects found in this category. Please check back soon as we update our portfolio.');
    expect(empty.attr('hidden')).toBeDefined();
    $('.gallery-grid .project-card').each((_, el) => {
      expect($(el).find('h3').text().length).toBeGreaterThan(3);
      expect($(el).find('.muted').text()).toMatch(/, CA · Completed 20\d\d$/);
      expect($(el).find('img').attr('src')).toMatch(/^https:\/\/images\.unsplash\.com\//);
    });
  });

  it('project pages: photo, title, location, category, year, description, call to action', () => {
    const $ = site.$('gallery/3.html');
    expect($('h1').text()).toBe('Contemporary Addition');
    expect(texts($, '.project-facts dd')).toEqual(['Palo Alto, CA', 'Home Addition', '2024']);
    expect($('img.project-photo').attr('alt')?.length).toBeGreaterThan(10);
    expect($('.prose p').length).toBeGreaterThanOrEqual(2);
    expect($('.cta-band a').attr('href')).toBe('/contact');
  });

  it('contact: phone, e-mail, address, the business hours verbatim, 18 chips', () => {
    const $ = site.$('contact.html');
    expect($('.contact-details a[href^="tel:"]').text()).toBe(BUSINESS.phone);
    expect($('.contact-details a[href^="mailto:"]').text()).toBe(BUSINESS.email);
    const { city, region, postalCode } = BUSINESS.address;
    expect($('.contact-details address').text()).toContain(`${city}, ${region} ${postalCode}`);
    expect(texts($, '.hours li')).toEqual(['Monday-Friday 8am-6pm', 'Saturday by appointment', 'Sunday closed']);
    expect($('#service-areas .chip')).toHaveLength(18);
  });

  it("landing: quick-quote form, badges and stats, three service cards with the service parameter, seven key cities, and the owner's availability line", () => {
    const $ = site.$('landing.html');
    expect($('.badges li').length).toBeGreaterThanOrEqual(3);
    expect($('.stats .stat')).toHaveLength(4);
    expect(hrefs($, '#landing-services a')).toEqual([
      '/contact?service=new-construction',
      '/contact?service=additions',
      '/contact?service=remodel',
    ]);
    expect(texts($, '#key-cities .chip')).toEqual([
      'Sunnyvale',
      'San Jose',
      'Palo Alto',
      'Mountain View',
      'Atherton',
      'Menlo Park',
      'Los Gatos',
    ]);
    expect($('#landing-testimonial blockquote').length).toBe(1);
    // The client's name and project read as one line, with no gap before the comma (it read 'Jennifer K.   , Home Addition').
    expect($('#landing-testimonial figcaption').text()).not.toMatch(/\s,/);
    expect($('#landing-testimonial figcaption strong').text()).toBe('Jennifer K.');
    expect($('#landing-story p').text().length).toBeGreaterThan(40);
    // The spec's limited-availability call to action, in the owner's words (a placeholder until they confirm it), with no year that goes stale.
    expect($('#availability h2').text()).toBe('Limited Availability');
    expect($('#availability p').first().text()).not.toMatch(/\b20\d\d\b/);
  });
});

describe('blog', () => {
  it('lists every article (six in the sample) with cover, category, date, read time, title, excerpt and Read Article', () => {
    const $ = site.$('blog.html');
    expect($('h1').text()).toBe('Design & Build Insights');
    expect($('.page-hero-subtitle').text()).toBe('Expert advice, inspiration, and industry knowledge from our team.');
    const cards = $('.post-card');
    expect(cards).toHaveLength(POST_COUNT);
    cards.each((_, el) => {
      const card = $(el);
      expect(card.find('img').attr('src')).toMatch(/^https:\/\/images\.unsplash\.com\//);
      expect(card.find('.badge').text().length).toBeGreaterThan(2);
      expect(card.find('time').attr('datetime')).toMatch(/^2025-\d\d-\d\d$/);
      expect(card.find('.post-meta').text()).toMatch(/\d+ min read/);
      expect(card.find('h2').text().length).toBeGreaterThan(10);
      expect(card.find('a.button').text()).toBe('Read Article');
      expect(card.find('a.button').attr('href')).toMatch(/^\/blog\/[a-z-]+$/);
    });
    expect(texts($, '.post-card .badge').sort()).toEqual([
      'ADUs',
      'Home Addition',
      'Interior Design',
      'Kitchen Design',
      'Permits & Regulations',
      'Sustainability',
    ]);
    expect($('.blog-grid').hasClass('card-grid-3')).toBe(true);
    expect($('.cta-band h2').text()).toBe('Ready to Start Your Project?');
    expect($('.cta-band a').text()).toBe('Book Your Consultation');
  });

  it('renders each post in full with its links, a 155-character description and BlogPosting JSON-LD', () => {
    for (const file of html().filter((f) => f.startsWith('blog/'))) {
      const $ = site.$(file);
      const words = $('.prose').text().split(/\s+/).filter(Boolean).length;
      expect(words, file).toBeGreaterThan(550);
      expect($('.prose h2').length, file).toBeGreaterThanOrEqual(3);
      expect($('.post a.back-link').text(), file).toBe('Back to Blog');
      expect($('.post a.back-link').attr('href'), file).toBe('/blog');
      expect($('.post-cta a').text(), file).toBe('Schedule a Consultation');
      expect($('.post-cta a').attr('href'), file).toBe('/contact');
      const description = $('meta[name=description]').attr('content') ?? '';
      expect(description.length, file).toBeLessThanOrEqual(155);
      expect(description.endsWith('…'), file).toBe(true);
      // The description is the opening text as written: no word split where a hyphen stood.
      expect(description, file).not.toMatch(/\b(self|single|well|so) (contained|family|designed|called)\b/);
      const posting = jsonLd($).find((block) => block['@type'] === 'BlogPosting') as Record<string, string>;
      expect(posting.headline, file).toBe($('h1').text());
      expect(posting.datePublished, file).toBe($('time').attr('datetime'));
    }
  });

  it('closes each post in its own words', () => {
    const closings = html()
      .filter((f) => f.startsWith('blog/') && f !== 'blog/index.html')
      .map((file) => site.$(file)('.prose p').last().text());
    expect(closings).toHaveLength(POST_COUNT);
    expect(new Set(closings).size).toBe(POST_COUNT);
    for (const closing of closings) expect(closing).not.toMatch(/300\+ completed projects/);
  });

  it('prints the license line in US English, as the owner fills it in data/business.json', () => {
    const footer = site.$('index.html')('.site-footer').text();
    expect(footer).toContain('CSLB License #');
    expect(footer).not.toMatch(/licence/i);
  });

  it('publishes an RSS feed of every post', () => {
    const feed = site.text('blog/feed.xml');
    expect(feed.match(/<item>/g)).toHaveLength(POST_COUNT);
    expect(feed).toContain(`<link>${SITE_URL}/blog/adu-planning-guide</link>`);
  });
});

describe('not found', () => {
  it('shows the sentence, the service-URL hint and a link home, and is noindex', () => {
    const $ = site.$('404.html');
    expect($('h1').text()).toBe("Oops! The page you're looking for doesn't exist.");
    // The hint says in words how service pages are named, with two real ones, then offers the main pages.
    expect($('.not-found h1 + p').text()).toContain(
      'named after the service and the city, for example ADU Construction in Palo Alto or Room Additions in Sunnyvale',
    );
    expect(hrefs($, '.not-found h1 + p a')).toEqual([
      '/adu-contractor-palo-alto',
      '/room-addition-contractor-sunnyvale',
    ]);
    expect(hrefs($, '.not-found-links a')).toEqual([
      '/services',
      '/services/custom-homes',
      '/services/design-build',
      '/services/additions',
      '/services/remodeling',
      '/services/architecture',
      '/contact',
    ]);
    expect($('.not-found code')).toHaveLength(0);
    expect($('.not-found a[href="/"]').text()).toBe('Return to Home');
    expect($('meta[name=robots]').attr('content')).toContain('noindex');
    expect(site.text('sitemap.xml')).not.toContain('404');
  });
});

describe('admin listing page', () => {
  it('is noindex, out of the sitemap, disallowed in robots.txt, and lists the 99 built pages', () => {
    const $ = site.$('admin-seo-pages.html');
    expect($('meta[name=robots]').attr('content')).toBe('noindex, nofollow');
    expect(site.text('sitemap.xml')).not.toContain('admin-seo-pages');
    expect(site.text('robots.txt')).toContain('Disallow: /admin-seo-pages\n');
    expect($('h1').text()).toBe('Admin Access');
    const props = JSON.parse($('#site-island-props-s0').text()) as {
      salt: string;
      digest: string;
      listing: AdminListing;
    };
    const pages = listedPages(props.listing);
    expect(pages).toHaveLength(99);
    expect(props.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(pages.every((p) => site.has(`${p.path.slice(1)}.html`))).toBe(true);
    expect(new Set(pages.map((p) => p.path)).size).toBe(99);
  });
});
