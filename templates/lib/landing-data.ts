import type { DataIssue, JsonFolderRecord } from '../../src/index.ts';
import type * as z from 'zod';
import type { cityInfoSchema } from '../schema/landing.ts';
import type { SiteData } from '../collections.ts';
import { landingSlug, parseLandingSlug } from './landing-slug.ts';
import { priceStatement, type Prices } from './prices.ts';

/** A service's record as data/services.json holds it. */
export type ServiceRecord = SiteData['services'][number];
/** A service as its city-service pages show it: the record, with its cost note worded from site.json's prices. */
export type ServiceInfo = Omit<ServiceRecord, 'cost'> & { costNote: string };
/** A city's whole record (data/cities/{id}.json), read as its pages render. */
export type CityInfo = JsonFolderRecord<z.output<typeof cityInfoSchema>>;
/** What the build holds of every city: enough to name it and find its file. */
export type CitySummary = SiteData['cities']['summaries'][number];

/** A service-location record: one landing page. */
export interface ServiceLocation {
  keyword: string;
  city: string;
  slug: string;
}

/** The 99 records, derived from the keyword and city lists (every keyword in every city). */
export function serviceLocations(data: SiteData): ServiceLocation[] {
  return data.landingPages.cities.flatMap((city) => data.landingPages.keywords.map((keyword) => ({ keyword, city, slug: landingSlug(keyword, city) })));
}

/** Service info and city summaries by id, built once per list (a generated site has thousands of cities). */
const byId = new WeakMap<object, Map<string, unknown>>();
function lookup<T extends { id: string }>(records: readonly T[], id: string): T | undefined {
  let index = byId.get(records) as Map<string, T> | undefined;
  if (!index) {
    index = new Map();
    // The first record of an id, as find() gives; a second is an error of checkCityFiles.
    for (const record of records) if (!index.has(record.id)) index.set(record.id, record);
    byId.set(records, index);
  }
  return index.get(id);
}

/** The summary of the city with an id, if the data has one. */
export function citySummary(cities: SiteData['cities'], id: string): CitySummary | undefined {
  return lookup(cities.summaries, id);
}

/**
 * The whole record of the city with an id, if the data has one: read from its file, which is named after the id
 * (checkCityFiles fails the build before any page renders otherwise), unless read lately.
 */
export function cityInfo(data: Pick<SiteData, 'cities'>, id: string): CityInfo | undefined {
  return data.cities.get(id);
}

/** Each city file is named after its city's id, so a page finds it by the id. */
export function checkCityFiles(data: SiteData): DataIssue[] {
  return data.cities.summaries.flatMap((city): DataIssue[] =>
    city.id === city.slug ? [] : [{ file: city.file, field: 'id', message: `the file is named "${city.slug}" but its id is "${city.id}".`, hint: 'Name each file in data/cities after its city id.' }],
  );
}

/** Positions in a list of ids (the first, as indexOf gives), built once per list. */
const positions = new WeakMap<readonly string[], Map<string, number>>();
export function positionOf(list: readonly string[], id: string): number {
  let index = positions.get(list);
  if (!index) {
    index = new Map();
    for (const [position, item] of list.entries()) if (!index.has(item)) index.set(item, position);
    positions.set(list, index);
  }
  return index.get(id) ?? -1;
}

/** The service info and the city's summary of a record; either may be missing when the data is incomplete. */
export function locationNames(data: SiteData, location: Pick<ServiceLocation, 'keyword' | 'city'>): { service: ServiceRecord | undefined; city: CitySummary | undefined } {
  return { service: lookup(data.services, location.keyword), city: citySummary(data.cities, location.city) };
}

/** The service info and the city's whole record of a record, for its page; either may be missing when the data is incomplete. */
export function resolveLocation(data: SiteData, location: Pick<ServiceLocation, 'keyword' | 'city'>): { service: ServiceInfo | undefined; city: CityInfo | undefined } {
  const record = lookup(data.services, location.keyword);
  return { service: record && serviceInfo(record, data.site.prices), city: cityInfo(data, location.city) };
}

/** A service record as its pages show it: the cost note is the dated prices it names, then what sets a project's cost. */
export function serviceInfo({ cost, ...record }: ServiceRecord, prices: Prices): ServiceInfo {
  return { ...record, costNote: cost ? `${priceStatement(prices, cost.prices)} ${cost.note}` : '' };
}

/** Every record must resolve, and the routing rule must read each slug back to its own city and keyword. */
export function checkLocations(data: SiteData): DataIssue[] {
  return serviceLocations(data).flatMap((location, index): DataIssue[] => {
    const { service, city } = locationNames(data, location);
    const issues: DataIssue[] = [];
    if (!service) {
      issues.push({ file: 'data/services.json', field: `id`, message: `the landing page "${location.slug}" needs service info for "${location.keyword}", and there is none.`, hint: `Add a record with "id": "${location.keyword}" to data/services.json, or remove the keyword from data/landing-pages.json.` });
    }
    if (!city) {
      issues.push({ file: `data/cities/${location.city}.json`, message: `the landing page "${location.slug}" needs city info for "${location.city}", and there is none.`, hint: `Add data/cities/${location.city}.json with "id": "${location.city}", or remove the city from data/landing-pages.json.` });
    }
    const parsed = parseLandingSlug(location.slug);
    if (parsed?.city !== location.city || parsed.keyword !== location.keyword) {
      issues.push({ file: 'data/landing-pages.json', field: `cities`, message: `the slug "${location.slug}" (record ${index}) does not read back as city "${location.city}" under the routing rule.`, hint: 'A multi-word city must be listed in MULTI_WORD_CITIES (templates/lib/landing-slug.ts).' });
    }
    return issues;
  });
}

/** The landing page of a city for a display name such as "Palo Alto", used by the service-area chips. */
export function cityLandingHref(data: SiteData, cityName: string, keyword = 'design-and-build-contractor'): string | undefined {
  const city = data.cities.summaries.find((c) => c.name === cityName);
  if (!city || !data.landingPages.cities.includes(city.id) || !data.landingPages.keywords.includes(keyword)) return undefined;
  return `/${landingSlug(keyword, city.id)}`;
}
