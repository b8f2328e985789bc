// One page per service-location pair, `/{keyword}-{city}.html`, as our engine's templates/pages/[landing].tsx
// makes them: the same records, read by the site's own lib/ functions (TypeScript, through tsx), and the page's
// markup written as template literals (../markup.mjs) rather than rendered by React. The head is written here from
// the page's meta, with the tags our engine's document shell writes (test/bench/eleventy/README.md says what differs).
import { areasServed, relatedLinks } from '@site-templates/lib/landing-content.ts';
import { cityServiceFor, permitTimeFor, serviceListFor } from '@site-templates/lib/city-services.ts';
import { locationNames, resolveLocation, serviceLocations } from '@site-templates/lib/landing-data.ts';
import { parseLandingSlug } from '@site-templates/lib/landing-slug.ts';
import { fitTitle, pageMeta } from '@site-templates/lib/page-meta.ts';
import { breadcrumbJsonLd } from '@site-templates/lib/structured-data.ts';
import {
  attrs,
  breadcrumb,
  callToAction,
  faqs,
  h,
  illustration,
  layout,
  loadingServiceInformation,
  localExpertise,
  raw,
  section,
  serviceProjects,
  textWithAside,
  whyChoose,
} from '../markup.mjs';
import { jsonForScript, siteData } from '../site-data.mjs';

/** The pagination over the pairs (getStaticPaths of [landing].tsx), and each page's path. */
export async function data() {
  const site = await siteData();
  return {
    landings: serviceLocations(site.data).map((location) => location.slug),
    pagination: { data: 'landings', size: 1, alias: 'landing' },
    permalink: ({ landing }) => `/${landing}.html`,
    eleventyExcludeFromCollections: true,
  };
}

/** What a page of our engine receives (PageContext), for the page at `/{landing}`. */
function pageContext(site, landing) {
  const path = `/${landing}`;
  return { data: site.data, params: { landing }, props: {}, path, url: site.info.url + path, site: site.info };
}

/** The page's service-location record, read back from its slug by the routing rule. */
function locationOf(context) {
  const slug = context.params.landing ?? '';
  return { ...(parseLandingSlug(slug) ?? { keyword: '', city: '' }), slug };
}

/** The page's breadcrumb trail, shown on the page and given to search engines. */
function trailOf(context, title) {
  return [
    { name: 'Home', path: '/' },
    { name: 'Services', path: '/services' },
    { name: title, path: context.path },
  ];
}

/** meta() of [landing].tsx: title, description, robots and the JSON-LD blocks. */
function meta(context) {
  const { data, site } = context;
  const location = locationOf(context);
  const { service, city } = locationNames(data, location);
  const local = cityServiceFor(data, location);
  if (!service || !city || !local) {
    return pageMeta(context, {
      title: `${data.business.name}`,
      description: 'Loading service information...',
      robots: 'noindex',
    });
  }
  const title = fitTitle(
    [`${service.title} in ${city.name}, CA`, `${service.title} in ${city.name}`],
    data.business.name,
  );
  const serviceJsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name: `${service.title} in ${city.name}`,
    serviceType: service.keywordLabel,
    description: local.description,
    url: context.url,
    provider: { '@id': `${site.url}/#business` },
    areaServed: areasServed(data, city).map((name) => ({ '@type': 'City', name })),
  };
  return pageMeta(context, {
    title,
    description: local.description,
    robots: local.noindex ? 'noindex, follow' : undefined,
    sitemap: local.noindex ? false : undefined,
    jsonLd: [serviceJsonLd, breadcrumbJsonLd(trailOf(context, `${service.title} in ${city.name}`), site.url)],
  });
}

/** The page's content: the default export of [landing].tsx. */
function landingPage(context) {
  const { data } = context;
  const location = locationOf(context);
  const { service, city } = resolveLocation(data, location);
  const local = cityServiceFor(data, location);
  if (!service || !city || !local) return layout(context, loadingServiceInformation());
  const title = `${service.title} in ${city.name}`;
  const heading = data.site.cityServiceHeading.replace('{service}', service.title).replace('{city}', city.name);
  const subtitles = [local.description, city.description].map((text) => h`<p class="page-hero-subtitle">${text}</p>`);
  const hero = h`<div class="page-hero landing-page-hero"><div class="container">${breadcrumb(trailOf(context, title))}<h1>${heading}</h1>${subtitles}<a class="button button-primary" href="/contact">Get a Free Consultation</a></div></div>`;
  const chips = relatedLinks(data, location).map(
    (link) => h`<li><a class="chip" href="${link.href}">${link.title} in ${city.name}</a></li>`,
  );
  return layout(context, [
    hero,
    section({ id: 'local-guide', title }, textWithAside(local.section, illustration(service.illustration))),
    whyChoose({
      service,
      city,
      company: data.business.name,
      highlights: serviceListFor(service, local, city.id, 'highlights').items,
    }),
    serviceProjects({ service, city, projects: serviceListFor(service, local, city.id, 'commonProjects').items }),
    localExpertise({ city, permitTime: permitTimeFor(service, city) }),
    // The service's questions may name the page's city as {city}, as [landing].tsx fills them.
    faqs([
      ...service.faqs.map((faq) => ({
        question: faq.question.replaceAll('{city}', city.name),
        answer: faq.answer.replaceAll('{city}', city.name),
      })),
      local.localFaq,
    ]),
    section(
      { id: 'other-services', title: `Other Services We Offer in ${city.name}`, className: 'section-alt' },
      h`<ul class="chips">${chips}</ul>`,
    ),
    callToAction({
      id: 'landing-cta',
      title: `Ready to Start Your ${city.name} Project?`,
      text: `Tell us about your home in ${city.name}; the first consultation is free.`,
      label: 'Get a Free Consultation',
    }),
  ]);
}

/** The whole document: the head as our engine's document shell writes it (void tags as React writes them), then the page. */
export async function render({ landing }) {
  const site = await siteData();
  const context = pageContext(site, landing);
  const head = meta(context);
  const image = head.image && (head.image.startsWith('/') ? site.info.url + head.image : head.image);
  const metaTags = [...site.headMeta, ...(head.meta ?? [])].map((tag) => {
    const list = attrs([
      ['name', tag.name],
      ['property', tag.property],
      ['http-equiv', tag.httpEquiv],
      ['content', tag.content],
    ]);
    return h`<meta${list}/>`;
  });
  const links = (head.links ?? []).map((link) => {
    const list = attrs([
      ['rel', link.rel],
      ['href', link.href],
      ['type', link.type],
      ['title', link.title],
      ['sizes', link.sizes],
      ['as', link.as],
      ['crossorigin', link.crossOrigin],
    ]);
    return h`<link${list}/>`;
  });
  const ogImage = image ? h`<meta property="og:image" content="${image}"/>` : '';
  const jsonLd = (head.jsonLd ?? []).map(
    (block) => h`<script type="application/ld+json">${raw(jsonForScript(block))}</script>`,
  );
  const document = h`<!DOCTYPE html><html lang="${site.lang}"><head><meta charset="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/><title>${head.title}</title><meta name="description" content="${head.description}"/><meta name="robots" content="${head.robots ?? 'index, follow'}"/><link rel="canonical" href="${context.url}"/>${metaTags}<meta property="og:type" content="${head.ogType ?? 'website'}"/><meta property="og:site_name" content="${site.siteName}"/><meta property="og:title" content="${head.title}"/><meta property="og:description" content="${head.description}"/><meta property="og:url" content="${context.url}"/>${ogImage}<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}"/>${links}<link rel="preload" href="/assets/inter-latin-wght-400-800.woff2" as="font" type="font/woff2" crossorigin="anonymous"/><link rel="stylesheet" href="/assets/styles.css"/><script type="module" src="/assets/scripts/site.js"></script>${jsonLd}</head><body>${landingPage(context)}</body></html>`;
  return document.toString();
}
