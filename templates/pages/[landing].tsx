import type { Service, WithContext } from 'schema-dts';
import type { PageContext, PageMeta, StaticPath } from '../../src/index.ts';
import { Faqs } from '../components/faqs.tsx';
import { Layout } from '../components/layout.tsx';
import { LoadingServiceInformation, LocalExpertise, ServiceProjects, WhyChoose } from '../components/landing/landing-sections.tsx';
import { Breadcrumb, CallToAction, Section, TextWithAside, type TrailItem } from '../components/sections.tsx';
import { locationNames, resolveLocation, serviceLocations, type ServiceLocation } from '../lib/landing-data.ts';
import { parseLandingSlug } from '../lib/landing-slug.ts';
import { areasServed, relatedLinks } from '../lib/landing-content.ts';
import { cityServiceFor } from '../lib/city-services.ts';
import { Illustration } from '../components/illustrations.tsx';
import { fitTitle, pageMeta, pageScripts } from '../lib/page-meta.ts';
import { breadcrumbJsonLd } from '../lib/structured-data.ts';
import { LANDING_CACHE_SECONDS } from '../constants.ts';
import type { SiteData } from '../collections.ts';

/** A page's props: none. Its record is its slug, read back by the routing rule (see locationOf). */
type Props = Record<string, never>;

/** Landing pages may be cached for a day (spec: public max-age 86400 s). */
const LANDING_HEADERS: Readonly<Record<string, string>> = { 'Cache-Control': `public, max-age=${LANDING_CACHE_SECONDS}` };
type Context = PageContext<SiteData, Props>;

/** One page per service-location record: `/{keyword}-{city}`. */
export function getStaticPaths({ data }: { data: SiteData }): StaticPath<Props>[] {
  return serviceLocations(data).map((location) => ({ params: { landing: location.slug } }));
}

/**
 * The page's service-location record, read back from its slug by the routing rule (spec section 5), which the data
 * check holds every slug to. A slug that does not read back names no service or city, and the page shows that its
 * information is missing.
 */
function locationOf(context: Context): ServiceLocation {
  const slug = context.params.landing ?? '';
  return { ...(parseLandingSlug(slug) ?? { keyword: '', city: '' }), slug };
}

/** The site's script only, said ahead so the build need not make each page's meta() twice (see PageModule.scripts). */
export function scripts(): readonly string[] {
  return pageScripts();
}

export function meta(context: Context): PageMeta {
  const { data, site } = context;
  const location = locationOf(context);
  const { service, city } = locationNames(data, location);
  const local = cityServiceFor(data, location);
  const headers = LANDING_HEADERS;
  if (!service || !city || !local) return pageMeta(context, { headers, title: `${data.business.name}`, description: 'Loading service information...', robots: 'noindex' });
  const title = fitTitle([`${service.title} in ${city.name}, CA`, `${service.title} in ${city.name}`], data.business.name);
  const serviceJsonLd: WithContext<Service> = {
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
    headers,
    title,
    description: local.description,
    // A thin pair stays useful to a visitor who follows a link, but is kept out of search and the sitemap.
    robots: local.noindex ? 'noindex, follow' : undefined,
    sitemap: local.noindex ? false : undefined,
    jsonLd: [
      serviceJsonLd,
      breadcrumbJsonLd(trailOf(context, `${service.title} in ${city.name}`), site.url),
    ],
  });
}

/** The page's breadcrumb trail, shown on the page and given to search engines. */
function trailOf(context: Context, title: string): TrailItem[] {
  return [
    { name: 'Home', path: '/' },
    { name: 'Services', path: '/services' },
    { name: title, path: context.path },
  ];
}

export default function LandingPage(context: Context) {
  const { data } = context;
  const location = locationOf(context);
  const { service, city } = resolveLocation(data, location);
  const local = cityServiceFor(data, location);
  if (!service || !city || !local) {
    return (
      <Layout context={context}>
        <LoadingServiceInformation />
      </Layout>
    );
  }
  // The service's questions may name the page's city as {city}; the local question is the pair's own.
  const forCity = (text: string) => text.replaceAll('{city}', city.name);
  const faqs = [...service.faqs.map((faq) => ({ question: forCity(faq.question), answer: forCity(faq.answer) })), local.localFaq];
  return (
    <Layout context={context}>
      <div className="page-hero landing-page-hero">
        <div className="container">
          <Breadcrumb trail={trailOf(context, `${service.title} in ${city.name}`)} />
          <h1>{data.site.cityServiceHeading.replace('{service}', service.title).replace('{city}', city.name)}</h1>
          {[local.description, city.description].map((paragraph) => (
            <p key={paragraph.slice(0, 24)} className="page-hero-subtitle">
              {paragraph}
            </p>
          ))}
          <a className="button button-primary" href="/contact">
            Get a Free Consultation
          </a>
        </div>
      </div>
      <Section id="local-guide" title={`${service.title} in ${city.name}`}>
        <TextWithAside paragraphs={local.section} aside={<Illustration name={service.illustration} />} />
      </Section>
      <WhyChoose service={service} city={city} local={local} company={data.business.name} />
      <ServiceProjects service={service} city={city} local={local} />
      <LocalExpertise service={service} city={city} />
      <Faqs faqs={faqs} />
      <Section id="other-services" title={`Other Services We Offer in ${city.name}`} className="section-alt">
        <ul className="chips">
          {relatedLinks(data, location).map((link) => (
            <li key={link.href}>
              <a className="chip" href={link.href}>
                {link.title} in {city.name}
              </a>
            </li>
          ))}
        </ul>
      </Section>
      <CallToAction
        id="landing-cta"
        title={`Ready to Start Your ${city.name} Project?`}
        text={`Tell us about your home in ${city.name}; the first consultation is free.`}
        label="Get a Free Consultation"
      />
    </Layout>
  );
}
