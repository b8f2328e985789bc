import type { BreadcrumbList, GeneralContractor, WithContext } from 'schema-dts';
import type { SiteData } from '../collections.ts';
import { deepFreeze } from '../../src/index.ts';

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] as const;

// One block per build: every page carries it, and the engine serialises a deeply frozen block only once.
const businessBlocks = new WeakMap<SiteData, Map<string, WithContext<GeneralContractor>>>();

/** The business as schema.org GeneralContractor (the most specific LocalBusiness type for a builder), frozen. */
export function businessJsonLd(data: SiteData, siteUrl: string): WithContext<GeneralContractor> {
  let bySiteUrl = businessBlocks.get(data);
  if (!bySiteUrl) businessBlocks.set(data, (bySiteUrl = new Map()));
  let block = bySiteUrl.get(siteUrl);
  if (!block) bySiteUrl.set(siteUrl, (block = deepFreeze(businessBlock(data, siteUrl))));
  return block;
}

function businessBlock(data: SiteData, siteUrl: string): WithContext<GeneralContractor> {
  const { business, site } = data;
  return {
    '@context': 'https://schema.org',
    '@type': 'GeneralContractor',
    '@id': `${siteUrl}/#business`,
    name: business.name,
    url: `${siteUrl}/`,
    telephone: business.phone,
    email: business.email,
    priceRange: business.priceRange,
    address: {
      '@type': 'PostalAddress',
      streetAddress: business.address.street,
      addressLocality: business.address.city,
      addressRegion: business.address.region,
      postalCode: business.address.postalCode,
      addressCountry: business.address.country,
    },
    geo: { '@type': 'GeoCoordinates', latitude: business.geo.lat, longitude: business.geo.lng },
    openingHoursSpecification: [
      { '@type': 'OpeningHoursSpecification', dayOfWeek: [...DAYS], opens: business.hours.weekdays.opens, closes: business.hours.weekdays.closes },
    ],
    areaServed: site.serviceAreas.structuredData.map((city) => ({ '@type': 'City', name: city })),
    hasOfferCatalog: {
      '@type': 'OfferCatalog',
      name: 'Design-build services',
      itemListElement: site.offerCatalog.map((name) => ({ '@type': 'Offer', itemOffered: { '@type': 'Service', name } })),
    },
    sameAs: [business.social.facebook, business.social.instagram],
  };
}

/** A BreadcrumbList from a page's breadcrumb trail (see Breadcrumb); the last item is the current page. */
export function breadcrumbJsonLd(items: readonly { name: string; path: string }[], siteUrl: string): WithContext<BreadcrumbList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      item: `${siteUrl}${item.path === '/' ? '/' : item.path}`,
    })),
  };
}
