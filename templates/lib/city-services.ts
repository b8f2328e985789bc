import type { DataIssue } from '../../src/index.ts';
import type { SiteData } from '../site.config.ts';
import { cityInfo, type CityInfo, type ServiceInfo, type ServiceLocation } from './landing-data.ts';

export type CityService = SiteData['cityServices'][number]['pairs'][number];

/** At most this many pages may be kept out of search as too thin to say something of their own. */
export const MAX_THIN_PAIRS = 12;

/** Records by `{service} {city}`, built once per data object: every page looks its record up. */
const indexes = new WeakMap<SiteData['cityServices'], Map<string, CityService>>();

/** The record of one service in one city, if the data has it (the build's check makes sure it does). */
export function cityServiceFor(data: SiteData, location: Pick<ServiceLocation, 'keyword' | 'city'>): CityService | undefined {
  let index = indexes.get(data.cityServices);
  if (!index) {
    index = new Map(data.cityServices.flatMap((file) => file.pairs.map((pair) => [`${pair.service} ${file.city}`, pair] as const)));
    indexes.set(data.cityServices, index);
  }
  return index.get(`${location.keyword} ${location.city}`);
}

/** The permit time of a city, only on the pages of the work it describes. */
export function permitTimeFor(service: ServiceInfo, city: CityInfo): string | undefined {
  const department = city.buildingDepartment;
  return department.permitTime && department.permitTimeServices.includes(service.id) ? department.permitTime : undefined;
}

/**
 * Every landing page needs its record: one file per city named after it, one pair per service, each naming its
 * city, and no more than MAX_THIN_PAIRS marked thin.
 */
export function checkCityServices(data: SiteData): DataIssue[] {
  const issues: DataIssue[] = [];
  // Looked up by id, not searched: a generated site has thousands of cities.
  const fileOf = new Map<string, SiteData['cityServices'][number]>();
  for (const file of data.cityServices) if (!fileOf.has(file.city)) fileOf.set(file.city, file);
  const landingCities = new Set(data.landingPages.cities);
  for (const cityId of data.landingPages.cities) {
    const file = fileOf.get(cityId);
    if (!file) {
      issues.push({ file: `data/city-services/${cityId}.json`, message: `the city "${cityId}" has landing pages but no file of city-service sections.`, hint: `Add data/city-services/${cityId}.json with one record per service.` });
      continue;
    }
    const city = cityInfo(data, cityId);
    for (const keyword of data.landingPages.keywords) {
      const matches = file.pairs.filter((pair) => pair.service === keyword);
      if (matches.length !== 1) {
        issues.push({ file: file.file, field: 'pairs', message: `needs exactly one record for the service "${keyword}" (page /${keyword}-${cityId}); it has ${matches.length}.`, hint: 'Write the section, description and local question for that service in this city.' });
      }
    }
    file.pairs.forEach((pair, index) => {
      // A keyword without service info is reported once, by checkLocations; here only records for no page at all.
      if (!data.landingPages.keywords.includes(pair.service)) {
        issues.push({ file: file.file, field: `pairs[${index}].service`, message: `"${pair.service}" is not one of the service keywords in data/landing-pages.json, so no page shows this record.` });
      }
      if (city && !pair.section.join(' ').includes(city.name)) {
        issues.push({ file: file.file, field: `pairs[${index}].section`, message: `the ${pair.service} section never names ${city.name}.`, hint: 'Say where: a section true of this city and no other names it.' });
      }
    });
  }
  for (const file of data.cityServices) {
    if (file.slug !== file.city) {
      issues.push({ file: file.file, field: 'city', message: `the file is named "${file.slug}" but says it is for "${file.city}".`, hint: 'Name each file after its city id.' });
    }
    if (!landingCities.has(file.city)) {
      issues.push({ file: file.file, field: 'city', message: `"${file.city}" is not one of the landing-page cities in data/landing-pages.json.` });
    }
  }
  const thin = data.cityServices.flatMap((file) => file.pairs.filter((pair) => pair.noindex).map((pair) => `${pair.service}-${file.city}`));
  if (thin.length > MAX_THIN_PAIRS) {
    issues.push({ file: 'data/city-services', message: `${thin.length} pages are marked noindex (${thin.join(', ')}); at most ${MAX_THIN_PAIRS} may be.`, hint: 'Write something true and specific for the others instead of hiding them.' });
  }
  return issues;
}
